// The purchase record by key: every answer of the record's waves in the row of its key's bucket, kept in step.
import { describe, expect, it, vi } from "vitest";
import { purchaseRecord, RECORD_SHEET } from "../../../src/core/bulk/purchase-record.ts";
import { MARK, PIECE_CHARS } from "../../../src/core/bulk/record-pieces.ts";
import {
  addToShelf,
  decodeShelfBucket,
  decodeShelfHeader,
  encodeShelfBucket,
  SHELF_SHEET,
  type ShelfBucket,
  type ShelfEntry,
  shelfAnswer,
  shelfBucketOf,
  shelfRow,
} from "../../../src/core/bulk/record-shelf.ts";
import { addWave, syncShelf } from "../../../src/core/bulk/record-shelf-sync.ts";
import { FakeWorkbook } from "../jobs/fakes.ts";

const DAY = 86_400_000;

function buy(
  workbook: FakeWorkbook,
  jobId: string,
  t: number,
  keys: string[],
  values?: Record<string, string>,
) {
  purchaseRecord(workbook, { jobId, now: () => t, create: (make) => make() }).put(
    keys.map((entityKey) =>
      values ? { entityKey, matched: true, values } : { entityKey, matched: false as const },
    ),
    0,
  );
}

function sync(workbook: FakeWorkbook): void {
  syncShelf(workbook, () => workbook.insertSheet(SHELF_SHEET));
}

function bucketOf(workbook: FakeWorkbook, key: string): ShelfBucket {
  const sheet = workbook.sheet(SHELF_SHEET)!;
  return decodeShelfBucket(sheet.readValues(shelfRow(shelfBucketOf(key)), 1, 1, sheet.lastColumn())[0]!);
}

