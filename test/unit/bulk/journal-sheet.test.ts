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

  it("keeps a wave of 1,000 organizations in two rows of two cells, not a row each", () => {
    const workbook = new FakeWorkbook();
    const answers = Array.from({ length: 1_000 }, (_, i) => ({
      entityKey: `d:org-${String(i).padStart(4, "0")}.com`,
      matched: true as const,
      values: { name: `Org ${i}`, employee_count: 100 + i },
    }));
    sheetJournal(workbook, "job-4").put(answers, 1_000);
    const sheet = workbook.sheet(journalSheetName("job-4"))!;
    // About 55,000 characters of JSON: two pieces.
    expect([sheet.lastRow(), sheet.lastColumn()]).toEqual([2, 2]);
    const reader = sheetJournal(workbook, "job-4");
    const later = reader.load();
    expect(later.size).toBe(1_000);
    expect(later.get("d:org-0999.com")).toEqual({
      matched: true,
      values: { name: "Org 999", employee_count: 1_099 },
    });
    expect(reader.waveCredits()).toEqual([1_000]);
  });

  it("reads a journal the version before wrote (a row per organization), so a run it began resumes", () => {
    const workbook = new FakeWorkbook();
    const sheet = workbook.insertSheet(journalSheetName("job-5"));
    sheet.writeValues(1, 1, [
      [">d:a.com", '>{"m":1,"v":{"name":"A"}}'],
      [">d:b.com", '>{"m":0}'],
      [">#wave", '>{"c":2}'],
    ]);
    sheetJournal(workbook, "job-5").put([{ entityKey: "d:c.com", matched: false }], 1);
    const reader = sheetJournal(workbook, "job-5");
    expect(reader.load()).toEqual(
      new Map([
        ["d:a.com", { matched: true, values: { name: "A" } }],
        ["d:b.com", { matched: false }],
        ["d:c.com", { matched: false }],
      ]),
    );
    expect(reader.waveCredits()).toEqual([2, 1]);
  });

  it("drops only the wave whose piece someone edited, and never cuts a character in two between cells", () => {
    const workbook = new FakeWorkbook();
    // Emoji are two UTF-16 units: one of the two waves' cuts would fall between a pair's halves.
    const emoji = "😀".repeat(PIECE_CHARS);
    sheetJournal(workbook, "job-6").put([{ entityKey: "d:a.com", matched: true, values: { d: emoji } }], 1);
    sheetJournal(workbook, "job-6").put(
      [{ entityKey: "d:b.com", matched: true, values: { d: `x${emoji}` } }],
      2,
    );
    sheetJournal(workbook, "job-6").put([{ entityKey: "d:c.com", matched: false }], 3);
    const sheet = workbook.sheet(journalSheetName("job-6"))!;
    const cells = sheet.readValues(1, 1, sheet.lastRow(), 2).flat().map(String);
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    expect(cells.filter((cell) => lone.test(cell))).toEqual([]);
    expect(sheetJournal(workbook, "job-6").load().get("d:b.com")).toEqual({
      matched: true,
      values: { d: `x${emoji}` },
    });
    // The first wave's first piece edited by hand: that wave is not known; the others are.
    sheet.writeValues(1, 2, [[">oops"]]);
    const reader = sheetJournal(workbook, "job-6");
    expect([...reader.load().keys()]).toEqual(["d:b.com", "d:c.com"]);
    expect(reader.waveCredits()).toEqual([2, 3]);
  });
});
