// Rows a new run sends again whose last paid answer was lost: counted for the price, which names them.
import { describe, expect, it } from "vitest";
import {
  againWords,
  loggedLostKeys,
  loggedLostRanges,
  lostKeys,
  ownedLostRows,
  rowsAgain,
} from "../../../src/core/bulk/lost-again.ts";
import type { BulkState } from "../../../src/core/bulk/state.ts";
import type { Job } from "../../../src/core/jobs/job.ts";
import { readOrganization } from "../../../src/core/organizations/identifiers.ts";
import { FakeSheet, FakeWorkbook } from "../jobs/fakes.ts";

const reads = (cells: unknown[]) => cells.map(readOrganization);

/** A run of 7 rows in chunks at offsets 0, 3 and 5, some lost. */
function state(lost?: number[]): BulkState {
  return { starts: [0, 3, 5], rowCount: 7, ...(lost ? { lost } : {}) } as BulkState;
}

describe("lost answers sent again", () => {
  it("takes the organizations of the lost chunks' rows as they are now, the last chunk to the run's end", () => {
    const rows = reads(["a.com", "b.com", "", "c.com", "d.com", "e.com", "not a domain!", "past.com"]);
    expect(lostKeys(state([1]), rows)).toEqual(new Set(["url:c.com", "url:d.com"]));
    expect(lostKeys(state([2, 0]), rows)).toEqual(
      new Set(["url:e.com", "name:not a domain!", "url:a.com", "url:b.com"]),
    );
    expect(lostKeys(state([]), rows)).toEqual(new Set());
    expect(lostKeys(state(), rows)).toEqual(new Set());
    // Rows the sheet no longer has read as nothing.
    expect(lostKeys(state([2]), rows.slice(0, 5))).toEqual(new Set());
  });

  it("counts every row of the new run holding one of them, repeats included", () => {
    const lost = new Set(["url:a.com", "id:42"]);
    expect(rowsAgain(reads(["a.com", "A.com", "", 42, "b.com", "https://a.com/x"]), lost)).toBe(4);
    expect(rowsAgain(reads(["b.com", ""]), lost)).toBe(0);
  });

  it("says it after the price, in plain words", () => {
    expect(againWords(1)).toBe("1 row whose last answer was lost may be charged again");
    expect(againWords(1200)).toBe("1,200 rows whose last answer was lost may be charged again");
  });
});

