// Issue 30's acceptance: a daily refresh over an open-ended range logs exactly the cells it changed, marks
// them until its next run, buys each organization of the rows it finds once, leaves typed cells alone, and a
// "new rows only" rule buys just the rows appended or edited since its last run.
import { describe, expect, it } from "vitest";
import { INDUSTRIES } from "../../emulator/dataset/catalog/industries.ts";
import { call } from "../../emulator/testing.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import type { RefreshRunView } from "../../src/server/refreshes/index.ts";
import {
  domains,
  FIELDS,
  failure,
  type JobsWorld,
  jobsWorld,
  ledger,
  ledgerTotal,
  loggedCredits,
  run,
  UNIT,
  writesPerRow,
} from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";

const ROWS = 200;
/** Orgs 0–6 (rows 2–8) change headcount: 0–2 past 10%, 3–6 by less; org 10 (row 12) changes industry. */
const HEADCOUNT_ORGS = [0, 1, 2, 3, 4, 5, 6];
const INDUSTRY_ORG = 10;
/** Rows 100–104 get the identifiers of orgs 240–244; rows 202–241 are appended with orgs 200–239. */
const EDITED_ROWS = [100, 101, 102, 103, 104];

async function enrichedWithRule(options: { newRowsOnly?: boolean } = {}) {
  const world = await jobsWorld({ orgs: 300 });
  const { gas, emulator } = world;
  gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, ROWS).map((d) => [d])]);
  const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A", fields: FIELDS });
  run(gas, "pollJobs");
  expect(gas.sheet("Sheet1").values("B1:E1")).toEqual([["Name", "Employee count", "Industry", "Status"]]);
  // Priced before saving: the finished run's rows are enriched, so none is new yet.
  expect(run(gas, "estimateRefreshRule", { jobId: job.jobId, frequency: "daily" })).toEqual({
    unitCost: UNIT,
    runsPerDay: 1,
    everyRow: { organizations: ROWS, perRun: ROWS * UNIT, perDay: ROWS * UNIT },
    newRowsOnly: { organizations: 0, perRun: 0, perDay: 0 },
  });
  const rule = run<RuleView>(gas, "saveRefreshRule", {
    jobId: job.jobId,
    frequency: "daily",
    ...(options.newRowsOnly ? { newRowsOnly: true } : {}),
  });
  return { ...world, rule };
}

/** The emulator's data moves, and the person edits and grows the list. */
function changeTheWorld({ gas, emulator }: JobsWorld) {
  const orgs = emulator.dataset.orgs;
  const headcounts = HEADCOUNT_ORGS.map((i, n) => {
    const org = orgs[i]!;
    const before = org.employeeCount;
    // Three past 10% (+50%), four by at most 5% (at least 1 person).
    const after = n < 3 ? Math.round(before * 1.5) + 1 : before + Math.max(1, Math.floor(before * 0.05));
    const answer = call(emulator, "POST", "/__admin/organizations", {
      body: { id: org.id, employee_count: after },
    });
    expect(answer.status).toBe(200);
    return { row: i + 2, before, after };
  });
  const target = orgs[INDUSTRY_ORG]!;
  const oldIndustry = INDUSTRIES[target.industry]!.name;
  const newIndustry = INDUSTRIES.find((industry) => industry.name !== oldIndustry)!.name;
  call(emulator, "POST", "/__admin/organizations", { body: { id: target.id, industry: newIndustry } });
  const sheet = gas.sheet("Sheet1");
  sheet.set(
    `A${ROWS + 2}`,
    domains(emulator, 40, 200).map((d) => [d]),
  );
  EDITED_ROWS.forEach((row, n) => {
    sheet.set(`A${row}`, domains(emulator, 1, 240 + n)[0]);
  });
  return { headcounts, industry: { row: INDUSTRY_ORG + 2, before: oldIndustry, after: newIndustry } };
}

function changeRows(gas: JobsWorld["gas"]) {
  return gas
    .sheet("Changes")
    .values()
    .slice(1)
    .filter((row) => row[0] !== "")
    .map((row) => ({
      sheet: row[1],
      row: row[2],
      organization: row[3],
      field: row[4],
      before: row[5],
      after: row[6],
      why: row[7],
    }));
}

