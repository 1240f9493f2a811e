// Reading ORG_ATTR formulas as what they ask for, without running them.
import { describe, expect, it } from "vitest";
import { censusOf } from "../../../src/core/formulas/census.ts";

describe("censusOf", () => {
  it("reads same-sheet cells and ranges, other sheets through the reader, and skips what it cannot read", () => {
    const formulas = [
      ["", '=ORG_ATTR(A1,"name")', '=ORG_ATTR($A$1:A2, "industry,name")'],
      ["", '=ORG_ATTR(Leads!A2,"name")', '=ORG_ATTR(A2,"industy")'],
      ["", "=ORG_ATTR(A2, B1)", "=SUM(A1:A2)"],
    ];
    const values = [["acme.com"], ["globex.com"]];
    const census = censusOf(formulas, values, (a1) => (a1 === "Leads!A2" ? [["initech.com"]] : null));
    expect(census.formulaCells).toBe(6);
    expect(
      census.uses.map((u) => [u.fields.map((f) => (f.kind === "attribute" ? f.name : "")), u.identifiers]),
    ).toEqual([
      [["name"], ["acme.com"]],
      [
        ["industry", "name"],
        ["acme.com", "globex.com"],
      ],
      [["name"], ["initech.com"]],
    ]);
  });
});
