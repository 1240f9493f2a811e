// The Find tab's query builder writes the advanced query's text form: EQ for one value, IN / IN ALL /
// NOT IN for several, ranges for headcount, and nothing for a row that is not complete yet.
import { describe, expect, it } from "vitest";
import {
  newRow,
  type QueryRow,
  queryText,
  quote,
  rowProblem,
  rowText,
} from "../../../sidebar/lib/query-text.ts";

const items = (...values: string[]) => values.map((value) => ({ value, label: value }));

describe("rowText", () => {
  it.each<[string, QueryRow, string | null]>([
    [
      "one technology",
      { id: 1, field: "technology", match: "any", items: items("python") },
      "technology EQ 'python'",
    ],
    [
      "any of several",
      { id: 1, field: "technology", match: "any", items: items("python", "go") },
      "technology IN ('python', 'go')",
    ],
    [
      "all of several",
      { id: 1, field: "technology", match: "all", items: items("python", "go") },
      "technology IN ALL ('python', 'go')",
    ],
    ["none of one", { id: 1, field: "country", match: "none", items: items("US") }, "country NOT EQ 'US'"],
    [
      "none of several",
      { id: 1, field: "job_function", match: "none", items: items("Sales", "Legal") },
      "job_function NOT IN ('Sales', 'Legal')",
    ],
    [
      "a repeated value once",
      { id: 1, field: "country", match: "any", items: items("US", " US ") },
      "country EQ 'US'",
    ],
    ["no values", { id: 1, field: "country", match: "any", items: [] }, null],
    ["a range", { id: 1, field: "employee_count", min: "100", max: "1,000" }, "employee_count EQ '100-1000'"],
    ["a lower bound", { id: 1, field: "employee_count", min: "1000", max: "" }, "employee_count EQ '1000-'"],
    ["an upper bound", { id: 1, field: "employee_count", min: "", max: "50" }, "employee_count EQ '-50'"],
    ["reversed bounds", { id: 1, field: "employee_count", min: "500", max: "100" }, null],
    ["a bound that is not a number", { id: 1, field: "employee_count", min: "lots", max: "" }, null],
    ["a hiring period", { id: 1, field: "hiring_period", period: "6mo" }, "hiring_period EQ '6mo'"],
  ])("writes %s", (_name, row, text) => {
    expect(rowText(row)).toBe(text);
  });
});

describe("quote", () => {
  it("doubles an apostrophe inside a value", () => {
    expect(quote("O'Reilly")).toBe("'O''Reilly'");
  });
});

describe("queryText", () => {
  it("joins complete rows with AND and leaves out incomplete ones", () => {
    const rows: QueryRow[] = [
      { id: 1, field: "technology", match: "any", items: items("python") },
      { id: 2, field: "country", match: "any", items: [] },
      { id: 3, field: "hiring_period", period: "3mo" },
    ];
    expect(queryText(rows)).toBe("technology EQ 'python' AND hiring_period EQ '3mo'");
    expect(queryText([])).toBe("");
  });
});

describe("rowProblem", () => {
  it("says why a row is left out", () => {
    expect(rowProblem({ id: 1, field: "country", match: "any", items: [] })).toBe("Add at least one value.");
    expect(rowProblem({ id: 1, field: "employee_count", min: "", max: "" })).toBe(
      "Type a lower or an upper bound, or both.",
    );
    expect(rowProblem({ id: 1, field: "employee_count", min: "x", max: "" })).toBe("Type whole numbers.");
    expect(rowProblem({ id: 1, field: "employee_count", min: "9", max: "1" })).toBe(
      "The lower bound is above the upper bound.",
    );
    expect(rowProblem({ id: 1, field: "hiring_period", period: "" })).toBe("Choose a period.");
    expect(rowProblem({ id: 1, field: "hiring_period", period: "1yr" })).toBeNull();
  });
});

describe("newRow", () => {
  it("starts each kind of row empty, a period at the one given", () => {
    expect(newRow(4, "technology")).toEqual({ id: 4, field: "technology", match: "any", items: [] });
    expect(newRow(5, "employee_count")).toEqual({ id: 5, field: "employee_count", min: "", max: "" });
    expect(newRow(6, "hiring_period", "6mo")).toEqual({ id: 6, field: "hiring_period", period: "6mo" });
  });
});
