// Diagnostics in the playground: the menu item shows its table in a dialog, the one-off trigger fires when
// harness time passes its due time, and the next opening shows the trigger's rows.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningPlayground, startPlayground } from "../../playground/server/start-playground.ts";
import { type Browser, launchChromium } from "./support/chromium.ts";

let browser: Browser;
let playground: RunningPlayground;

beforeAll(async () => {
  [browser, playground] = await Promise.all([launchChromium(), startPlayground({ port: 0, tickMs: 0 })]);
});

afterAll(async () => {
  await browser?.close();
  await playground?.close();
});

describe("Diagnostics in the playground", () => {
  it("shows the table, and the trigger's rows once it has run", async () => {
    const page = browser.page;
    await page.goto(playground.url);
    await page.locator('td[data-a1="A2"]').filter({ hasText: "." }).waitFor();
    const open = async () => {
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Extensions" }).click();
      await page.getByRole("menuitem", { name: "Enrichment for Sheets" }).click();
      await page.getByRole("menuitem", { name: "Diagnostics" }).click();
    };
    const dialog = page.frameLocator("#html-dialog-frame");
    const rowText = async (fact: string) =>
      await dialog
        .locator("tr", { has: page.locator(`td:text-is("${fact}")`) })
        .locator("td")
        .allTextContents();

    await open();
    await dialog.getByText("The background run ran").waitFor();
    expect(await rowText("How the add-on was installed")).toEqual([
      "How the add-on was installed",
      "from the Google Workspace Marketplace",
      "from the Google Workspace Marketplace",
      "—",
    ]);
    expect(await rowText("A background run 1 hour ahead")).toEqual([
      "A background run 1 hour ahead",
      "allowed",
      "allowed",
      "same",
    ]);
    expect(await dialog.getByText("Background run: its permissions").count()).toBe(0);

    playground.session.harness.clock.advance("61m");
    await open();
    await dialog.getByText("Background run: its permissions").waitFor();
    expect(await rowText("Background run: its permissions")).toEqual([
      "Background run: its permissions",
      "full",
      "full",
      "same",
    ]);
    expect(playground.session.harness.triggers()).toEqual([]);
  });
});