describe("lost answers the Enrichment log still knows (the job gone with its sheet)", () => {
  const HEADER = ["Time (UTC)", "Action", "Rows", "Credits used", "Credits remaining", "Result"];
  const at = (ms: number) => new Date(ms);
  const possibly = (ms: number, action: string, credits = 3) => [
    at(ms),
    action,
    0,
    credits,
    "",
    `${credits} credit${credits === 1 ? "" : "s"} possibly charged: an answer was lost after its request went out; not sent again.`,
  ];
  const log = [
    HEADER,
    [at(1_000), "Enrich Sheet1!A2:A7", 6, 0, 999, "Done"],
    possibly(2_000, "Enrich Sheet1!A2:A7"),
    possibly(3_000, "Refresh Kunden – März!B3:B4", 1),
    possibly(4_000, "People search: acme"),
    possibly(5_000, "Enrich Sheet1!A2:A"),
    possibly(999, "Enrich Old!A2:A3"),
    [
      at(6_000),
      "Enrich Sheet1!A2:A7",
      0,
      -3,
      "",
      "Settled: 3 credits possibly charged above were not charged; why.",
    ],
    ["not a date", "Enrich Sheet1!A2:A7", 0, 3, "", "3 credits possibly charged: lost."],
    [at(7_000), "Enrich Sheet1!C2:C3", 0, 3, "", "Error: 3 credits possibly charged: quoted later"],
    // Actions that only hold a run's words somewhere inside, and a row short of its Result cell.
    possibly(7_000, "People search: Enrich Sheet1!D2:D3"),
    possibly(7_000, "Enrich Sheet1!E2:E3\nby hand"),
    [at(7_000), "Enrich Sheet1!F2:F3", 0, 3],
    [at(7_000)],
  ];

  it("names the range of each possibly-charged Enrich or Refresh row since the window's start", () => {
    expect(loggedLostRanges(log, 1_000)).toEqual([
      { sheet: "Sheet1", column: 1, firstRow: 2, lastRow: 7 },
      { sheet: "Kunden – März", column: 2, firstRow: 3, lastRow: 4 },
    ]);
    // The window's start counts (the row at 2,000 is in it); later starts leave the earlier rows out.
    expect(loggedLostRanges(log, 2_000)).toHaveLength(2);
    expect(loggedLostRanges(log, 2_001)).toEqual([
      { sheet: "Kunden – März", column: 2, firstRow: 3, lastRow: 4 },
    ]);
    expect(loggedLostRanges(log, 0)).toEqual([
      { sheet: "Sheet1", column: 1, firstRow: 2, lastRow: 7 },
      { sheet: "Kunden – März", column: 2, firstRow: 3, lastRow: 4 },
      { sheet: "Old", column: 1, firstRow: 2, lastRow: 3 },
    ]);
    // A run still there that logged its own lost answer knows its lost chunks: its rows from its making on
    // are left to it, earlier rows of the same title (a run gone) are not.
    expect(loggedLostRanges(log, 0, new Map([["Enrich Sheet1!A2:A7", 2_000]]))).toEqual([
      { sheet: "Kunden – März", column: 2, firstRow: 3, lastRow: 4 },
      { sheet: "Old", column: 1, firstRow: 2, lastRow: 3 },
    ]);
    expect(loggedLostRanges(log, 0, new Map([["Enrich Sheet1!A2:A7", 2_001]]))).toEqual([
      { sheet: "Sheet1", column: 1, firstRow: 2, lastRow: 7 },
      { sheet: "Kunden – März", column: 2, firstRow: 3, lastRow: 4 },
      { sheet: "Old", column: 1, firstRow: 2, lastRow: 3 },
    ]);
    // The header row is never a row of the log, whatever it holds.
    expect(loggedLostRanges([possibly(2_000, "Enrich Sheet1!A2:A7")], 0)).toEqual([]);
    expect(loggedLostRanges([], 0)).toEqual([]);
  });

  it("takes the organizations now in those ranges, none from a sheet gone", () => {
    const sheet1 = FakeSheet.withColumn(
      "Sheet1",
      ["a.com", "", "b.com", "a.com", "not a domain!", "c.com", "past.com"],
      2,
    );
    const kunden = FakeSheet.withColumn("Kunden – März", ["x.com", "y.com", "z.com"], 3, 2);
    expect(loggedLostKeys(log, 1_000, new FakeWorkbook(sheet1, kunden))).toEqual(
      new Set(["url:a.com", "url:b.com", "name:not a domain!", "url:c.com", "url:x.com", "url:y.com"]),
    );
    expect(loggedLostKeys(log, 1_000, new FakeWorkbook(kunden))).toEqual(new Set(["url:x.com", "url:y.com"]));
    expect(loggedLostKeys(log, 8_000, new FakeWorkbook(sheet1, kunden))).toEqual(new Set());
    const owned = new Map([["Refresh Kunden – März!B3:B4", 0]]);
    expect(loggedLostKeys(log, 1_000, new FakeWorkbook(sheet1, kunden), owned)).toEqual(
      new Set(["url:a.com", "url:b.com", "name:not a domain!", "url:c.com"]),
    );
  });

  it("owns a title to the earliest run still there that logged possibly-charged credits itself", () => {
    const job = (title: string, createdAt: number, loggedPossibly?: number, kind = "bulk") =>
      ({ kind, title, createdAt, ...(loggedPossibly === undefined ? {} : { loggedPossibly }) }) as Job;
    expect(
      ownedLostRows([
        job("Enrich Sheet1!A2:A7", 5_000, 3),
        job("Enrich Sheet1!A2:A7", 4_000, 1),
        job("Enrich Sheet1!A2:A7", 3_000, 0),
        job("Enrich Sheet1!A2:A7", 2_000),
        job("Enrich F!A2:A7", 6_000, 3),
        job("People search: acme", 1_000, 3, "people"),
      ]),
    ).toEqual(
      new Map([
        ["Enrich Sheet1!A2:A7", 4_000],
        ["Enrich F!A2:A7", 6_000],
      ]),
    );
    expect(ownedLostRows([job("Enrich F!A2:A7", 6_000, 3), job("Enrich F!A2:A7", 7_000, 3)])).toEqual(
      new Map([["Enrich F!A2:A7", 6_000]]),
    );
  });
});
