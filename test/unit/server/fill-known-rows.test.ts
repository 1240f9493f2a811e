// A "new rows only" refresh filling an edited row from the cells its organization showed on another row:
// the add-on's own different value is replaced, logged to Changes and marked with a note, unless the
// person has a note of their own there.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import { CHANGES_SHEET } from "../../../src/core/changes/change-sheet.ts";
import { rowPrints } from "../../../src/core/changes/row-prints.ts";
import { planRun } from "../../../src/server/bulk/plan-run.ts";
import { FakeSheet, FakeWorkbook } from "../jobs/fakes.ts";

// The Changes sheet's append takes the document lock and remembers its date formats: none here.
vi.mock("../../../src/platform/lock", () => ({
  jobsMutex: () => ({ runExclusive: <T>(fn: () => T) => fn() }),
}));
vi.mock("../../../src/platform/format-memory", () => ({
  formatMemory: () => ({ recall: () => null, remember: () => undefined }),
}));
vi.mock("../../../src/platform/active-range", () => ({ flushWrites: () => undefined }));
// The spreadsheet's zone (UTC here) without Utilities.formatDate: the jobs fakes' UTC clock words.
vi.mock("../../../src/platform/spreadsheet-time", async () => {
  const { utcTimeWords } = await import("../jobs/fakes.ts");
  return { timeWordsOf: (timeZone: string) => ({ ...utcTimeWords(), timeZone }) };
});

const { rowsNow } = await import("../../../src/server/jobs/refresh-changes.ts");
const { fillKnownRows } = await import("../../../src/server/jobs/refresh-known.ts");

const AT = Date.UTC(2026, 10, 29, 14, 5);

let workbook: FakeWorkbook;
let sheet: FakeSheet;

beforeEach(() => {
  sheet = new FakeSheet("Leads");
  sheet.writeValues(1, 1, [
    ["Website", "Industry"],
    ["acme.com", "Software"],
    ["globex.com", "Energy"],
    ["initech.com", "Banking"],
  ]);
  workbook = new FakeWorkbook(sheet);
});

/** The rule's last run as the sheet shows it, then A3 and A4 edited to acme.com, and a refresh's fill. */
function fillEdited(earlier?: { cellsChanged: number; changeRows: { first: number; last: number } }) {
  const request = validateEnrichmentRequest({
    sheetName: "Leads",
    inputRange: "A2:A",
    fields: [{ kind: "attribute", name: "industry" }],
  });
  const { state } = planRun(request, workbook, { outputColumn: 2 });
  if (earlier) Object.assign(state, earlier);
  const before = rowsNow(sheet, state);
  const previous = rowPrints(before.reads, before.outputs);
  const copy = before.outputs.map((line) => [...line]);
  sheet.set(3, 1, "acme.com");
  sheet.set(4, 1, "acme.com");
  const now = rowsNow(sheet, state);
  const filled = fillKnownRows(workbook, null, "rule-1", sheet, state, {
    ...now,
    previous,
    offsets: [1, 2],
    copy,
    written: copy,
    at: AT,
  });
  return { filled, state };
}

describe("fillKnownRows", () => {
  it("replaces the add-on's values, logs each change and marks the cell", () => {
    const { filled, state } = fillEdited();
    expect(filled).toEqual([1, 2]);
    expect(sheet.columnValues(2, 2, 4)).toEqual(["Software", "Software", "Software"]);
    expect(state.cellsChanged).toBe(2);
    expect(state.changeRows).toEqual({ first: 2, last: 3 });
    expect(workbook.sheet(CHANGES_SHEET)?.lastRow()).toBe(3);
    expect([sheet.notes.get("3,2"), sheet.notes.get("4,2")]).toEqual([
      "Changed by a refresh at 2026-11-29 14:05 (UTC). Before: Energy",
      "Changed by a refresh at 2026-11-29 14:05 (UTC). Before: Banking",
    ]);
  });

  it("keeps the person's own note, replaces an earlier refresh's mark, and adds to the rule's counts", () => {
    sheet.notes.set("3,2", "Checked by hand");
    sheet.notes.set("4,2", "Changed by a refresh at 2026-11-28 09:00 (UTC). Before: Retail");
    // The rule's earlier run logged one change, on row 2 of Changes.
    const changes = new FakeSheet(CHANGES_SHEET);
    changes.writeValues(1, 1, [["When"], ["earlier"]]);
    workbook.sheets.push(changes);
    const { state } = fillEdited({ cellsChanged: 1, changeRows: { first: 2, last: 2 } });
    expect([sheet.notes.get("3,2"), sheet.notes.get("4,2")]).toEqual([
      "Checked by hand",
      "Changed by a refresh at 2026-11-29 14:05 (UTC). Before: Banking",
    ]);
    expect(state.cellsChanged).toBe(3);
    expect(state.changeRows).toEqual({ first: 2, last: 4 });
    expect(changes.lastRow()).toBe(4);
  });
});
