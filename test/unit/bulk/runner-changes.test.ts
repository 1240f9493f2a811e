// A refresh's change log from the runner: only cells that held the add-on's value and got another, compared
// by value; cells filled for the first time and cells someone typed are not changes; marks spare their notes.
import { beforeEach, describe, expect, it } from "vitest";
import type { OrganizationsRequest, OrganizationsResponse } from "../../../src/api/contract/index.ts";
import type { Outcome } from "../../../src/api/request.ts";
import { readInputColumn } from "../../../src/core/bulk/plan.ts";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import { BulkRunner, type ChangedCell } from "../../../src/core/bulk/runner.ts";
import { type BulkState, createBulkState } from "../../../src/core/bulk/state.ts";
import { changeRow } from "../../../src/core/changes/change-sheet.ts";
import { FakeClock, FakeSheet, utcTimeWords } from "../jobs/fakes.ts";
import { MapJournal } from "./map-journal.ts";

const FIELDS = [
  { kind: "attribute", name: "name" },
  { kind: "attribute", name: "employee_count" },
];

/** Answers "Org <url>" and 100 + its place in the request for every organization. */
function fetch(bodies: OrganizationsRequest[]): Outcome<OrganizationsResponse>[] {
  return bodies.map((body) => {
    const inputs = body.organizations ?? [];
    const value: OrganizationsResponse = {
      id: "r",
      credits_used: inputs.length * 2,
      credits_remaining: 100,
      total: inputs.length,
      matched_count: inputs.length,
      organizations: inputs.map((input, i) => ({
        input,
        attributes: { id: i + 1, name: `Org ${input.url}`, employee_count: 100 + i },
        entities: [],
      })),
    };
    return { ok: true, value, response: { status: 200, headers: {}, body: "" } };
  });
}

function plan(sheet: FakeSheet, policy: "refresh" | "replace") {
  const request = validateEnrichmentRequest({ sheetName: "Leads", inputRange: "A1:A", fields: FIELDS });
  const values = sheet.columnValues(1, 1, sheet.lastRow());
  const input = readInputColumn(values, 1, request.header, true);
  return createBulkState(request, input, { lastColumn: 3, outputColumn: 2, policy });
}

function refresh(
  sheet: FakeSheet,
  copy: FakeSheet,
  clock: FakeClock,
  rowsOnly?: string,
  policy: "refresh" | "replace" = "refresh",
  options: { state?: BulkState; save?: (state: BulkState) => void; appended?: ChangedCell[] } = {},
) {
  const state = options.state ?? plan(sheet, policy);
  if (rowsOnly !== undefined) state.rowsOnly = rowsOnly;
  const appended: ChangedCell[] = options.appended ?? [];
  const runner = new BulkRunner(state, {
    clock,
    deadline: clock.now() + 270_000,
    sheet,
    copy,
    fetch,
    record: journal,
    save: (s) => {
      options.save?.(s);
      return { stopRequested: false };
    },
    changes: {
      ruleId: "rule1",
      timeWords: utcTimeWords,
      append: (changes) => {
        const first = appended.length + 2;
        appended.push(...changes);
        return { first, last: appended.length + 1 };
      },
    },
  });
  const outcome = runner.run();
  return { state, appended, outcome };
}

let journal = new MapJournal();

function leads(): { sheet: FakeSheet; copy: FakeSheet } {
  const sheet = FakeSheet.withColumn("Leads", ["Domain", "org0.com", "org1.com", "org2.com"]);
  const copy = new FakeSheet("Enrichment copy · Leads");
  // What the add-on wrote last time, in the sheet and its copy.
  const written: [string, number | string][] = [
    ["Old name", 100],
    ["Org org1.com", 50],
    ["Org org2.com", ""],
  ];
  written.forEach(([name, count], i) => {
    sheet.set(i + 2, 2, name);
    copy.set(i + 2, 2, name);
    if (count !== "") {
      sheet.set(i + 2, 3, count);
      copy.set(i + 2, 3, count);
    }
  });
  return { sheet, copy };
}

