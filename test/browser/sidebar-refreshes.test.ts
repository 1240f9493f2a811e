// The Refreshes section in Chromium on the playground: a run scheduled with its price per run and per day
// shown before it is saved (asking first), then the rule's last run with its notable changes first, the
// threshold that decides them, and "Select changed cells" selecting them in the sheet.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CellChange } from "../../src/core/changes/change.ts";
import { setLastRun, writeChanges } from "../e2e/refresh-report.ts";
import {
  answerEnrich,
  cellInView,
  charged,
  knownDomains,
  openMenuItem,
  openSidebarPage,
  type SidebarPage,
  selectRange,
} from "./support/sidebar-page.ts";

const ROWS = 20;

describe("the Refreshes section", () => {
  let world: SidebarPage;
  let domains: string[];

  beforeAll(async () => {
    world = await openSidebarPage({
      sheets: [
        { name: "Companies", values: [["Domain"]] },
        { name: "Changes", values: [] },
      ],
    });
    domains = knownDomains(world, ROWS);
    await world.api.post("/api/cells", {
      sheet: "Companies",
      a1: "A1",
      values: [["Domain"], ...domains.map((d) => [d])],
    });
  });

  afterAll(async () => {
    await world?.close();
  });

  it("shows a schedule's price per run and per day before it is saved, and asks first", async () => {
    const { page, sidebar } = world;
    await (await cellInView(page, `A${ROWS + 1}`)).filter({ hasText: domains[ROWS - 1]! }).waitFor();
    await selectRange(page, `A1:A${ROWS + 1}`);
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    await sidebar.getByRole("checkbox", { name: /^Industry/ }).check();
    await sidebar.getByRole("checkbox", { name: /^Employee count/ }).check();
    await sidebar.getByText("Up to 60 credits · 20 organizations × 3 (1 base + 2 for fields)").waitFor();
    await sidebar.getByRole("button", { name: `Enrich ${ROWS} rows` }).click();
    await answerEnrich(sidebar);
    await sidebar.getByText("Enrichment finished").waitFor();

    const before = charged(world);
    await sidebar.getByRole("button", { name: "Schedule this refresh…" }).click();
    await sidebar.getByLabel("Refresh these columns").selectOption("hourly");
    const price = sidebar.getByLabel("Price of this schedule");
    await price.getByText("Up to 60 credits a run · 20 organizations × 3").waitFor();
    await price.getByText("Up to 1,440 credits a day · 24 runs a day").waitFor();
    await sidebar.getByRole("checkbox", { name: /^New rows only/ }).check();
    await price
      .getByText(
        "New rows only: 3 credits per row added or edited since the run before, nothing for the others; a day costs 3 credits per row added that day. None is waiting now: a run that finds no new rows costs nothing.",
      )
      .waitFor();
    await sidebar.getByRole("checkbox", { name: /^New rows only/ }).uncheck();
    await price.getByText("Up to 1,440 credits a day · 24 runs a day").waitFor();

    await sidebar.getByRole("button", { name: "Save schedule" }).click();
    const ask = sidebar.getByRole("alertdialog", { name: "Schedule this refresh?" });
    await ask
      .getByText(
        "Refresh every hour: up to 60 credits a run · 20 organizations × 3; up to 1,440 credits a day · 24 runs a day.",
      )
      .waitFor();
    await ask.getByRole("button", { name: "Save schedule" }).click();
    await sidebar.getByText(/^Scheduled: every hour, next at \d{4}-\d{2}-\d{2} \d{2}:\d{2}\. /).waitFor();
    // Pricing and saving a schedule is free.
    expect(charged(world)).toBe(before);
  });

  it("lists the last run's notable changes first, follows the threshold, and selects the changed cells", async () => {
    const { page, sidebar } = world;
    const gas = world.playground.session.harness;
    const [rule] = gas.run("listRefreshRules") as Array<{ ruleId: string }>;
    const at = gas.clock.now();
    // The rule's run as the refresh engine records it: the cells it changed, and the report on the rule.
    const change = (
      row: number,
      column: number,
      field: string,
      before: CellChange["before"],
      after: CellChange["after"],
    ) => ({
      at,
      ruleId: rule!.ruleId,
      sheetName: "Companies",
      row,
      column,
      organization: domains[row - 2]!,
      field,
      before,
      after,
    });
    const rows = writeChanges(gas, 2, [
      change(3, 3, "employee_count", 1200, 1450),
      change(4, 3, "employee_count", 1000, 1050),
      change(5, 2, "industry", "Software", "Financial services"),
      change(6, 3, "employee_count", 500, 400),
      change(7, 3, "employee_count", 80, 81),
    ]);
    setLastRun(gas, rule!.ruleId, {
      at,
      rowsChecked: ROWS,
      rowsBought: ROWS,
      cellsChanged: 5,
      credits: 60,
      changeRows: rows,
    });

    await sidebar.getByRole("tab", { name: "More" }).click();
    await sidebar.getByRole("button", { name: /^Scheduled refreshes/ }).click();
    // The rule keeps the selection as given, header included (the header row is detected and skipped).
    const title = `Companies!A1:A${ROWS + 1}`;
    await sidebar.getByText(`Last run: ${ROWS} rows checked · 5 cells changed · 60 credits`).waitFor();
    const notable = sidebar.getByRole("list", { name: `Notable changes in ${title}` });
    await notable.getByRole("listitem").first().waitFor();
    expect(await notable.getByRole("listitem").allTextContents()).toEqual([
      `${domains[1]} Employee count 1,200 → 1,450 (+21%)`,
      `${domains[3]} Industry Software → Financial services`,
      `${domains[4]} Employee count 500 → 400 (−20%)`,
    ]);
    await sidebar.getByText("And 2 other changes.").waitFor();

    // A lower threshold for this rule: the +5% is listed too.
    await sidebar.getByRole("button", { name: `Actions for ${title}` }).click();
    const threshold = sidebar.getByLabel("Notable count change (±%)");
    expect(await threshold.inputValue()).toBe("10");
    await threshold.fill("5");
    await sidebar.getByRole("button", { name: "Save", exact: true }).click();
    await sidebar.getByText("Counts that move ±5% or more are listed first.").waitFor();
    await notable.getByText("Employee count 1,000 → 1,050 (+5%)").waitFor();
    expect(await notable.getByRole("listitem").count()).toBe(4);
    await sidebar.getByText("And 1 other change.").waitFor();
    await threshold.fill("0");
    await sidebar.getByRole("button", { name: "Save", exact: true }).click();
    await sidebar.getByText('A count is notable past a change of 1% to 1,000%; got "0".').waitFor();

    await sidebar.getByRole("button", { name: "Select changed cells" }).click();
    await sidebar.getByText("Selected 5 changed cells on Companies.").waitFor();
    expect(gas.selection()).toEqual({ sheet: "Companies", ranges: ["B5", "C3:C4", "C6:C7"] });
    await page.getByRole("tab", { name: "Companies" }).waitFor();
  });
});