describe("the record's by-key shelf", () => {
  it("reads back what it wrote, a bucket longer than a cell across the next cells", () => {
    const bucket: ShelfBucket = new Map<string, ShelfEntry>([
      ["d:a.com", { t: 5, v: { "a:industry": "Retail", "a:tags": ["x", "y"] } }],
      ["d:b.com", { t: 6 }],
      ["d:c.com", { t: 7, v: { "a:industry": "x".repeat(PIECE_CHARS + 10) } }],
    ]);
    const cells = encodeShelfBucket(bucket);
    expect(cells).toHaveLength(2);
    expect(decodeShelfBucket(cells)).toEqual(bucket);
    expect(encodeShelfBucket(new Map())).toEqual([]);
    expect(decodeShelfBucket(["typed over"])).toEqual(new Map());
  });

  it("keeps the newer answer of a field and an entry's oldest time, so its age never reads younger", () => {
    const bucket: ShelfBucket = new Map();
    addToShelf(bucket, "k", 10, { a: "1", b: "1" });
    addToShelf(bucket, "k", 20, { a: "2" });
    expect(bucket.get("k")).toEqual({ t: 10, v: { a: "2", b: "1" } });
    addToShelf(bucket, "k", 30, { a: "3", b: "3" });
    expect(bucket.get("k")).toEqual({ t: 30, v: { a: "3", b: "3" } });
    addToShelf(bucket, "k", 5, { a: "0", c: "0" });
    expect(bucket.get("k")).toEqual({ t: 5, v: { a: "3", b: "3", c: "0" } });
    addToShelf(bucket, "k", 4);
    expect(bucket.get("k")).toEqual({ t: 5, v: { a: "3", b: "3", c: "0" } });
    addToShelf(bucket, "k", 40);
    expect(bucket.get("k")).toEqual({ t: 40 });
  });

  it("answers only inside the freshness window, with the fields it holds", () => {
    const entry = { t: DAY, v: { a: "1" } };
    expect(shelfAnswer(entry, ["a", "b"], 2 * DAY, 30 * DAY)).toEqual({ matched: true, values: { a: "1" } });
    expect(shelfAnswer(entry, ["b"], 2 * DAY, 30 * DAY)).toBeNull();
    expect(shelfAnswer(entry, ["a"], 31 * DAY, 30 * DAY)).toBeNull();
    expect(shelfAnswer({ t: DAY }, ["a"], 2 * DAY, 30 * DAY)).toEqual({ matched: false });
  });

  it("adds only the waves appended since the last sync, and reads the record again after rows went", () => {
    const workbook = new FakeWorkbook();
    sync(workbook);
    expect(workbook.sheetNames()).toEqual([]);
    buy(workbook, "job-1", DAY, ["d:a.com", "d:b.com"], { "a:industry": "Retail" });
    sync(workbook);
    const shelf = workbook.sheet(SHELF_SHEET)!;
    expect(decodeShelfHeader(shelf.readValues(1, 1, 1, 1)[0]![0])).toBe(1);
    expect(bucketOf(workbook, "d:a.com").get("d:a.com")).toEqual({ t: DAY, v: { "a:industry": "Retail" } });
    buy(workbook, "formulas", 2 * DAY, ["d:a.com"], { "a:tags": "x" });
    buy(workbook, "job-2", 3 * DAY, ["d:c.com"]);
    sync(workbook);
    expect(decodeShelfHeader(shelf.readValues(1, 1, 1, 1)[0]![0])).toBe(3);
    expect(bucketOf(workbook, "d:a.com").get("d:a.com")).toEqual({
      t: DAY,
      v: { "a:industry": "Retail", "a:tags": "x" },
    });
    expect(bucketOf(workbook, "d:b.com").get("d:b.com")).toEqual({ t: DAY, v: { "a:industry": "Retail" } });
    expect(bucketOf(workbook, "d:c.com").get("d:c.com")).toEqual({ t: 3 * DAY });
    // The record deleted: the shelf is read again from what is left (nothing).
    workbook.deleteSheet(RECORD_SHEET);
    sync(workbook);
    expect(decodeShelfHeader(shelf.readValues(1, 1, 1, 1)[0]![0])).toBe(0);
    expect(bucketOf(workbook, "d:a.com").size).toBe(0);
  });

  it("reads a row a person typed over as holding nothing it cannot vouch for", () => {
    const row = (json: unknown) => [MARK + JSON.stringify(json)];
    // Field names that are not a list: the entries' field numbers would index a string's letters.
    expect(decodeShelfBucket(row({ f: "industry", k: { "a.com": [5, 0, "Retail"] } }))).toEqual(new Map());
    expect(decodeShelfBucket(row({ f: ["industry"], k: null }))).toEqual(new Map());
    expect(decodeShelfBucket(["typed by a person"])).toEqual(new Map());
    expect(decodeShelfBucket([`${MARK}{"f":["industry"],`])).toEqual(new Map());
    // An entry that is not a [time, …] list is skipped; its neighbours stand.
    expect(
      decodeShelfBucket(
        row({ f: ["industry"], k: { "a.com": [5, 0, "Retail"], "b.com": "junk", "c.com": [7, -1] } }),
      ),
    ).toEqual(
      new Map<string, ShelfEntry>([
        ["a.com", { t: 5, v: { industry: "Retail" } }],
        ["c.com", { t: 7 }],
      ]),
    );
  });

  it("gives a run what a wave typed over held, from the shelf: inside its window, never over a readable wave", () => {
    const workbook = new FakeWorkbook();
    buy(workbook, "job-1", 5 * DAY, ["d:a.com", "d:b.com"], { name: "A" });
    buy(workbook, "job-1", 2 * DAY, ["d:old.com"], { name: "Old" });
    buy(workbook, "job-2", 6 * DAY, ["d:c.com"]);
    buy(workbook, "job-3", 7 * DAY, ["d:b.com"], { name: "B" });
    sync(workbook);
    const record = workbook.sheet(RECORD_SHEET)!;
    const read = (from?: number) =>
      purchaseRecord(workbook, {
        jobId: "job-9",
        now: () => 8 * DAY,
        create: (make) => make(),
        ...(from === undefined ? {} : { reuseFrom: from }),
      });
    // Undamaged: the shelf is not read.
    const shelfReads = vi.spyOn(workbook.sheet(SHELF_SHEET)!, "readValues");
    read(3 * DAY).load();
    expect(shelfReads).not.toHaveBeenCalled();
    // The first and third waves' pieces typed over; the fourth (d:b.com's newer name) still reads.
    record.writeValues(1, 2, [["typed over"]]);
    record.writeValues(3, 1, [["", "typed over"]]);
    const reader = read(3 * DAY);
    expect(reader.load()).toEqual(
      new Map([
        ["d:b.com", { matched: true, values: { name: "B" } }],
        ["d:a.com", { matched: true, values: { name: "A" } }],
        ["d:c.com", { matched: false }],
      ]),
    );
    expect(reader.waveCredits()).toEqual([]);
    // A run that reuses nothing (a refresh) takes nothing from the shelf either.
    expect([...read().load().keys()]).toEqual([]);
    // A row cleared whole is no damage: nothing is read beyond the record.
    record.writeValues(1, 1, [["", ""]]);
    record.writeValues(3, 1, [["", ""]]);
    shelfReads.mockClear();
    expect([
      ...read(3 * DAY)
        .load()
        .keys(),
    ]).toEqual(["d:b.com"]);
    expect(shelfReads).not.toHaveBeenCalled();
  });
});

describe("addWave", () => {
  it("makes the buckets a wave's answers fall in, adds to those there, and names every bucket touched", () => {
    const a = "url:acme.com";
    const b = "url:globex.com";
    const buckets = new Map<number, ShelfBucket>();
    const touched = addWave(buckets, {
      c: 4,
      j: "job-1",
      t: 100,
      f: ["industry"],
      r: [[a, ["Software"]], [b]],
    });
    const ba = shelfBucketOf(a);
    const bb = shelfBucketOf(b);
    expect(ba).not.toBe(bb);
    expect(touched).toEqual(new Set([ba, bb]));
    expect([...buckets.keys()].sort((x, y) => x - y)).toEqual([ba, bb].sort((x, y) => x - y));
    expect(buckets.get(ba)).toEqual(new Map([[a, { t: 100, v: { industry: "Software" } }]]));
    expect(buckets.get(bb)).toEqual(new Map([[b, { t: 100 }]]));
    const again = addWave(buckets, { c: 2, j: "job-2", t: 200, r: [[a, { name: "Acme" }]] });
    expect(again).toEqual(new Set([ba]));
    expect(buckets.get(ba)).toEqual(new Map([[a, { t: 100, v: { industry: "Software", name: "Acme" } }]]));
    expect(addWave(buckets, { c: 0, j: "job-3", t: 300, r: [] })).toEqual(new Set());
  });
});
