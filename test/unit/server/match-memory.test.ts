// The match memory keeps every id bought in the purchase record too, and reads it there when a person
// deleted the hidden "Enrichment matches" sheet: the sheet comes back holding the ids, none bought again.
import { describe, expect, it, vi } from "vitest";

vi.mock("../../../src/platform/lock", () => {
  const run = { runExclusive: <T>(fn: () => T) => fn() };
  return { documentMutex: () => run, jobsMutex: () => run };
});
vi.mock("../../../src/platform/active-range", () => ({ flushWrites: () => undefined }));

const { MATCH_SHEET, RECORD_SHEET } = await import("../../../src/core/addon-sheets/registry.ts");
const { decodeWave } = await import("../../../src/core/bulk/purchase-record.ts");
const { claimMatches, newMatchClaim, rememberedMatches, rememberMatches } = await import(
  "../../../src/server/sidebar/match-memory.ts"
);
const { FakeWorkbook } = await import("../jobs/fakes.ts");

const AT = new Date(Date.UTC(2026, 2, 10, 9));

/** A workbook where one match of url:a.com (id 11) and url:x.com (not found) was bought for 2 credits. */
function bought(): InstanceType<typeof FakeWorkbook> {
  const workbook = new FakeWorkbook();
  const claim = newMatchClaim();
  claimMatches(workbook, ["url:a.com", "url:x.com"], claim);
  rememberMatches(workbook, claim, new Map([["url:a.com", 11]]), ["url:x.com"], AT, 2);
  return workbook;
}

describe("the match memory and the purchase record", () => {
  it("files the ids found as one wave of the record, job matches, with what the request cost", () => {
    const workbook = bought();
    const rows = workbook.sheet(RECORD_SHEET)!.readAll();
    expect(rows.map(decodeWave)).toEqual([
      { c: 2, j: "matches", t: AT.getTime(), f: ["a:id"], r: [["url:a.com", [11]]] },
    ]);
    expect(rememberedMatches(workbook)).toEqual(new Map([["url:a.com", 11]]));
  });

  it("reads the ids from the record when the matches sheet is deleted, and makes it again holding them", () => {
    const workbook = bought();
    workbook.deleteSheet(MATCH_SHEET);
    const reads = vi.spyOn(workbook.sheet(RECORD_SHEET)!, "readAll");
    expect(rememberedMatches(workbook)).toEqual(new Map([["url:a.com", 11]]));
    expect(workbook.sheet(MATCH_SHEET)).not.toBeNull();
    const claim = newMatchClaim();
    const states = claimMatches(workbook, ["url:a.com", "url:b.com"], claim);
    expect(states).toEqual(
      new Map([
        ["url:a.com", { kind: "known", id: 11 }],
        ["url:b.com", { kind: "claimed", token: claim.token }],
      ]),
    );
    const sheet = workbook.sheet(MATCH_SHEET)!;
    expect(sheet.readValues(1, 1, 2, 4)).toEqual([
      ["Organization", "Id", "Matched", "Claim"],
      ["url:a.com", 11, AT, "record"],
    ]);
    expect(sheet.readValues(3, 1, 1, 4)[0]?.slice(0, 2)).toEqual(["url:b.com", "in flight"]);
    expect(claim.rowOf).toEqual(new Map([["url:b.com", 3]]));
    // The record, however large, was read once: the sheet made again holds what later reads need.
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it("still keeps the ids on the sheet when the record cannot be written", () => {
    const workbook = new FakeWorkbook();
    const claim = newMatchClaim();
    claimMatches(workbook, ["url:a.com"], claim);
    const record = workbook.insertSheet(RECORD_SHEET);
    record.appendRow = () => {
      throw new Error("Service Spreadsheets failed while accessing document with id x.");
    };
    rememberMatches(workbook, claim, new Map([["url:a.com", 11]]), [], AT, 1);
    expect(rememberedMatches(workbook)).toEqual(new Map([["url:a.com", 11]]));
    expect(record.readAll()).toEqual([]);
  });

  it("remembers nothing without a matches sheet or a record, and makes no sheet", () => {
    const workbook = new FakeWorkbook();
    expect(rememberedMatches(workbook)).toEqual(new Map());
    expect(workbook.sheetNames()).toEqual([]);
  });
});