/** When each Changes row says its run changed the cell (epoch ms). */
function changeTimes(gas: JobsWorld["gas"]): number[] {
  return gas
    .sheet("Changes")
    .values()
    .slice(1)
    .filter((row) => row[0] !== "")
    .map((row) => (row[0] as Date).getTime());
}

// The Changes sheet names fields in the sidebar's words (issue 39).
const FIELD_NAMES = ["Name", "Employee count", "Industry"];

/** What each edited row's cells hold before the run and must hold after (the new organization's values). */
function editedRowChanges(world: JobsWorld, before: unknown[][]) {
  const orgs = world.emulator.dataset.orgs;
  return EDITED_ROWS.flatMap((row, n) => {
    const org = orgs[240 + n]!;
    const after = [org.name, org.employeeCount, INDUSTRIES[org.industry]!.name];
    const old = before[row - 2]!;
    return FIELD_NAMES.flatMap((field, c) =>
      old[c] === after[c]
        ? []
        : [
            {
              sheet: "Sheet1",
              row,
              organization: org.domain,
              field,
              before: old[c],
              after: after[c],
              why: "Different organization in this row",
            },
          ],
    );
  });
}

describe("a refresh's change log", () => {
  it("buys the 240 rows once, logs exactly the changed cells, marks them until the next run, keeps typed cells", async () => {
    const world = await enrichedWithRule();
    const { gas, emulator, clock } = world;
    const sheet = gas.sheet("Sheet1");
    // A cell typed by the person and a note of theirs on a cell the refresh will change.
    sheet.set("D50", "Our own words");
    sheet.setNote("C3", "Checked with sales");
    const { headcounts, industry } = changeTheWorld(world);
    const before = sheet.values(`B2:D${ROWS + 1}`);
    // The rule's price now: 240 organizations every row, or the 45 appended and edited ones.
    expect(run(gas, "estimateRefreshRule", { ruleId: world.rule.ruleId })).toEqual({
      unitCost: UNIT,
      runsPerDay: 1,
      everyRow: { organizations: 240, perRun: 240 * UNIT, perDay: 240 * UNIT },
      newRowsOnly: { organizations: 45, perRun: 45 * UNIT, perDay: 45 * UNIT },
    });

    clock.advance("24h");
    const [rule] = run<RuleView[]>(gas, "listRefreshRules");

    // 240 organizations, once each, in one request at the unit price; the log says exactly the ledger.
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([ROWS * UNIT, 240 * UNIT]);
    expect(logFacts(gas)).toEqual([
      { action: `Enrich Sheet1!A2:A${ROWS + 1}`, kind: "charged", credits: ROWS * UNIT },
      { action: "Refresh Sheet1!A2:A241", kind: "charged", credits: 240 * UNIT },
    ]);
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));

    const domainOf = (row: number) => domains(emulator, 1, row - 2)[0];
    const expected = [
      ...headcounts.map((h) => ({
        sheet: "Sheet1",
        row: h.row,
        organization: domainOf(h.row),
        field: "Employee count",
        before: h.before,
        after: h.after,
        why: "Value changed",
      })),
      {
        sheet: "Sheet1",
        row: industry.row,
        organization: domainOf(industry.row),
        field: "Industry",
        before: industry.before,
        after: industry.after,
        why: "Value changed",
      },
      ...editedRowChanges(world, before),
    ].sort((a, b) => a.row - b.row || FIELD_NAMES.indexOf(a.field) - FIELD_NAMES.indexOf(b.field));
    // 8 cells of the organizations that moved, and the 5 edited rows' 3 cells each (all of them differ).
    expect(editedRowChanges(world, before)).toHaveLength(15);
    expect(expected).toHaveLength(8 + 15);
    expect(changeRows(gas)).toEqual(expected);
    expect(rule!.lastRun).toEqual({
      at: Date.parse(rule!.lastRunAt as string),
      rowsChecked: 240,
      rowsBought: 240,
      cellsChanged: expected.length,
      credits: 240 * UNIT,
      changeRows: { first: 2, last: expected.length + 1 },
    });

    // The sidebar lists the 4 notable changes first: the 3 headcounts past 10% and the industry. The edited
    // rows' cells changed because another organization sits there now: nothing moved, so they are "others".
    const count = (n: number) => n.toLocaleString("en-US");
    const percent = (before: number, after: number) => {
      const p = Math.round(((after - before) / before) * 100);
      return `${p >= 0 ? "+" : "−"}${Math.abs(p)}%`;
    };
    const [runView] = run<RefreshRunView[]>(gas, "refreshRuns");
    expect(runView!.lastRun).toMatchObject({
      notable: [
        ...headcounts.slice(0, 3).map((h) => ({
          kind: "count",
          organization: domainOf(h.row),
          row: h.row,
          words: `Employee count ${count(h.before)} → ${count(h.after)} (${percent(h.before, h.after)})`,
        })),
        {
          kind: "category",
          organization: domainOf(industry.row),
          row: industry.row,
          words: `Industry ${industry.before} → ${industry.after}`,
        },
      ],
      notableTotal: 4,
      others: expected.length - 4,
    });

    // The appended rows are filled; the typed cell and the person's note stay; changed cells are marked.
    expect(sheet.values("B241:E241")).toEqual([
      [
        emulator.dataset.orgs[239]!.name,
        emulator.dataset.orgs[239]!.employeeCount,
        expect.any(String),
        "Found",
      ],
    ]);
    expect(sheet.values("D50")).toEqual([["Our own words"]]);
    expect(sheet.cell("C3").note).toBe("Checked with sales");
    expect(sheet.cell("C2").note).toMatch(
      /^Changed by a refresh at \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\)\. Before: \d+$/,
    );
    // The spreadsheet's zone named, never an ISO timestamp (the harness's spreadsheet is in UTC).
    expect(sheet.cell(`D${industry.row}`).note).toBe(
      `Changed by a refresh at ${new Date(changeTimes(gas)[0]!).toISOString().slice(0, 16).replace("T", " ")} (UTC). Before: ${industry.before}`,
    );
    expect(sheet.cell("C20").note).toBe("");

    // The next run finds nothing changed: no new Changes rows, and the marks are gone (the person's stays).
    clock.advance("24h");
    const [again] = run<RuleView[]>(gas, "listRefreshRules");
    expect(changeRows(gas)).toHaveLength(expected.length);
    expect(again!.lastRun).toMatchObject({ rowsBought: 240, cellsChanged: 0, changeRows: null });
    expect(sheet.cell("C2").note).toBe("");
    expect(sheet.cell(`D${industry.row}`).note).toBe("");
    expect(sheet.cell("C3").note).toBe("Checked with sales");
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
  });

  it('"new rows only" buys just the 45 rows appended or edited, and leaves every other row as it was', async () => {
    const world = await enrichedWithRule({ newRowsOnly: true });
    const { gas, emulator, clock } = world;
    const sheet = gas.sheet("Sheet1");
    // A sort of two rows moves their identifiers and values together: neither is bought nor written.
    const [row20, row21] = [sheet.values("A20:E20")[0]!, sheet.values("A21:E21")[0]!];
    sheet.set("A20", [row21]);
    sheet.set("A21", [row20]);
    const { headcounts } = changeTheWorld(world);
    const before = sheet.values(`B2:D${ROWS + 1}`);
    expect(run(gas, "estimateRefreshRule", { ruleId: world.rule.ruleId })).toMatchObject({
      newRowsOnly: { organizations: 45, perRun: 45 * UNIT },
    });

    clock.advance("24h");
    const [rule] = run<RuleView[]>(gas, "listRefreshRules");
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([ROWS * UNIT, 45 * UNIT]);
    expect(logFacts(gas)).toEqual([
      { action: `Enrich Sheet1!A2:A${ROWS + 1}`, kind: "charged", credits: ROWS * UNIT },
      { action: "Refresh Sheet1!A2:A241", kind: "charged", credits: 45 * UNIT },
    ]);
    // Only the edited rows' cells changed; the headcounts that moved were not bought (their rows are old).
    const edited = editedRowChanges(world, before);
    expect(changeRows(gas)).toEqual(edited);
    expect(rule!.lastRun).toMatchObject({ rowsChecked: 240, rowsBought: 45, cellsChanged: edited.length });
    expect(sheet.values("C2:C8").flat()).toEqual(headcounts.map((h) => h.before));
    expect(sheet.values("A20:E21")).toEqual([row21, row20]);
    // Rows not bought were never written again: one setValues each, the first enrichment's.
    expect(writesPerRow(gas, "Sheet1", "C", 2, 99)).toEqual(new Array(98).fill(1));
    expect(sheet.values("B202:B241").flat()).toEqual(
      emulator.dataset.orgs.slice(200, 240).map((o) => o.name),
    );

    // Nothing new since: the next run buys nothing.
    clock.advance("24h");
    expect(ledger(emulator)).toHaveLength(2);
    const [again] = run<RuleView[]>(gas, "listRefreshRules");
    expect(again!.lastRun).toMatchObject({ rowsChecked: 240, rowsBought: 0, credits: 0 });
  });

  it("Refresh now logs its changes as a scheduled run does", async () => {
    const { gas, emulator, rule } = await enrichedWithRule();
    const org = emulator.dataset.orgs[5]!;
    const was = org.employeeCount;
    call(emulator, "POST", "/__admin/organizations", { body: { id: org.id, employee_count: was + 7 } });
    run(gas, "refreshNow", rule.ruleId);
    run(gas, "pollJobs");
    expect(changeRows(gas)).toEqual([
      {
        sheet: "Sheet1",
        row: 7,
        organization: org.domain,
        field: "Employee count",
        before: was,
        after: was + 7,
        why: "Value changed",
      },
    ]);
    expect(run<RuleView[]>(gas, "listRefreshRules")[0]!.lastRun).toMatchObject({
      rowsChecked: ROWS,
      rowsBought: ROWS,
      cellsChanged: 1,
      credits: ROWS * UNIT,
      changeRows: { first: 2, last: 2 },
    });
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
    // The When column is formatted down the sheet's rows once (later runs' rows land in formatted cells);
    // the Before and After columns keep what Sheets shows for their values.
    const changes = gas.sheet("Changes");
    expect([changes.cell("A2").format, changes.cell("A1000").format, changes.cell("F2").format]).toEqual([
      "yyyy-mm-dd hh:mm",
      "yyyy-mm-dd hh:mm",
      "",
    ]);
  });

  it("finishes and says so when the row prints do not fit, having bought and logged the run", async () => {
    const { gas, emulator, clock } = await enrichedWithRule({ newRowsOnly: true });
    // Other rules' prints fill the prints sheet to its 5 MB allowance.
    const filler = Array.from({ length: 126 }, (_v, i) => [`filler:${i}`, `v${"x".repeat(40_000)}`]);
    gas.sheet("Enrichment row prints").set("A10", filler);
    gas.sheet("Sheet1").set(
      `A${ROWS + 2}`,
      domains(emulator, 3, 200).map((d) => [d]),
    );
    clock.advance("24h");
    const [rule] = run<RuleView[]>(gas, "listRefreshRules");
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([ROWS * UNIT, 3 * UNIT]);
    expect(rule!.lastRun).toMatchObject({ rowsBought: 3, credits: 3 * UNIT });
    expect(rule!.lastResult).toMatch(
      /^Done: .+ Which rows it enriched could not be kept \(This spreadsheet has no room left .+\), so a "new rows only" run also buys rows added before it\.$/,
    );
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
  });

  it("changes a rule's options, and says plainly what it cannot take", async () => {
    const { gas, rule } = await enrichedWithRule();
    const updated = run<RuleView>(gas, "updateRefreshRule", {
      ruleId: rule.ruleId,
      newRowsOnly: true,
      thresholds: { countChange: 0.25 },
    });
    expect(updated).toMatchObject({ newRowsOnly: true, thresholds: { countChange: 0.25 }, lastRun: null });
    expect(run<RuleView[]>(gas, "listRefreshRules")[0]).toEqual(updated);
    expect(failure(gas, "updateRefreshRule", { ruleId: rule.ruleId, newRowsOnly: "yes" })).toBe(
      '"newRowsOnly" must be true or false; got "yes".',
    );
    expect(failure(gas, "updateRefreshRule", { ruleId: rule.ruleId, thresholds: { countChange: -1 } })).toBe(
      "The threshold for counts must be a fraction above 0 and at most 10 (0.1 is ±10%); got -1.",
    );
    expect(failure(gas, "estimateRefreshRule", { ruleId: "nope" })).toBe(
      'There is no scheduled refresh "nope" in this spreadsheet.',
    );
    expect(failure(gas, "updateRefreshRule", { ruleId: "nope" })).toBe(
      'There is no scheduled refresh "nope" in this spreadsheet.',
    );
  });
});
