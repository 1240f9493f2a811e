// The spreadsheet's purchase record: what every run bought, read back whole by any later run or execution.
import { describe, expect, it } from "vitest";
import { journalSheetName } from "../../../src/core/addon-sheets/registry.ts";
import {
  encodeWave,
  type PurchaseRecord,
  purchaseRecord,
  RECORD_SHEET,
  type RecordOptions,
} from "../../../src/core/bulk/purchase-record.ts";
import { PIECE_CHARS } from "../../../src/core/bulk/record-pieces.ts";
import { recordedRuns } from "../../../src/core/bulk/record-runs.ts";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import { FakeWorkbook } from "../jobs/fakes.ts";

const DAY = 86_400_000;

function recordOf(workbook: FakeWorkbook, jobId: string, more: Partial<RecordOptions> = {}): PurchaseRecord {
  return purchaseRecord(workbook, { jobId, now: () => 10 * DAY, create: (make) => make(), ...more });
}

describe("purchaseRecord", () => {
  it("names a person's run that bought nothing with a wave of no answers and no cost; a refresh not at all", () => {
    const workbook = new FakeWorkbook();
    recordOf(workbook, "refresh").nameRun();
    expect(workbook.sheetNames()).toEqual([]);
    const request = validateEnrichmentRequest({
      sheetName: "Sheet1",
      inputRange: "A2:A5",
      fields: [{ kind: "attribute", name: "name" }],
    });
    const run = { title: "Enrich Sheet1!A2:A5", request, outputColumn: 2, createdAt: 1 };
    const record = recordOf(workbook, "job-1", { run });
    record.nameRun();
    expect(workbook.sheetNames()).toEqual([RECORD_SHEET]);
    expect(workbook.sheet(RECORD_SHEET)!.readAll()).toEqual([
      encodeWave({ c: 0, j: "job-1", t: 10 * DAY, q: run, f: [], r: [] }),
    ]);
    expect(recordedRuns(workbook.sheet(RECORD_SHEET)!.readAll())).toEqual(
      new Map([["job-1", { run, credits: 0, waves: 1, last: 10 * DAY, keys: new Set() }]]),
    );
    expect(record.load()).toEqual(new Map());
    expect(record.waveCredits()).toEqual([0]);
  });

  it("makes no sheet until the first purchase, then one hidden sheet for the whole spreadsheet", () => {
    const workbook = new FakeWorkbook();
    const record = recordOf(workbook, "job-1");
    expect(record.load()).toEqual(new Map());
    expect(workbook.sheetNames()).toEqual([]);
    record.put([{ entityKey: "d:acme.com", matched: false }], 0);
    recordOf(workbook, "job-2").put([{ entityKey: "d:b.com", matched: false }], 0);
    expect(workbook.sheetNames()).toEqual([RECORD_SHEET]);
    // A wave a row: two runs' waves one under the other.
    expect(workbook.sheet(RECORD_SHEET)!.lastRow()).toBe(2);
  });

  it("gives a later execution every answer as written, long text, formula-like text and numbers included", () => {
    const workbook = new FakeWorkbook();
    const long = 'é"\\'.repeat(PIECE_CHARS);
    recordOf(workbook, "job-2").put(
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
    recordOf(workbook, "job-2").put(
      [{ entityKey: "d:c.com", matched: true, values: { name: "00123", description: long, status: null } }],
      5,
    );
    const reader = recordOf(workbook, "job-2");
    const later = reader.load();
    // What each of the run's waves cost, in order, for a resume to log what a killed execution did not.
    expect(reader.waveCredits()).toEqual([3, 5]);
    expect(later).toEqual(
      new Map([
        ["d:a.com", { matched: true, values: { name: "=1+1", employee_count: 12, tags: ["x", "y"] } }],
        ["d:b.com", { matched: false }],
        ["d:c.com", { matched: true, values: { name: "00123", description: long, status: null } }],
      ]),
    );
    // Every cell is text that Sheets keeps as written: never a formula, number or date.
    const sheet = workbook.sheet(RECORD_SHEET)!;
    const cells = sheet.readValues(1, 1, sheet.lastRow(), sheet.lastColumn()).flat();
    expect(cells.every((cell) => cell === "" || (typeof cell === "string" && cell.startsWith(">")))).toBe(
      true,
    );
    expect(cells.every((cell) => String(cell).length <= 50_000)).toBe(true);
  });

  it("gives another run the answers bought inside its freshness window, newest field over oldest, and not their cost", () => {
    const workbook = new FakeWorkbook();
    let now = 1 * DAY;
    const at = () => now;
    recordOf(workbook, "old", { now: at }).put(
      [{ entityKey: "d:a.com", matched: true, values: { n: 1 } }],
      1,
    );
    now = 5 * DAY;
    recordOf(workbook, "mid", { now: at }).put(
      [
        { entityKey: "d:b.com", matched: true, values: { n: 2, i: "x" } },
        { entityKey: "d:c.com", matched: false },
      ],
      2,
    );
    now = 6 * DAY;
    recordOf(workbook, "new", { now: at }).put(
      [{ entityKey: "d:b.com", matched: true, values: { n: 3 } }],
      3,
    );
    const reader = recordOf(workbook, "next", { reuseFrom: 4 * DAY });
    expect(reader.load()).toEqual(
      new Map([
        ["d:b.com", { matched: true, values: { n: 3, i: "x" } }],
        ["d:c.com", { matched: false }],
      ]),
    );
    expect(reader.waveCredits()).toEqual([]);
    // Without a window (a refresh) only the run's own answers, however old.
    const own = recordOf(workbook, "old");
    expect([...own.load().keys()]).toEqual(["d:a.com"]);
    expect(own.waveCredits()).toEqual([1]);
  });

  it("keeps a wave of 1,000 organizations in one row of two cells, not a row each", () => {
    const workbook = new FakeWorkbook();
    const answers = Array.from({ length: 1_000 }, (_, i) => ({
      entityKey: `d:org-${String(i).padStart(4, "0")}.com`,
      matched: true as const,
      values: { name: `Org ${i}`, employee_count: 100 + i },
    }));
    recordOf(workbook, "job-4").put(answers, 1_000);
    const sheet = workbook.sheet(RECORD_SHEET)!;
    // About 39,000 characters of JSON, the fields' names written once for the wave: the mark and a piece.
    expect([sheet.lastRow(), sheet.lastColumn()]).toEqual([1, 2]);
    expect(String(sheet.readValues(1, 2, 1, 1)[0]![0]).split("employee_count")).toHaveLength(2);
    const later = recordOf(workbook, "job-4").load();
    expect(later.size).toBe(1_000);
    expect(later.get("d:org-0999.com")).toEqual({
      matched: true,
      values: { name: "Org 999", employee_count: 1_099 },
    });
  });

  it("keeps an answer with other fields than the wave's first match whole, and null values as null", () => {
    const workbook = new FakeWorkbook();
    recordOf(workbook, "job-7").put(
      [
        { entityKey: "d:x.com", matched: false },
        { entityKey: "d:a.com", matched: true, values: { name: "A", status: null } },
        { entityKey: "d:b.com", matched: true, values: { name: "B" } },
        { entityKey: "d:c.com", matched: true, values: { status: "open", name: "C" } },
      ],
      2,
    );
    expect(recordOf(workbook, "job-7").load()).toEqual(
      new Map([
        ["d:x.com", { matched: false }],
        ["d:a.com", { matched: true, values: { name: "A", status: null } }],
        ["d:b.com", { matched: true, values: { name: "B" } }],
        ["d:c.com", { matched: true, values: { name: "C", status: "open" } }],
      ]),
    );
  });

  it("reads the journal sheet an earlier version kept for a run it began, so the run resumes with it", () => {
    const workbook = new FakeWorkbook();
    const sheet = workbook.insertSheet(journalSheetName("job-5"));
    sheet.writeValues(1, 1, [
      [">d:a.com", '>{"m":1,"v":{"name":"A"}}'],
      [">d:b.com", '>{"m":0}'],
      [">#wave", '>{"c":2}'],
      [">#part 1/1", '>{"c":4,"r":[["d:e.com"]]}'],
    ]);
    recordOf(workbook, "job-5", { legacy: true }).put([{ entityKey: "d:c.com", matched: false }], 1);
    const reader = recordOf(workbook, "job-5", { legacy: true });
    expect(reader.load()).toEqual(
      new Map([
        ["d:a.com", { matched: true, values: { name: "A" } }],
        ["d:b.com", { matched: false }],
        ["d:e.com", { matched: false }],
        ["d:c.com", { matched: false }],
      ]),
    );
    expect(reader.waveCredits()).toEqual([2, 4, 1]);
  });

  it("drops only the wave whose piece someone edited, and never cuts a character in two between cells", () => {
    const workbook = new FakeWorkbook();
    // Emoji are two UTF-16 units: one of the two waves' cuts would fall between a pair's halves.
    const emoji = "😀".repeat(PIECE_CHARS);
    recordOf(workbook, "job-6").put([{ entityKey: "d:a.com", matched: true, values: { d: emoji } }], 1);
    recordOf(workbook, "job-6").put([{ entityKey: "d:b.com", matched: true, values: { d: `x${emoji}` } }], 2);
    recordOf(workbook, "job-6").put([{ entityKey: "d:c.com", matched: false }], 3);
    const sheet = workbook.sheet(RECORD_SHEET)!;
    const cells = sheet.readValues(1, 1, sheet.lastRow(), sheet.lastColumn()).flat().map(String);
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    expect(cells.filter((cell) => lone.test(cell))).toEqual([]);
    expect(recordOf(workbook, "job-6").load().get("d:b.com")).toEqual({
      matched: true,
      values: { d: `x${emoji}` },
    });
    // The first wave's first piece edited by hand: that wave is not known; the others are.
    sheet.writeValues(1, 2, [[">oops"]]);
    const reader = recordOf(workbook, "job-6");
    expect([...reader.load().keys()]).toEqual(["d:b.com", "d:c.com"]);
    expect(reader.waveCredits()).toEqual([2, 3]);
    // The third wave's marker cell typed over: its pieces are the add-on's own, so it is still known.
    sheet.writeValues(3, 1, [["typed over"]]);
    expect(recordOf(workbook, "job-6").waveCredits()).toEqual([]);
    const again = recordOf(workbook, "job-6");
    expect([...again.load().keys()]).toEqual(["d:b.com", "d:c.com"]);
    expect(again.waveCredits()).toEqual([2, 3]);
    // Another kind of marked first cell is not a wave, however its pieces read.
    sheet.writeValues(3, 1, [[">#x"]]);
    expect([...recordOf(workbook, "job-6").load().keys()]).toEqual(["d:b.com"]);
  });

  it("holds 10,000 organizations x 25 fields in 10 rows of at most 13 cells, none past 50,000 characters", () => {
    const workbook = new FakeWorkbook();
    for (let wave = 0; wave < 10; wave++) {
      const answers = Array.from({ length: 1_000 }, (_, i) => {
        const n = wave * 1_000 + i;
        const values: Record<string, string | number> = {};
        for (let f = 0; f < 25; f++)
          values[`field_${f}`] = f % 3 === 0 ? 1_000 + n : `Value ${f} of org ${n}`;
        return { entityKey: `d:organization-${n}.com`, matched: true as const, values };
      });
      recordOf(workbook, "job-8").put(answers, 26_000);
    }
    const sheet = workbook.sheet(RECORD_SHEET)!;
    expect(sheet.lastRow()).toBe(10);
    expect(sheet.lastColumn()).toBeLessThanOrEqual(13);
    expect(sheet.readAll().every((row) => row.every((cell) => String(cell).length <= 50_000))).toBe(true);
    const later = recordOf(workbook, "job-9", { reuseFrom: 0 }).load();
    expect(later.size).toBe(10_000);
    expect(later.get("d:organization-9999.com")).toMatchObject({
      matched: true,
      values: { field_0: 10_999, field_23: "Value 23 of org 9999" },
    });
  });
});
