// rowMoves: where each row of a refresh sat at the last run, from the row prints and the hidden copy's cells.
import { describe, expect, it } from "vitest";
import { rowPrints } from "../../../src/core/changes/row-prints.ts";
import { readOrganization } from "../../../src/core/organizations/identifiers.ts";
import { rowMoves } from "../../../src/server/jobs/refresh-moves.ts";

const A = ["Acme", 10, "Found"];
const B = ["Bolt", 20, "Found"];
const BLANK = ["", "", ""];
const reads = (ids: string[]) => ids.map((id) => readOrganization(id));

describe("rowMoves", () => {
  it("takes where the copy's cells came from when the prints find the row at its own place", () => {
    // A row deleted above, then the rule saved: its prints describe the rows now, while the hidden copy
    // still holds b.com's cells one row lower, where the add-on wrote them.
    const rows = { reads: reads(["a.com", "", "b.com", ""]), outputs: [A, BLANK, B, BLANK] };
    const previous = rowPrints(rows.reads, rows.outputs);
    expect([...rowMoves(rows, previous, new Map([[2, 3]]))]).toEqual([[2, 3]]);
  });

  it("takes the prints' place for a row that moved with its identifier", () => {
    const before = { reads: reads(["a.com", "b.com"]), outputs: [A, B] };
    const previous = rowPrints(before.reads, before.outputs);
    const now = { reads: reads(["b.com", "a.com"]), outputs: [B, A] };
    expect([...rowMoves(now, previous, new Map([[0, 0]]))]).toEqual([
      [0, 1],
      [1, 0],
    ]);
    expect([...rowMoves(now, previous, new Map())]).toEqual([
      [0, 1],
      [1, 0],
    ]);
  });
});
