// A deleted purchase record: the price says what may be bought again only where answers were bought.
import { describe, expect, it } from "vitest";
import {
  noteRecordSheet,
  RECORD_GONE_WORDS,
  recordGone,
  recordMadeAgain,
} from "../../../src/core/bulk/record-gone.ts";
import type { BulkState } from "../../../src/core/bulk/state.ts";
import type { Job } from "../../../src/core/jobs/job.ts";

const bulk = (creditsSpent: number) => ({ kind: "bulk", bulk: { creditsSpent } }) as unknown as Job;
const people = { kind: "people" } as unknown as Job;
const HEADER = ["Time", "Action", "Rows", "Credits used", "Credits remaining", "Result"];
const row = (credits: unknown, result: string) => ["t", "Enrich Sheet1!A2:A7", 6, credits, 10, result];

describe("recordGone", () => {
  it("says so with no record sheet once a run counts credits, whatever the log", () => {
    expect(recordGone(false, [], [people, bulk(0), bulk(1)])).toBe(true);
    expect(recordGone(false, [], [bulk(0), people])).toBe(false);
    // The record is there: it says what was bought.
    expect(recordGone(true, [HEADER, row(3, "Done")], [bulk(3)])).toBe(false);
  });

  it("reads the log's charged rows: not its header, nor credits possibly charged or taken back", () => {
    expect(recordGone(false, [HEADER, row(3, "Done: 1 organization")], [])).toBe(true);
    expect(recordGone(false, [HEADER, row("0", "Done"), row(1, "Done")], [])).toBe(true);
    expect(recordGone(false, [["t", "a", 1, 5, 0, "Done"]], [])).toBe(false);
    expect(
      recordGone(
        false,
        [
          HEADER,
          row(0, "Done"),
          row(6, "6 credits possibly charged: an answer was lost after its request went out; …"),
          row(2, "Possibly charged, amount unknown …"),
          row(3, "Settled: 3 credits possibly charged above were not charged; …"),
          row("", "Done"),
          row(-1, "Done"),
          [],
        ],
        [],
      ),
    ).toBe(false);
    // A Result that only mentions a settlement further on is a charge.
    expect(recordGone(false, [HEADER, row(2, "Done. Settled: later")], [])).toBe(true);
  });

  it("says it plainly", () => {
    expect(RECORD_GONE_WORDS).toBe(
      'the hidden sheet "Enrichment purchases" was deleted, so organizations bought before it may be bought again',
    );
  });
});

type Rows = { column?: number; firstRow?: number; lastRow?: number | null };
type Over = { sheet?: number; credits?: number; at?: number; rows?: Rows; tab?: string; only?: string };
const run = (over: Over) =>
  ({
    kind: "bulk",
    createdAt: over.at ?? 100,
    updatedAt: over.at ?? 100,
    bulk: {
      creditsSpent: over.credits ?? 3,
      request: {
        sheetName: over.tab ?? "Sheet1",
        range: { column: 1, firstRow: 2, lastRow: 7, ...over.rows },
      },
      ...(over.sheet === undefined ? {} : { recordSheetId: over.sheet }),
      ...(over.only === undefined ? {} : { rowsOnly: over.only }),
    },
  }) as unknown as Job;

describe("recordMadeAgain", () => {
  it("says so when a run that bought names another record sheet than the one there now", () => {
    expect(recordMadeAgain(7, [people, run({ sheet: 5 })], 0)).toBe(true);
    expect(recordMadeAgain(7, [run({ sheet: 7 }), run({ sheet: 7, at: 200 })], 0)).toBe(false);
    // A run saved before the id was kept, one that bought nothing, one bought before the window: not known.
    expect(recordMadeAgain(7, [run({}), run({ sheet: 5, credits: 0 }), run({ sheet: 5, at: 99 })], 100)).toBe(
      false,
    );
    expect(recordMadeAgain(7, [run({ sheet: 5, at: 100 })], 100)).toBe(true);
  });

  it("is quiet once a later run over the same rows bought into the record there now", () => {
    expect(recordMadeAgain(7, [run({ sheet: 5 }), run({ sheet: 7, at: 100 })], 0)).toBe(false);
    expect(recordMadeAgain(7, [run({ sheet: 5, at: 100 }), run({ sheet: 7, at: 99 })], 0)).toBe(true);
    expect(recordMadeAgain(7, [run({ sheet: 5 }), run({ sheet: 8, at: 200 })], 0)).toBe(true);
    // A "new rows only" refresh bought some rows again, not all: the others are still unknown.
    expect(recordMadeAgain(7, [run({ sheet: 5 }), run({ sheet: 7, at: 200, only: "" })], 0)).toBe(true);
    expect(recordMadeAgain(7, [run({ sheet: 5 }), run({ sheet: 7, at: 200, only: "0-5" })], 0)).toBe(true);
    for (const rows of [{ column: 2 }, { firstRow: 3 }, { lastRow: 8 }, { lastRow: null }])
      expect(recordMadeAgain(7, [run({ sheet: 5 }), run({ sheet: 7, at: 200, rows })], 0)).toBe(true);
    expect(recordMadeAgain(7, [run({ sheet: 5 }), run({ sheet: 7, at: 200, tab: "Bob" })], 0)).toBe(true);
  });
});

describe("noteRecordSheet", () => {
  it("keeps the first record sheet a run bought into, asking its id only then", () => {
    const state = {} as BulkState;
    noteRecordSheet(state, () => null);
    expect(state.recordSheetId).toBeUndefined();
    noteRecordSheet(state, () => 5);
    expect(state.recordSheetId).toBe(5);
    let asked = 0;
    noteRecordSheet(state, () => {
      asked++;
      return 9;
    });
    expect([state.recordSheetId, asked]).toEqual([5, 0]);
  });
});
