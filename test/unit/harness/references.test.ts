// Formula references: found outside strings in every A1 form, and moved as copying a formula moves them.
import { describe, expect, it } from "vitest";
import { hasRefError, mapReferences, translateRows } from "../../../harness/formula/references.ts";

describe("formula references", () => {
  it("finds cells, ranges, open-ended, column and row ranges, qualified or not, and never text", () => {
    const seen: string[] = [];
    mapReferences(`=F(A2, $B$3:C9, 'My sheet'!A2:A, Data!B:C, 3:$5, "A1", LOG10(D4))`, (ref) => {
      seen.push(JSON.stringify([ref.sheet, ref.start.col, ref.start.row, ref.end?.col, ref.end?.row]));
      return null;
    });
    expect(seen).toEqual([
      "[null,1,2,null,null]",
      "[null,2,3,3,9]",
      '["My sheet",1,2,1,null]',
      '["Data",2,null,3,null]',
      "[null,null,3,null,5]",
      "[null,4,4,null,null]",
    ]);
  });

  it("translates relative rows, keeps $ rows and spelling, and writes #REF! above row 1", () => {
    expect(translateRows(`=F(A2, $A$2, A$2:B3, 'My sheet'!C4, "A2")`, 3)).toBe(
      `=F(A5, $A$2, A$2:B6, 'My sheet'!C7, "A2")`,
    );
    expect(translateRows("=F(A2:A, 2:3)", -1)).toBe("=F(A1:A, 1:2)");
    expect(translateRows("=F(A1)", -1)).toBe("=F(#REF!)");
    expect(hasRefError("=F(#REF!)")).toBe(true);
    expect(hasRefError('=F("#REF!")')).toBe(false);
  });
});
