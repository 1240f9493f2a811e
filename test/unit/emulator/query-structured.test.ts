// The structured form of advanced queries (spec §2.8): every operator and the errors of missing parts.
import { describe, expect, it } from "vitest";
import { QueryError } from "../../../emulator/query/ast.ts";
import { fromStructured } from "../../../emulator/query/from-structured.ts";
import { parseQuery } from "../../../emulator/query/parse.ts";

describe("fromStructured", () => {
  it("converts every operator", () => {
    expect(fromStructured({ operator: "NOOP" })).toEqual({ op: "NOOP" });
    expect(fromStructured({ operator: "EQ", field: "Technology", value: "go" })).toEqual({
      op: "EQ",
      field: "technology",
      values: ["go"],
    });
    expect(fromStructured({ operator: "NOT EQ", field: "country", value: "US" })).toEqual({
      op: "NOT EQ",
      field: "country",
      values: ["US"],
    });
    for (const operator of ["IN", "NOT IN", "IN ALL"] as const) {
      expect(fromStructured({ operator, field: "technology", values: ["go", "rust"] })).toEqual({
        op: operator,
        field: "technology",
        values: ["go", "rust"],
      });
    }
    expect(
      fromStructured({
        operator: "OR",
        children: [
          {
            operator: "AND",
            children: [{ operator: "EQ", field: "country", value: "US" }, { operator: "NOOP" }],
          },
          { operator: "EQ", field: "employee_count", value: 50 },
        ],
      }),
    ).toEqual({
      op: "OR",
      children: [
        { op: "AND", children: [{ op: "EQ", field: "country", values: ["US"] }, { op: "NOOP" }] },
        { op: "EQ", field: "employee_count", values: [50] },
      ],
    });
  });

  it("accepts a single value for a list operator", () => {
    expect(fromStructured({ operator: "IN", field: "country", value: "US" })).toEqual({
      op: "IN",
      field: "country",
      values: ["US"],
    });
  });

  it.each([
    [{ operator: "AND", children: [] }, 'AND needs "children": a non-empty list of queries.', ["children"]],
    [{ operator: "OR" }, 'OR needs "children": a non-empty list of queries.', ["children"]],
    [{ operator: "EQ", value: "x" }, 'EQ needs a "field", e.g. "technology".', ["field"]],
    [
      { operator: "EQ", field: "technology" },
      'EQ needs a "value", e.g. {"operator": "EQ", "field": "technology", "value": "…"}.',
      ["value"],
    ],
    [
      { operator: "IN", field: "technology", values: [] },
      'IN needs "values", a non-empty list, e.g. ["a", "b"].',
      ["values"],
    ],
  ] as const)("rejects %j with a message and a location", (query, message, path) => {
    try {
      fromStructured(query as never);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(QueryError);
      expect((error as QueryError).message).toBe(message);
      expect((error as QueryError).path).toEqual(path);
    }
  });

  it("locates an error inside nested children", () => {
    try {
      fromStructured({
        operator: "AND",
        children: [{ operator: "NOOP" }, { operator: "IN", field: "country" }],
      });
      expect.unreachable();
    } catch (error) {
      expect((error as QueryError).path).toEqual(["children", 1, "values"]);
    }
  });
});

describe("parseQuery", () => {
  it("reads the text form and the structured form alike", () => {
    expect(parseQuery({ query: "country EQ 'US'" })).toEqual(
      parseQuery({ operator: "EQ", field: "country", value: "US" }),
    );
  });
});
