// A deleted purchase record: the price says what may be bought again only where answers were bought.
import { describe, expect, it } from "vitest";
import { RECORD_GONE_WORDS, recordGone } from "../../../src/core/bulk/record-gone.ts";
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
