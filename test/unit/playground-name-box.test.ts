// The playground's name box: what it goes to, and the "Invalid range" sentence for what it cannot.
import { describe, expect, it } from "vitest";
import { readNameBox } from "../../playground/page/selection.ts";

describe("the name box on a 2,500-row × 30-column sheet", () => {
  const read = (text: string) => readNameBox(text, 2500, 30);

  it("goes to a cell, a range, a whole column, whatever the case and spaces", () => {
    expect(read(" c3 ")).toEqual({ anchor: { row: 3, col: 3 }, focus: { row: 3, col: 3 } });
    expect(read("B2:AD2500")).toEqual({ anchor: { row: 2, col: 2 }, focus: { row: 2500, col: 30 } });
    expect(read("B:B")).toEqual({ anchor: { row: 1, col: 2 }, focus: { row: 2500, col: 2 } });
  });

  it("says which cell is the sheet's last for a cell or range past it", () => {
    expect(read("ae2")).toBe("Invalid range: AE2 is past this sheet's last cell, AD2500.");
    expect(read("A60000")).toBe("Invalid range: A60000 is past this sheet's last cell, AD2500.");
    expect(read("A1:A2501")).toBe("Invalid range: A1:A2501 is past this sheet's last cell, AD2500.");
  });

  it("says what to type for text that is no cell, without echoing long input whole", () => {
    expect(read("Z0")).toBe("Invalid range: Z0 is not a cell or a range on this sheet such as B2 or A2:C9.");
    expect(read("")).toBe("Invalid range: type a cell or a range such as B2 or A2:C9.");
    expect(read("Sheet1!A1")).toBe(
      "Invalid range: Sheet1!A1 is not a cell or a range on this sheet such as B2 or A2:C9.",
    );
    expect(read("x".repeat(500))).toBe(
      `Invalid range: ${"x".repeat(20)}… is not a cell or a range on this sheet such as B2 or A2:C9.`,
    );
  });
});
