// The More tab in Chromium on the playground and the emulator: an intelligence brief that is pending, then
// arrives in the background and opens in its dialog; and a column of formulas frozen to values, after which
// a recalculation sends nothing.
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { hasEnoughDataForBrief } from "../../emulator/organizations/brief.ts";
import { call } from "../../emulator/testing.ts";
import { type RunningPlayground, startPlayground } from "../../playground/server/start-playground.ts";
import { type Browser, launchChromium } from "./support/chromium.ts";
import { playgroundClient, shown } from "./support/playground-client.ts";
import { confirmPaid } from "./support/sidebar-page.ts";

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
});

async function openMore(playground: RunningPlayground): Promise<FrameLocator> {
  await page.goto(playground.url);
  const sidebar = page.frameLocator("#sidebar-frame");
  await page.getByRole("button", { name: "Extensions" }).click();
  await page.getByRole("menuitem", { name: "Enrichment for Sheets" }).click();
  await page.getByRole("menuitem", { name: "Open sidebar" }).click();
  await sidebar.getByRole("tab", { name: "More", exact: true }).click();
  return sidebar;
}

describe("an intelligence brief", () => {
  let playground: RunningPlayground;
  beforeAll(async () => {
    playground = await startPlayground({ port: 0, tickMs: 0, sheets: [{ name: "Accounts", values: [] }] });
    // A brief that takes longer than one execution waits for (the dispatcher waits at most 30 s): the first
    // poll leaves it pending, and it arrives on a later poll once harness time has passed its Retry-After.
    (playground.emulator!.state.options as { briefRetryAfterSeconds: number }).briefRetryAfterSeconds = 45;
  });
  afterAll(async () => {
    await playground?.close();
  });

  it("is estimated, shown pending, finished in the background and opened from its sheet", async () => {
    const api = playgroundClient(playground.url);
    const { dataset } = playground.emulator!.state;
    const org = dataset.orgs.find((o) => hasEnoughDataForBrief(dataset, o))!;
    await api.post("/api/cells", {
      sheet: "Accounts",
      a1: "A1",
      values: [["Organization id"], [String(org.id)]],
    });
    const sidebar = await openMore(playground);
    await sidebar.getByRole("button", { name: /Intelligence brief/ }).click();
    await api.post("/api/select", { sheet: "Accounts", a1: "A1:A2" });
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    await expect
      .poll(() => sidebar.locator("#brief-estimate").textContent())
      .toBe('Up to 50 credits · 1 brief × 50 · pending and "not enough data" are free');

    await sidebar.getByRole("button", { name: "Request 1 brief" }).click();
    expect(await confirmPaid(sidebar, "Request 1 brief?")).toBe("Up to 50 credits.");
    const status = sidebar.locator("#more-brief-body p.status");
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toBe('0 briefs written to "Briefs"; 1 brief still being generated.');
    expect(await sidebar.getByRole("list", { name: "Briefs" }).count()).toBe(0);
    playground.session.harness.clock.advance("50s");
    await expect
      .poll(() => status.textContent(), { timeout: 20_000 })
      .toBe('Done: 1 brief written to "Briefs".');
    const ledger = call(playground.emulator!.state, "GET", "/__admin/ledger", {
      query: { api_key: [DEMO_API_KEY] },
    }).body.entries as { path: string; credits: number }[];
    expect(ledger.map((e) => [e.path, e.credits])).toEqual([
      [`/v9/organizations/${org.id}/intelligence-brief`, 50],
    ]);
    expect(shown(await api.state("Briefs"), "A2")).toBe(String(org.id));
    // The sidebar saw the briefs finish, so their sheet is opened (it was written behind Accounts).
    await expect.poll(async () => (await api.state()).activeSheet, { timeout: 10_000 }).toBe("Briefs");

    await sidebar.getByRole("list", { name: "Briefs" }).getByRole("button", { name: "View" }).click();
    const dialog = sidebar.getByRole("dialog");
    await dialog.getByRole("heading", { name: `${org.name} intelligence brief` }).waitFor();
    expect(await dialog.locator(".markdown-body h3").count()).toBeGreaterThan(0);
    expect(await dialog.locator(".markdown-body script").count()).toBe(0);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect.poll(() => sidebar.getByRole("dialog").count()).toBe(0);
  });
});

describe("freeze formulas to values", () => {
  let playground: RunningPlayground;
  beforeAll(async () => {
    playground = await startPlayground({ port: 0, tickMs: 0, sheets: [{ name: "Companies", values: [] }] });
  });
  afterAll(async () => {
    await playground?.close();
  });

  it("turns a column of formulas into their values, and a recalculation then sends nothing", async () => {
    const api = playgroundClient(playground.url);
    const orgs = playground.emulator!.state.dataset.orgs.slice(0, 4);
    await api.post("/api/cells", {
      sheet: "Companies",
      a1: "A1",
      values: [["Domain", "Employees"], ...orgs.map((org) => [org.domain, ""])],
    });
    await api.post("/api/cells", {
      sheet: "Companies",
      a1: "B2",
      values: [['=ORG_ATTR(A2:A5, "employee_count")']],
    });
    await api.post("/api/cells", { sheet: "Companies", a1: "C2", values: [["=SUM(B2:B5)"]] });
    const before = await api.state("Companies");
    const employees = orgs.map((org) => String(org.employeeCount));
    expect(["B2", "B3", "B4", "B5"].map((a1) => shown(before, a1))).toEqual(employees);

    const sidebar = await openMore(playground);
    await sidebar.getByRole("button", { name: /Freeze formulas to values/ }).click();
    await api.post("/api/select", { sheet: "Companies", a1: "B1:B5" });
    await sidebar.getByRole("button", { name: "Count formulas" }).click();
    await expect
      .poll(() => sidebar.locator("#more-freeze-body p.status").textContent())
      .toBe("1 add-on formula in Companies!B1:B5 will become its value; other formulas stay.");
    await sidebar.getByRole("button", { name: "Freeze 1 formula" }).click();
    await expect
      .poll(() => sidebar.locator("#more-freeze-body p.status").textContent())
      .toBe("Froze 1 add-on formula in Companies!B1:B5 to its value. Other formulas were left alone.");

    const after = await api.state("Companies");
    expect(["B2", "B3", "B4", "B5"].map((a1) => shown(after, a1))).toEqual(employees);
    expect(after.sheet.cells.filter((c) => c.col === 2 && c.formula)).toEqual([]);
    expect(after.sheet.cells.find((c) => c.row === 2 && c.col === 3)?.formula).toBe("=SUM(B2:B5)");

    const harness = playground.session.harness;
    const fetches = harness.fetches.length;
    harness.recalculate();
    expect(harness.fetches.length).toBe(fetches);
    const recalculated = await api.state("Companies");
    expect(["B2", "B3", "B4", "B5"].map((a1) => shown(recalculated, a1))).toEqual(employees);
    expect(shown(recalculated, "C2")).toBe(shown(before, "C2"));
  });
});
