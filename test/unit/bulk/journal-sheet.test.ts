// The bulk run's journal sheet: what a run bought, read back whole by a later execution.
import { describe, expect, it } from "vitest";
import {
  dropJournal,
  journalSheetName,
  PIECE_CHARS,
  sheetJournal,
} from "../../../src/core/bulk/journal-sheet.ts";
import { FakeWorkbook } from "../jobs/fakes.ts";

describe("sheetJournal", () => {
  it("makes no sheet until the first purchase, then one hidden sheet named after the job", () => {
    const workbook = new FakeWorkbook();
    const journal = sheetJournal(workbook, "job-1");
    expect(journal.load()).toEqual(new Map());
    expect(workbook.sheetNames()).toEqual([]);
    journal.put([{ entityKey: "d:acme.com", matched: false }], 0);
    expect(workbook.sheetNames()).toEqual([journalSheetName("job-1")]);
  });

  it("gives a later execution every answer as written, long text, formula-like text and numbers included", () => {
    const workbook = new FakeWorkbook();
    const long = 'é"\\'.repeat(PIECE_CHARS);
    sheetJournal(workbook, "job-2").put(
      [
        {
          entityKey: "d:a.com",
          matched: true,
          values: { name: "=1+1", employee_count: 12, tags: ["x", "y"] },
        },
        { entityKey: "d:b.com", matched: false },
      ],
      3,
    );
    sheetJournal(workbook, "job-2").put(
      [{ entityKey: "d:c.com", matched: true, values: { name: "00123", description: long, status: null } }],
      5,
    );
    const reader = sheetJournal(workbook, "job-2");
    const later = reader.load();
    // What each wave cost, in order, for a resume to log what a killed execution did not.
    expect(reader.waveCredits()).toEqual([3, 5]);
    expect(later).toEqual(
      new Map([
        ["d:a.com", { matched: true, values: { name: "=1+1", employee_count: 12, tags: ["x", "y"] } }],
        ["d:b.com", { matched: false }],
        ["d:c.com", { matched: true, values: { name: "00123", description: long, status: null } }],
      ]),
    );
    // Every cell is text that Sheets keeps as written: never a formula, number or date.
    const sheet = workbook.sheet(journalSheetName("job-2"))!;
    const cells = sheet.readValues(1, 1, sheet.lastRow(), sheet.lastColumn()).flat();
    expect(cells.every((cell) => cell === "" || (typeof cell === "string" && cell.startsWith(">")))).toBe(
      true,
    );
    expect(cells.every((cell) => String(cell).length <= 50_000)).toBe(true);
  });

  it("skips a row someone edited by hand, and is dropped once the run is over", () => {
    const workbook = new FakeWorkbook();
    sheetJournal(workbook, "job-3").put([{ entityKey: "d:a.com", matched: false }], 0);
    const sheet = workbook.sheet(journalSheetName("job-3"))!;
    sheet.writeValues(3, 1, [[">d:b.com", "oops"]]);
    expect([...sheetJournal(workbook, "job-3").load().keys()]).toEqual(["d:a.com"]);
    dropJournal(workbook, "job-3");
    expect(workbook.sheetNames()).toEqual([]);
  });
});
