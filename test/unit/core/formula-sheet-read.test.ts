// A buying formula's siblings, found in one read of its sheet (formulas and values from A1).
import { describe, expect, it } from "vitest";
import { SIBLING_WINDOW_ROWS, siblingIdentifiersIn } from "../../../src/core/formulas/sheet-read.ts";

/** A sheet of `rows` rows: domains in A, `formula(row)` in B (blank where it gives ""), extra columns blank. */
function sheet(rows: number, formula: (row: number) => string, columns = 2) {
  const formulas: string[][] = [];
  const values: unknown[][] = [];
  for (let row = 1; row <= rows; row++) {
    const cells = Array.from({ length: columns }, () => "");
    cells[1] = formula(row);
    formulas.push(cells);
    values.push([`org${row}.com`, ...cells.slice(1).map(() => "")]);
  }
  return { formulas, values };
}

describe("siblingIdentifiersIn", () => {
  it("reads the identifiers of the formula's siblings down its column, in row order", () => {
    const read = sheet(6, (row) => (row === 4 ? "" : `=ORG_ATTR(A${row},"industry")`));
    read.formulas[4]![1] = '=ORG_ATTR(A5,"name")';
    expect(siblingIdentifiersIn(read, { row: 3, column: 2 })).toEqual([
      "org1.com",
      "org2.com",
      "org3.com",
      "org6.com",
    ]);
  });

  it("reads the identifier at the formula's distance, blank beyond what the sheet holds", () => {
    // =ORG_ATTR(A3,…) in B2: the identifier one row down (below the read for B3: blank); then a column
    // right of everything the sheet holds.
    const read = sheet(3, (row) => `=ORG_ATTR(A${row + 1},"industry")`);
    expect(siblingIdentifiersIn(read, { row: 2, column: 2 })).toEqual(["org2.com", "org3.com", ""]);
    const right = sheet(2, (row) => `=ORG_ATTR(E${row},"industry")`);
    expect(siblingIdentifiersIn(right, { row: 1, column: 2 })).toEqual(["", ""]);
  });

  it("looks only within the window above and below the formula", () => {
    const read = sheet(30, (row) => `=ORG_ATTR(A${row},"industry")`);
    expect(siblingIdentifiersIn(read, { row: 15, column: 2 }, 3)).toEqual(
      [12, 13, 14, 15, 16, 17, 18].map((row) => `org${row}.com`),
    );
    expect(siblingIdentifiersIn(read, { row: 2, column: 2 }, 3)).toEqual(
      [1, 2, 3, 4, 5].map((row) => `org${row}.com`),
    );
    expect(SIBLING_WINDOW_ROWS).toBe(5_000);
    const long = sheet(12_000, (row) => `=ORG_ATTR(A${row},"industry")`);
    const found = siblingIdentifiersIn(long, { row: 6_000, column: 2 });
    expect(found).toHaveLength(10_001);
    expect([found?.[0], found?.[10_000]]).toEqual(["org1000.com", "org11000.com"]);
  });

  it("is null for a range argument, a fixed reference, no formula, or an identifier above row 1", () => {
    expect(
      siblingIdentifiersIn(
        sheet(3, () => '=ORG_ATTR(A1:A3,"name")'),
        { row: 2, column: 2 },
      ),
    ).toBeNull();
    expect(
      siblingIdentifiersIn(
        sheet(3, () => '=ORG_ATTR(A$1,"name")'),
        { row: 2, column: 2 },
      ),
    ).toBeNull();
    expect(
      siblingIdentifiersIn(
        sheet(3, () => ""),
        { row: 2, column: 2 },
      ),
    ).toBeNull();
    // A cell beyond the read has no formula.
    expect(
      siblingIdentifiersIn(
        sheet(3, () => '=ORG_ATTR(A1,"name")'),
        { row: 9, column: 2 },
      ),
    ).toBeNull();
    // =ORG_ATTR(A1,…) filled from B2: B1 would read A0, so the first sibling's identifier is off the sheet.
    const above = sheet(3, (row) => `=ORG_ATTR(A${row - 1},"name")`);
    expect(siblingIdentifiersIn(above, { row: 2, column: 2 })).toBeNull();
  });
});
