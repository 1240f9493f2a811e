// Filling a formula down or across moves its relative references only.
import { describe, expect, it } from "vitest";
import { shiftFormula } from "../../../harness/formula/shift-formula.ts";

describe("shiftFormula", () => {
  it("moves relative references and keeps absolute parts, text and function names", () => {
    expect(shiftFormula('=ORG_ATTR(A2,"industry")', 3, 0)).toBe('=ORG_ATTR(A5,"industry")');
    expect(shiftFormula('=ORG_ATTR($A2:B$3, "A2 stays")', 2, 1)).toBe('=ORG_ATTR($A4:C$3, "A2 stays")');
    expect(shiftFormula("=LOG10(A1)+Sheet2!B1", 1, 0)).toBe("=LOG10(A2)+Sheet2!B2");
    expect(shiftFormula("=SUM($A$1:$A$9)", 5, 5)).toBe("=SUM($A$1:$A$9)");
  });

  it("turns a reference moved off the sheet into #REF!", () => {
    expect(shiftFormula("=A2", -2, 0)).toBe("=#REF!");
  });
});