describe("a refresh's change log", () => {
  beforeEach(() => {
    journal = new MapJournal();
  });

  it("logs no change twice when an execution dies after writing and before its checkpoint", () => {
    const { sheet, copy } = leads();
    const clock = new FakeClock();
    let saved = plan(sheet, "refresh");
    const appended: ChangedCell[] = [];
    let saves = 0;
    // The first execution checkpoints its intent, writes the wave and logs its changes, then dies.
    expect(() =>
      refresh(sheet, copy, clock, undefined, "refresh", {
        state: structuredClone(saved),
        appended,
        save: (s) => {
          if (++saves > 1) throw new Error("Exceeded maximum execution time");
          saved = structuredClone(s);
        },
      }),
    ).toThrow("Exceeded maximum execution time");
    expect(appended).toHaveLength(2);
    expect(saved.inFlight).toEqual([0]);
    // The next settles the chunk from the journal: its new values are there already, so nothing is logged.
    const next = refresh(sheet, copy, clock, undefined, "refresh", {
      state: structuredClone(saved),
      appended,
    });
    expect(next.outcome).toBe("done");
    expect(appended.map((c) => [c.change.row, c.change.field])).toEqual([
      [2, "Name"],
      [3, "Employee count"],
    ]);
  });

  it("logs a changed value once, not a value written again, a cell filled for the first time or a typed cell", () => {
    const { sheet, copy } = leads();
    sheet.set(4, 2, "Typed by hand");
    sheet.writeNotes(3, 3, [["Checked with sales"]]);
    const clock = new FakeClock();
    const { state, appended, outcome } = refresh(sheet, copy, clock);
    expect(outcome).toBe("done");
    expect(appended.map((c) => c.change)).toEqual([
      {
        at: clock.now(),
        ruleId: "rule1",
        sheetName: "Leads",
        row: 2,
        column: 2,
        organization: "org0.com",
        field: "Name",
        before: "Old name",
        after: "Org org0.com",
      },
      {
        at: clock.now(),
        ruleId: "rule1",
        sheetName: "Leads",
        row: 3,
        column: 3,
        organization: "org1.com",
        field: "Employee count",
        before: 50,
        after: 101,
      },
    ]);
    expect(state.cellsChanged).toBe(2);
    expect(state.changeRows).toEqual({ first: 2, last: 3 });
    expect(state.rowsBought).toBe(3);
    expect(sheet.value(4, 2)).toBe("Typed by hand");
    expect(sheet.value(4, 3)).toBe(102);
    // The change in B2 is marked; C3 keeps the person's note; the typed and the new cell get none.
    expect(sheet.notes.get("2,2")).toMatch(/^Changed by a refresh at .+\. Before: Old name$/);
    expect(sheet.notes.get("3,3")).toBe("Checked with sales");
    expect(sheet.notes.get("4,2")).toBeUndefined();
    expect(sheet.notes.get("4,3")).toBeUndefined();

    // The same answers again change nothing.
    expect(refresh(sheet, copy, clock).appended).toEqual([]);
  });

  it("records a change in a row whose organization is new since the last run as such", () => {
    const { sheet, copy } = leads();
    const state = plan(sheet, "refresh");
    // Offset 1 is sheet row 3 (org1.com), whose identifier a person edited since the rule's last run.
    state.newOrganizations = "1";
    const { appended } = refresh(sheet, copy, new FakeClock(), undefined, "refresh", { state });
    expect(appended.map((c) => [c.change.row, c.change.field, c.change.newOrganization])).toEqual([
      [2, "Name", undefined],
      [3, "Employee count", true],
    ]);
  });

  it("buys and writes only the rows a new-rows-only run selected", () => {
    const { sheet, copy } = leads();
    const { state, appended, outcome } = refresh(sheet, copy, new FakeClock(), "2");
    expect(outcome).toBe("done");
    expect(state.rowsBought).toBe(1);
    expect(appended).toEqual([]);
    expect(sheet.value(2, 2)).toBe("Old name");
    expect(sheet.value(4, 3)).toBe(100);
  });

  it("logs a typed value an overwrite rule's first run replaces with consent", () => {
    const { sheet, copy } = leads();
    sheet.set(4, 2, "Typed by hand");
    const { appended } = refresh(sheet, copy, new FakeClock(), undefined, "replace");
    expect(appended.map((c) => [c.change.row, c.change.field, c.before, c.after])).toEqual([
      [2, "Name", "Old name", "Org org0.com"],
      [3, "Employee count", 50, 101],
      [4, "Name", "Typed by hand", "Org org2.com"],
    ]);
  });

  it("writes service text into the Changes sheet through the text guard", () => {
    const change = {
      at: Date.UTC(2026, 0, 2),
      ruleId: "r",
      sheetName: "Leads",
      row: 7,
      column: 2,
      organization: '=HYPERLINK("x")',
      field: "Name",
      before: "+1 555",
      after: "=cmd",
    };
    expect(changeRow(change, "+1 555", "=cmd")).toEqual([
      new Date(Date.UTC(2026, 0, 2)),
      "Leads",
      7,
      '\'=HYPERLINK("x")',
      "Name",
      "'+1 555",
      "'=cmd",
      "Value changed",
    ]);
  });
});
