// Recognising the cells of a filled-down formula from their text.
import { describe, expect, it } from "vitest";
import { isSibling, readCall, siblingPattern, siblingRows } from "../../../src/core/formulas/siblings.ts";

describe("readCall", () => {
  it("reads one top-level call with quoted commas and nested parentheses", () => {
    expect(readCall('=org_attr(A2, "name,industry")')).toEqual({
      name: "ORG_ATTR",
      args: ["A2", '"name,industry"'],
    });
    expect(readCall("=TECH_COUNT(A2,B$1,IF(C2,1,2))")).toEqual({
      name: "TECH_COUNT",
      args: ["A2", "B$1", "IF(C2,1,2)"],
    });
    expect(readCall("=A2+1")).toBeNull();
    expect(readCall('=ORG_ATTR(A2,"x)')).toBeNull();
  });
});

describe("siblings", () => {
  const pattern = siblingPattern('=ORG_ATTR(A2,"industry")', 2)!;

  it("match the same call with its identifier at the same distance, and nothing else", () => {
    expect(pattern).toEqual({
      call: { name: "ORG_ATTR", args: ["A2", '"industry"'] },
      column: "A",
      offset: 0,
    });
    expect(isSibling(pattern, '=ORG_ATTR(A7,"industry")', 7)).toBe(true);
    expect(isSibling(pattern, '=org_attr(a7,"industry")', 7)).toBe(true);
    expect(isSibling(pattern, '=ORG_ATTR(A8,"industry")', 7)).toBe(false);
    expect(isSibling(pattern, '=ORG_ATTR(C7,"industry")', 7)).toBe(false);
    expect(isSibling(pattern, '=ORG_ATTR(A7,"name")', 7)).toBe(false);
    expect(isSibling(pattern, '=TECH_COUNT(A7,"industry")', 7)).toBe(false);
  });

  it("are not looked for when the identifier is a range or a fixed row", () => {
    expect(siblingPattern('=ORG_ATTR(A2:A9,"name")', 2)).toBeNull();
    expect(siblingPattern('=ORG_ATTR(A$2,"name")', 2)).toBeNull();
    expect(siblingPattern('=ORG_ATTR("acme.com","name")', 2)).toBeNull();
  });

  it("are found down a column of formulas, typed values and gaps", () => {
    const formulas = ['=ORG_ATTR(A2,"industry")', "", '=ORG_ATTR(A4,"industry")', '=ORG_ATTR(A4,"industry")'];
    expect(siblingRows(pattern, formulas, 2)).toEqual([2, 4]);
  });
});
