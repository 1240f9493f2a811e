// Matches kept as waves of the purchase record, and read back from it when the matches sheet is gone.
import { describe, expect, it } from "vitest";
import { RECORD_SHEET } from "../../../src/core/addon-sheets/registry.ts";
import { decodeWave, encodeWave, purchaseRecord } from "../../../src/core/bulk/purchase-record.ts";
import { MATCHES_JOB, matchResults, recordedMatches } from "../../../src/core/bulk/record-matches.ts";
import { FakeWorkbook } from "../jobs/fakes.ts";

describe("matchResults", () => {
  it("is one found answer per id, its only field the id", () => {
    expect(
      matchResults(
        new Map([
          ["url:a.com", 11],
          ["name:b", 12],
        ]),
      ),
    ).toEqual([
      { entityKey: "url:a.com", matched: true, values: { "a:id": 11 } },
      { entityKey: "name:b", matched: true, values: { "a:id": 12 } },
    ]);
    expect(matchResults(new Map())).toEqual([]);
  });
});

describe("recordedMatches", () => {
  it("takes the ids of the match waves only, each key from its first wave, and skips what is no id", () => {
    const rows = [
      encodeWave({
        c: 2,
        j: MATCHES_JOB,
        t: 1_000,
        f: ["a:id"],
        r: [
          ["url:a.com", [11]],
          ["url:b.com", [12]],
        ],
      }),
      // A bulk run's wave, even one that bought the id, is not a match.
      encodeWave({ c: 5, j: "job-1", t: 1_500, f: ["a:id"], r: [["url:c.com", [13]]] }),
      ["typed over", "by hand"],
      encodeWave({
        c: 3,
        j: MATCHES_JOB,
        t: 2_000,
        f: ["a:id"],
        r: [
          ["url:a.com", [99]],
          ["url:d.com"],
          ["url:e.com", [1.5]],
          ["url:f.com", ["14"]],
          ["name:g", [15]],
        ],
      }),
      encodeWave({ c: 0, j: MATCHES_JOB, t: 2_500, r: [["url:h.com", { "a:name": "H" }]] }),
    ];
    expect(recordedMatches(rows)).toEqual([
      ["url:a.com", 11, new Date(1_000), "record"],
      ["url:b.com", 12, new Date(1_000), "record"],
      ["name:g", 15, new Date(2_000), "record"],
    ]);
    expect(recordedMatches([])).toEqual([]);
  });

  it("reads back what the record was given as a match wave", () => {
    const workbook = new FakeWorkbook();
    purchaseRecord(workbook, { jobId: MATCHES_JOB, now: () => 7_000, create: (make) => make() }).put(
      matchResults(new Map([["url:a.com", 11]])),
      1,
    );
    const rows = workbook.sheet(RECORD_SHEET)!.readAll();
    expect(rows.map((row) => decodeWave(row)?.j)).toEqual(["matches"]);
    expect(recordedMatches(rows)).toEqual([["url:a.com", 11, new Date(7_000), "record"]]);
  });
});
