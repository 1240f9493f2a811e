// The playground page in Chromium: grid, add-on menu, sidebar, bridge, and a screenshot small enough for the README.
import { fileURLToPath } from "node:url";
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleOrganizations } from "../../playground/server/sample-sheets.ts";
import { type RunningPlayground, startPlayground } from "../../playground/server/start-playground.ts";
import { paletteFromScreenshot } from "../../scripts/lib/png-palette.ts";
import { KEY_TEXT_MESSAGES } from "../../src/server/settings/key-text.ts";
import { type Browser, launchChromium } from "./support/chromium.ts";
import { playgroundClient } from "./support/playground-client.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/harness/formulas.js", import.meta.url));

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

const cell = (page: Page, a1: string) => page.locator(`td[data-a1="${a1}"]`);

async function typeInto(page: Page, a1: string, text: string): Promise<void> {
  await cell(page, a1).click();
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

async function openMenuItem(page: Page, addon: string, label: string): Promise<void> {
  await page.getByRole("button", { name: "Extensions" }).click();
  await page.getByRole("menuitem", { name: addon }).click();
  await page.getByRole("menuitem", { name: label }).click();
}

/** Runs google.script.run inside the sidebar and resolves with what the handler received. */
async function callInSidebar(page: Page, code: string): Promise<unknown> {
  const frame = await (await page.locator("#sidebar-frame").elementHandle())?.contentFrame();
  if (!frame) throw new Error("the sidebar frame is not there");
  return frame.evaluate(
    (source) =>
      new Promise((resolve) => {
        // The code gets `done` to call from its handlers.
        new Function("done", "google", source)(
          resolve,
          (globalThis as unknown as { google: unknown }).google,
        );
      }),
    code,
  );
}

describe("the playground page on the add-on and the emulator", () => {
  let playground: RunningPlayground;
  let page: Page;
  let sidebar: FrameLocator;

  beforeAll(async () => {
    playground = await startPlayground({ port: 0, tickMs: 0 });
    page = browser.page;
    await page.goto(playground.url);
    sidebar = page.frameLocator("#sidebar-frame");
  });

  afterAll(async () => {
    await playground?.close();
  });

  const employees = (count: number) =>
    sampleOrganizations(playground.emulator!.state.dataset.orgs, count).map((org) =>
      String(org.employeeCount),
    );

  it("shows the sample sheet of company domains", async () => {
    const first = sampleOrganizations(playground.emulator!.state.dataset.orgs, 1)[0]!;
    await expect.poll(() => cell(page, "A2").textContent()).toBe(first.domain);
    await expect
      .poll(() => page.getByRole("tab", { name: "Companies" }).getAttribute("aria-selected"))
      .toBe("true");
  });

  it("fills a custom function's spill when a formula is typed, and a built-in sums it", async () => {
    await typeInto(page, "B2", '=ORG_ATTR(A2:A6, "employee_count")');
    await expect.poll(() => cell(page, "B6").textContent()).toBe(employees(5)[4]);
    const column = await Promise.all(
      ["B2", "B3", "B4", "B5", "B6"].map((a1) => cell(page, a1).textContent()),
    );
    expect(column).toEqual(employees(5));
    await typeInto(page, "C2", "=SUM(B2:B6)");
    const total = employees(5).reduce((sum, n) => sum + Number(n), 0);
    await expect.poll(() => cell(page, "C2").textContent()).toBe(String(total));
  });

  it("shows a cell's formula in the formula bar when it is selected", async () => {
    await cell(page, "B2").click();
    await expect
      .poll(() => page.getByLabel("Formula bar").inputValue())
      .toBe('=ORG_ATTR(A2:A6, "employee_count")');
    await expect.poll(() => page.getByLabel("Name box").inputValue()).toBe("B2");
  });

  it("opens the real sidebar from the add-on menu, its Settings loaded through google.script.run", async () => {
    await openMenuItem(page, "Enrichment for Sheets", "Settings");
    await expect.poll(() => page.locator("#sidebar").isVisible()).toBe(true);
    await sidebar.getByText("Team key").waitFor();
    expect(await sidebar.locator("code").first().textContent()).toBe("…cdef");
  });

  it("hands a server function's value and the user object to the success handler", async () => {
    const received = await callInSidebar(
      page,
      `google.script.run.withSuccessHandler((value, user) => done({ masked: value.key.masked, user }))
        .withUserObject({ row: 7 }).getSettings();`,
    );
    expect(received).toEqual({ masked: "…cdef", user: { row: 7 } });
  });

  it("hands the server's error message and the user object to the failure handler", async () => {
    const received = await callInSidebar(
      page,
      `google.script.run.withFailureHandler((error, user) => done({ message: error.message, user }))
        .withUserObject("key field").saveApiKey("");`,
    );
    expect(received).toEqual({ message: KEY_TEXT_MESSAGES.empty, user: "key field" });
  });

  it("refuses values google.script.run cannot carry before calling the server", async () => {
    const received = await callInSidebar(
      page,
      `google.script.run.withFailureHandler((error) => done(error.message)).saveApiKey(new Date());`,
    );
    expect(received).toBe("Failed due to illegal value in property: 0");
  });

  // The README's picture is taken on purpose by `npm run screenshots`; this checks the palette keeps it small.
  it("takes a screenshot of the grid and the sidebar small enough for the README", async () => {
    await typeInto(page, "B1", "Employees");
    await typeInto(page, "C1", "Total");
    await cell(page, "C1").filter({ hasText: "Total" }).waitFor();
    await cell(page, "B2").click();
    const png = paletteFromScreenshot(await page.screenshot({ type: "png" }));
    expect(png.length).toBeLessThan(100_000);
  });

  it("gives the grid the keyboard when the sidebar asks google.script.host.editor to", async () => {
    await sidebar.getByRole("button", { name: "Save key" }).focus();
    await callInSidebar(page, "google.script.host.editor.focus(); done(null);");
    await expect.poll(() => page.locator('table[aria-label="Sheet"]:focus').count()).toBe(1);
  });

  it("closes the sidebar when the sidebar asks google.script.host to", async () => {
    await callInSidebar(page, "google.script.host.close(); done(null);");
    await expect.poll(() => page.locator("#sidebar").isVisible()).toBe(false);
  });
});

describe("the playground page on a project that asks the person", () => {
  let playground: RunningPlayground;
  let page: Page;

  beforeAll(async () => {
    playground = await startPlayground({
      port: 0,
      tickMs: 0,
      addonBundle: FIXTURE,
      sheets: [{ name: "Sheet1", values: [["start"]] }],
    });
    page = browser.page;
    await page.goto(playground.url);
    await cell(page, "A1").filter({ hasText: "start" }).waitFor();
  });

  afterAll(async () => {
    await playground?.close();
  });

  /** Runs code in a server execution, as a sidebar's google.script.run call would. */
  const probe = (code: string) =>
    page.evaluate(
      (source) =>
        (
          globalThis as unknown as {
            playgroundHost: { call(name: string, args: unknown[]): Promise<unknown> };
          }
        ).playgroundHost.call("probe", [source]),
      code,
    );

  it("shows a prompt as a dialog and finishes the action with the answer", async () => {
    await openMenuItem(page, "Enrichment for Sheets", "Ask a name");
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Your name?").waitFor();
    await dialog.getByLabel("Answer").fill("Ada");
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => cell(page, "A1").textContent()).toBe("Ada");
  });

  it("shows a modal dialog's HTML, which google.script.host.close() closes", async () => {
    const html = `<p>Hello from the dialog</p><button onclick="google.script.host.close()">Done</button>`;
    await probe(
      `SpreadsheetApp.getUi().showModalDialog(HtmlService.createHtmlOutput(${JSON.stringify(html)}).setWidth(320).setHeight(160), "Greeting")`,
    );
    const dialog = page.getByRole("dialog", { name: "Greeting" });
    const frame = page.frameLocator("#html-dialog-frame");
    await frame.getByText("Hello from the dialog").waitFor();
    await frame.getByRole("button", { name: "Done" }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
  });

  it("shows changes made elsewhere without a reload", async () => {
    await playgroundClient(playground.url).post("/api/cells", {
      sheet: "Sheet1",
      a1: "B1",
      values: [["typed in another window"]],
    });
    await expect.poll(() => cell(page, "B1").textContent()).toBe("typed in another window");
  });

  it("shows a spreadsheet toast", async () => {
    await probe(`SpreadsheetApp.getActive().toast("Enriched 3 rows", "Enrichment"); "ok"`);
    await page.getByRole("status").filter({ hasText: "Enriched 3 rows" }).waitFor();
  });
});
