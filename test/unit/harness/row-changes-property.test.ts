// Properties of the row arithmetic behind insertRows, deleteRows and moveRows, over random sheets of formulas.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { columnLetters } from "../../../harness/a1.ts";
import { adjustForRows, cellRow, type RowChange } from "../../../harness/formula/row-changes.ts";

const row = fc.integer({ min: 1, max: 60 });
const reference = fc.oneof(
  fc
    .tuple(fc.integer({ min: 1, max: 5 }), row, fc.boolean())
    .map(([c, r, fixed]) => (fixed ? `$${columnLetters(c)}$${r}` : `${columnLetters(c)}${r}`)),
  fc.tuple(row, fc.integer({ min: 0, max: 20 })).map(([r, n]) => `A${r}:B${r + n}`),
  row.map((r) => `C${r}:C`),
  fc.constantFrom("A:A", "Other!A5", "'My sheet'!B2:B9"),
);
const formula = fc
  .array(reference, { minLength: 1, maxLength: 5 })
  .map((refs) => `=F(${refs.join(", ")}, "A1")`);

describe("row changes, for any formula", () => {
  it("deleting the rows just inserted gives the formula back", () => {
    fc.assert(
      fc.property(formula, row, fc.integer({ min: 1, max: 10 }), (text, before, count) => {
        const inserted = adjustForRows(text, "S", "S", { kind: "insert", before, count });
        expect(adjustForRows(inserted, "S", "S", { kind: "delete", row: before, count })).toBe(text);
      }),
    );
  });

  it("moving rows sends every row somewhere else exactly once", () => {
    fc.assert(
      fc.property(
        row,
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 71 }),
        (from, count, before) => {
          fc.pre(before <= from || before > from + count - 1);
          const change: RowChange = { kind: "move", from, count, before };
          const rows = Array.from({ length: 80 }, (_, i) => cellRow(i + 1, change));
          expect([...rows].sort((a, b) => a! - b!)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
        },
      ),
    );
  });
});
