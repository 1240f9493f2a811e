// Rows a new run sends again whose last paid answer was lost: counted for the price, which names them.
import { describe, expect, it } from "vitest";
import { againWords, lostKeys, rowsAgain } from "../../../src/core/bulk/lost-again.ts";
import type { BulkState } from "../../../src/core/bulk/state.ts";
import { readOrganization } from "../../../src/core/organizations/identifiers.ts";

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
