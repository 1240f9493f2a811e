// The Enrich tab in Chromium on the playground: a 50-row selection enriched into new columns, the estimate
// shown before anything is spent, the progress bar moving to the end, the summary and the real cost.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answerEnrich,
  cell,
  cellInView,
  charged,
  knownDomains,
  openMenuItem,
  openSidebarPage,
  recordProgress,
  type SidebarPage,
  selectRange,
} from "./support/sidebar-page.ts";

describe("enriching a 50-row selection from the sidebar", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("shows the estimate first, moves the progress bar, and writes new columns for what it estimated", async () => {
    const { page, sidebar, api } = world;
    const domains = knownDomains(world, 50);
    await api.post("/api/cells", {
      sheet: "Companies",
      a1: "A1",
      values: [["Domain"], ...domains.map((d) => [d])],
    });
    await (await cellInView(page, "A51")).filter({ hasText: domains[49]! }).waitFor();
    await selectRange(page, "A1:A51");
    await openMenuItem(page, "Enrich selection…");

    await sidebar.getByRole("button", { name: "Use selection" }).click();
    await sidebar.getByText("Companies!A2:A51 · 50 rows · 50 unique").waitFor();
    await sidebar.getByText("Header “Domain” skipped.").waitFor();
    await sidebar.getByRole("checkbox", { name: /^Industry/ }).check();
    await sidebar.getByRole("checkbox", { name: /^Employee count/ }).check();

    // The estimate comes first; nothing has been spent for it (the sample sheet's formulas spent before).
    const before = charged(world);
    await sidebar.getByText("Up to 150 credits · 50 organizations × 3 (1 base + 2 for fields)").waitFor();
    expect(charged(world)).toBe(before);
    const enrich = sidebar.getByRole("button", { name: "Enrich 50 rows" });
    await expect.poll(() => enrich.isEnabled()).toBe(true);

    const progress = await recordProgress(page);
    await enrich.click();
    await answerEnrich(sidebar);
    await sidebar.getByText("Enrichment finished").waitFor();
    const seen = await progress();
    expect(seen[0]).toBe(0);
    expect(seen[seen.length - 1]).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    await sidebar.getByText("50 of 50 rows", { exact: false }).first().waitFor();

    const summary = sidebar.getByRole("definition");
    expect(await summary.allTextContents()).toEqual(["50", "0", "0"]);
    // The sample sheet's formulas bought 3 of these organizations (by domain, URL and e-mail) with both fields,
    // filed in the purchase record by the sidebar's first call: the run buys the other 47.
    expect(charged(world) - before).toBe(141);
    await sidebar.getByText(/^Spent 141 credits · [\d,]+ left$/).waitFor();

    // The first paid run made the "Enrichment log" sheet, which Sheets shows when it is inserted.
    await page.getByRole("tab", { name: "Companies" }).click();
    await cell(page, "B1").filter({ hasText: "Industry" }).waitFor();
    await cell(page, "C1").filter({ hasText: "Employee count" }).waitFor();
    await cell(page, "D1").filter({ hasText: "Status" }).waitFor();
    const state = await api.state("Companies");
    const shown = (a1: string) =>
      state.sheet.cells.find((c) => `${String.fromCharCode(64 + c.col)}${c.row}` === a1);
    for (let row = 2; row <= 51; row++) {
      expect(shown(`B${row}`)?.display, `B${row}`).toMatch(/\S/);
      expect(shown(`C${row}`)?.display, `C${row}`).toMatch(/^\d+$/);
    }
    expect(shown("A2")?.display).toBe(domains[0]);
  });

  it("offers to schedule the run as a refresh of the same columns", async () => {
    const { sidebar } = world;
    await sidebar.getByRole("button", { name: "Schedule this refresh…" }).click();
    await sidebar.getByLabel("Refresh these columns").selectOption("weekly");
    // Its price per run and per day shows before it is saved, and saving asks first.
    await sidebar.getByText("Up to 150 credits a week · about 22 a day").waitFor();
    await sidebar.getByRole("button", { name: "Save schedule" }).click();
    const ask = sidebar.getByRole("alertdialog", { name: "Schedule this refresh?" });
    await ask.getByRole("button", { name: "Save schedule" }).click();
    // The next run in the sheets' one date order, not the locale's m/d/yyyy.
    await sidebar
      .getByText(/^Scheduled: every week, next at \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\)\. /)
      .waitFor();
  });
});
