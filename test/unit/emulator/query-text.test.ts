// The text form of advanced queries: every operator, AND/OR/parentheses, and what malformed text says.
import { describe, expect, it } from "vitest";
import { QueryError } from "../../../emulator/query/ast.ts";
import { parseQueryText } from "../../../emulator/query/parse-text.ts";

describe("parseQueryText", () => {
  it("reads one condition", () => {
    expect(parseQueryText("technology EQ 'python'")).toEqual({
      op: "EQ",
      field: "technology",
      values: ["python"],
    });
  });

  it("reads every operator, case-insensitively", () => {
    expect(parseQueryText("country not eq 'US'")).toEqual({ op: "NOT EQ", field: "country", values: ["US"] });
    expect(parseQueryText("technology IN ('react', 'vue-js')")).toEqual({
      op: "IN",
      field: "technology",
      values: ["react", "vue-js"],
    });
    expect(parseQueryText("technology NOT IN ('react')")).toEqual({
      op: "NOT IN",
      field: "technology",
      values: ["react"],
    });
    expect(parseQueryText("technology IN ALL ('react', 'go')")).toEqual({
      op: "IN ALL",
      field: "technology",
      values: ["react", "go"],
    });
  });

  it("joins conditions with AND, the spec's form", () => {
    expect(
      parseQueryText(
        "technology EQ 'react' AND job_function EQ 'Data Engineer' AND employee_count EQ '100-'",
      ),
    ).toEqual({
      op: "AND",
      children: [
        { op: "EQ", field: "technology", values: ["react"] },
        { op: "EQ", field: "job_function", values: ["Data Engineer"] },
        { op: "EQ", field: "employee_count", values: ["100-"] },
      ],
    });
  });

  it("binds AND tighter than OR and honours parentheses", () => {
    const a = { op: "EQ", field: "country", values: ["US"] };
    const b = { op: "EQ", field: "country", values: ["DE"] };
    const c = { op: "EQ", field: "technology", values: ["go"] };
    expect(parseQueryText("country EQ 'US' OR country EQ 'DE' AND technology EQ 'go'")).toEqual({
      op: "OR",
      children: [a, { op: "AND", children: [b, c] }],
    });
    expect(parseQueryText("(country EQ 'US' OR country EQ 'DE') AND technology EQ 'go'")).toEqual({
      op: "AND",
      children: [{ op: "OR", children: [a, b] }, c],
    });
  });

  it("reads doubled quotes inside a value, double-quoted strings and bare numbers", () => {
    expect(parseQueryText("tag EQ 'o''brien'")).toEqual({ op: "EQ", field: "tag", values: ["o'brien"] });
    expect(parseQueryText('industry EQ "Information"')).toEqual({
      op: "EQ",
      field: "industry",
      values: ["Information"],
    });
    expect(parseQueryText("organization EQ 100036")).toEqual({
      op: "EQ",
      field: "organization",
      values: [100036],
    });
  });

  const EXAMPLE =
    "Write conditions as <field> EQ '<value>' joined with AND, e.g. technology EQ 'python' AND country EQ 'US'.";
  const cases: [string, string][] = [
    ["", `The query ends where a condition was expected. ${EXAMPLE}`],
    [
      "technology",
      `Expected an operator (EQ, NOT EQ, IN, NOT IN, IN ALL) after "technology", but the query ends. ${EXAMPLE}`,
    ],
    ["technology = 'python'", `Unexpected character "=" at character 12. ${EXAMPLE}`],
    [
      "technology LIKE 'py'",
      `Expected an operator (EQ, NOT EQ, IN, NOT IN, IN ALL) after "technology", but found "LIKE" at character 12. ${EXAMPLE}`,
    ],
    [
      "technology EQ python",
      `Expected a quoted value after technology EQ, but found "python", e.g. technology EQ 'value'.`,
    ],
    ["technology EQ 'python", "Unterminated string starting at character 15: close it with '."],
    [
      "technology IN 'a'",
      `Expected "(" after technology IN: list values as ('a', 'b'), but found 'a' at character 15.`,
    ],
    [
      "technology IN ('a' 'b')",
      `Expected ")" to close the list after technology IN, but found 'b' at character 20.`,
    ],
    [
      "technology IN ()",
      "Expected a quoted value in the list after technology IN, e.g. technology IN ('a', 'b').",
    ],
    [
      "technology EQ 'a' country EQ 'US'",
      `Unexpected "country" at character 19: join conditions with AND. ${EXAMPLE}`,
    ],
    ["technology EQ 'a' AND", `The query ends where a condition was expected. ${EXAMPLE}`],
    ["(technology EQ 'a'", `Expected ")" to close the parenthesis, but the query ends.`],
    ["'python' EQ technology", `Expected a field name at character 1, found 'python'. ${EXAMPLE}`],
  ];
  it.each(cases)("rejects %j with a message that says what to write", (text, message) => {
    expect(() => parseQueryText(text)).toThrow(new QueryError(message));
  });
});
