// formulaValue: what a formula's cell gets for each kind of service value.
import { describe, expect, it } from "vitest";
import { formulaValue } from "../../../src/functions/formula-values.ts";

/** Midnight UTC, standing in for the spreadsheet's zone. */
const day = (year: number, month: number, date: number) => new Date(Date.UTC(year, month - 1, date));

describe("formulaValue", () => {
  it("makes an ISO day that day's midnight in the spreadsheet's zone, and a timestamp its instant", () => {
    expect(formulaValue("2024-03-01", day)).toEqual(new Date(Date.UTC(2024, 2, 1)));
    expect(formulaValue("2024-02-29", day)).toEqual(new Date(Date.UTC(2024, 1, 29)));
    expect(formulaValue("2024-03-01T09:30:00Z", day)).toEqual(new Date(Date.UTC(2024, 2, 1, 9, 30)));
  });

  it("keeps what is not a real day as text, and other values as they are", () => {
    expect(formulaValue("2023-02-29", day)).toBe("2023-02-29");
    expect(formulaValue("2024-13-01", day)).toBe("2024-13-01");
    expect(formulaValue("2024-03-01 Series B", day)).toBe("2024-03-01 Series B");
    expect(formulaValue(1200, day)).toBe(1200);
    expect(formulaValue(true, day)).toBe(true);
    expect(formulaValue(null, day)).toBe("");
    expect(formulaValue(["a", "b"], day)).toBe("a, b");
  });
});
