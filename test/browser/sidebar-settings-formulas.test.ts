// Settings in Chromium: formula results kept and cleared, the sheet check, and the day's service calls.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMenuItem, openSidebarPage, type SidebarPage } from "./support/sidebar-page.ts";

const KEPT_WHERE = " (on every sheet of this spreadsheet, in the 6-hour cache and the durable cache).";
// Organizations, the unit Check this sheet counts; job-title and technology lookups apart when there are any.
const KEPT = new RegExp(
  `^Formula answers kept: (answers for [\\d,]+ organizations?(?: and [\\d,]+ job-title and technology lookups?)?)${KEPT_WHERE.replace(/[().]/g, "\\$&")}$`,
);

describe("cached formula results in Settings", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("says how many are kept, asks with that count, and clears both levels", async () => {
    const { page, sidebar } = world;
    await openMenuItem(page, "Settings");
    // What the number counts and where it is kept, in the words Check this sheet uses (issue 29 point 1).
    const kept = sidebar.getByText(KEPT);
    await kept.waitFor();
    const words = KEPT.exec((await kept.textContent()) ?? "")![1]!;
    const settings = world.playground.session.harness.run("getSettings") as {
      kept: { organizations: number; lookups: number };
    };
    expect(settings.kept.organizations).toBeGreaterThan(0);
    expect(words).toContain(
      `answers for ${settings.kept.organizations.toLocaleString("en-US")} organization`,
    );
    await sidebar.getByRole("button", { name: "Clear cached results…" }).click();
    await sidebar.getByRole("button", { name: `Clear ${words}` }).click();
    await sidebar.getByText(`Cleared ${words}.`).waitFor();
    await sidebar.getByText(`Formula answers kept: answers for 0 organizations${KEPT_WHERE}`).waitFor();
    expect(world.playground.session.harness.run("getSettings")).toMatchObject({
      kept: { organizations: 0, lookups: 0 },
    });
  });

  it("shows what each store holds, and clearing cached results frees their room in the spreadsheet's storage", async () => {
    const { page, sidebar, playground } = world;
    const gas = playground.session.harness;
    // Formulas still computing would cache, and move the figures this test reads, under its feet.
    await expect.poll(async () => (await world.api.state()).calculating, { timeout: 60_000 }).toBe(false);
    // Results kept in the spreadsheet's storage, as a filled column leaves them.
    gas.properties.document().put({ "dc:b0": `{"g":1,"s":{}}${" ".repeat(4_000)}` });
    await openMenuItem(page, "Settings");
    await sidebar.getByRole("button", { name: "Show storage" }).click();
    await sidebar
      .getByText(
        /^This spreadsheet: [\d.]+ KB of 500\.0 KB used; 32\.0 KB of it is kept for paid-request records\.$/,
      )
      .waitFor();
    const cachedRow = sidebar.getByText(/^Cached formula results: [\d.]+ KB \([\d,]+ values?\)$/);
    const before = Number(/: ([\d.]+) KB/.exec((await cachedRow.textContent()) ?? "")![1]);
    expect(before).toBeGreaterThanOrEqual(3.9);
    await sidebar.getByRole("button", { name: "Clear cached results…" }).click();
    await sidebar.getByRole("button", { name: /^Clear answers for [\d,]+ organizations?/ }).click();
    await sidebar.getByText(/^Cleared answers for [\d,]+ organizations?/).waitFor();
    await sidebar.getByRole("button", { name: "Show again" }).click();
    await expect
      .poll(async () => Number(/: ([\d.]+) KB/.exec((await cachedRow.textContent()) ?? "")?.[1] ?? "0"))
      .toBeLessThan(0.1);
    expect(Object.keys(gas.properties.document().snapshot()).filter((k) => k.startsWith("dc:b"))).toEqual([]);
  });

  it("checks the sheet in view: its organizations, how many have kept answers, what the rest could cost", async () => {
    const { page, sidebar } = world;
    await page.getByRole("tab", { name: "Examples" }).click();
    await openMenuItem(page, "Settings");
    await sidebar.getByRole("button", { name: "Check this sheet" }).click();
    const status = sidebar.getByText(/^"[^"]+": [\d,]+ formula cells?, /);
    await status.waitFor();
    const text = (await status.textContent()) ?? "";
    const expected = world.playground.session.harness.run("formulaSheetStatus") as {
      formulasSpentToday: number;
      formulaCells: number;
      organizations: number;
      keptOrganizations: number;
    };
    expect(text).toContain(`${expected.formulaCells.toLocaleString("en-US")} formula cell`);
    // Organizations, the unit Settings' "Formula answers kept" counts, from the same function.
    expect(text).toContain(
      `naming ${expected.organizations.toLocaleString("en-US")} organization${expected.organizations === 1 ? "" : "s"}: ${expected.keptOrganizations.toLocaleString("en-US")} with kept answers`,
    );
    // The sample sheets' formulas were fetched as they opened: today's spend is said, and on a sheet with
    // ORG_ATTR cells how many of its answers were fetched lately.
    expect(expected.organizations).toBeGreaterThan(0);
    expect(text).toMatch(
      /(None of its organizations' kept answers was|[\d,]+ of its organizations' kept answers (was|were)) fetched in the last 24 hours\./,
    );
    expect(text).toContain(
      `Formulas in this spreadsheet spent ${expected.formulasSpentToday.toLocaleString("en-US")} credits today (since 00:00 (UTC)).`,
    );
    expect(expected.formulasSpentToday).toBeGreaterThan(0);
  });

  it("is a quiet line well below the limit, and a warning from 80%", async () => {
    const { page, sidebar, playground, api } = world;
    const gas = playground.session.harness;
    // Formulas still computing would fetch, and move the count this test sets, under its feet.
    await expect.poll(async () => (await api.state()).calculating, { timeout: 60_000 }).toBe(false);
    const user = gas.properties.user();
    const window = `${gas.clock.now()}|`;
    user.put({ urlfetch_day: `${window}1200` });
    await openMenuItem(page, "Settings");
    // The count may have moved on by a call or two the sidebar itself made meanwhile (reading credits).
    // It says what it counts (every request this account's executions sent, formulas' too) and since when.
    await sidebar
      .getByText(
        /^Requests to the service since \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\): 1,2\d\d of the 20,000 Apps Script allows this account in 24 hours \(formulas, runs and the sidebar, in every spreadsheet\); the count starts again 24 hours after that\.$/,
      )
      .waitFor();
    user.put({ urlfetch_day: `${window}16500` });
    await openMenuItem(page, "Settings");
    await sidebar.getByText("Close to today's limit of service calls").waitFor();
    await sidebar
      .getByText(/^Requests to the service since \d{4}-\d\d-\d\d \d\d:\d\d \(UTC\): 16,5\d\d of the 20,000/)
      .waitFor();
  });
});
