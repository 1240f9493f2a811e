// Where Map titles writes: the header match that finds the columns already there, the range named, and
// the sentence said before the click.
import { describe, expect, it } from "vitest";
import {
  labelColumn,
  placementSentence,
  type TitleTarget,
  targetRange,
} from "../../../src/server/enrich/titles-target.ts";

const target = (
  columns: [number, number],
  existing: [string | null, string | null],
  kept = 0,
): TitleTarget => ({
  columns,
  existing,
  filled: [],
  kept,
});

describe("labelColumn", () => {
  it("finds a header whatever its case and spacing, never in the titles' own column", () => {
    expect(labelColumn(["Title", "x", "  JOB   Level "], "Job level", 1)).toBe(3);
    expect(labelColumn(["Job level", "Job level"], "Job level", 1)).toBe(2);
    expect(labelColumn(["Job level", "Job level"], "Job level", 3)).toBe(1);
    expect(labelColumn(["Job levels", 4, null], "Job level", 9)).toBeNull();
    expect(labelColumn([], "Job level", 1)).toBeNull();
  });
});

describe("targetRange", () => {
  it("names one block for two new columns side by side, labels included", () => {
    expect(targetRange(target([2, 3], [null, null]), 1, 2, 7)).toBe("B1:C7");
    expect(targetRange(target([2, 3], [null, null]), null, 1, 7)).toBe("B1:C7");
  });
  it("names the data rows only for columns already there", () => {
    expect(targetRange(target([9, 10], ["f", "l"]), 1, 2, 4)).toBe("I2:J4");
  });
  it("names each column apart when they are apart or start on different rows", () => {
    expect(targetRange(target([4, 3], [null, "l"]), 1, 2, 3)).toBe("D1:D3 and C2:C3");
    expect(targetRange(target([3, 4], ["f", null]), 1, 2, 3)).toBe("C2:C3 and D1:D3");
    expect(targetRange(target([2, 5], ["f", "l"]), 1, 2, 3)).toBe("B2:B3 and E2:E3");
  });
});

describe("placementSentence", () => {
  it("says where new columns go", () => {
    expect(placementSentence(target([2, 3], [null, null]), "B1:C7")).toBe("The columns go to B1:C7.");
  });
  it("names the columns already there and what is kept", () => {
    expect(placementSentence(target([9, 10], ["Job Function", "job level"], 1), "I2:J4")).toBe(
      "Writes into the Job Function and job level columns already there (I2:J4); the 1 cell already filled is kept.",
    );
    expect(placementSentence(target([9, 10], ["F", "L"], 2), "I2:J4")).toBe(
      "Writes into the F and L columns already there (I2:J4); the 2 cells already filled are kept.",
    );
    expect(placementSentence(target([9, 10], ["F", "L"]), "I2:J4")).toBe(
      "Writes into the F and L columns already there (I2:J4).",
    );
  });
  it("names the one column there and the one added", () => {
    expect(placementSentence(target([4, 3], [null, "level"]), "R")).toBe(
      "Writes into the level column already there and a new Job function column (R).",
    );
    expect(placementSentence(target([3, 4], ["function", null]), "R")).toBe(
      "Writes into the function column already there and a new Job level column (R).",
    );
  });
});
