// Checking a bulk request from the sidebar: normalised on success, an exact sentence for every mistake.
import { describe, expect, it } from "vitest";
import { ORGANIZATION_ATTRIBUTE_NAMES } from "../../../src/api/contract/index.ts";
import { MAX_FIELDS, validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import { RequestError } from "../../../src/core/text/user-errors";

const attr = (name: string) => ({ kind: "attribute", name });
const valid = { sheetName: "Leads", inputRange: "A2:A501", fields: [attr("employee_count")] };

function refusal(input: unknown): string {
  try {
    validateEnrichmentRequest(input);
  } catch (error) {
    expect(error).toBeInstanceOf(RequestError);
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
}

describe("validateEnrichmentRequest", () => {
  it("normalises a minimal request to new columns with header detection", () => {
    expect(validateEnrichmentRequest(valid)).toEqual({
      sheetName: "Leads",
      range: { column: 1, firstRow: 2, lastRow: 501 },
      fields: [{ kind: "attribute", name: "employee_count" }],
      output: { mode: "new-columns", consent: false, targetColumn: null },
      header: "auto",
    });
  });

  it("takes the sheet from the range, folds attribute case and drops repeated fields", () => {
    const request = validateEnrichmentRequest({
      inputRange: "'Q3 leads'!B2:B",
      fields: [
        attr("Industry"),
        attr("industry"),
        {
          kind: "metric",
          type: "technology",
          term: " kubernetes ",
          metric: "job_post_count",
          since: "2025-01-01",
        },
        {
          kind: "metric",
          type: "technology",
          term: "kubernetes",
          metric: "job_post_count",
          since: "2025-01-01",
        },
      ],
      output: { mode: "empty-only", targetColumn: "d" },
      header: "no",
    });
    expect(request.sheetName).toBe("Q3 leads");
    expect(request.range).toEqual({ column: 2, firstRow: 2, lastRow: null });
    expect(request.fields).toEqual([
      { kind: "attribute", name: "industry" },
      {
        kind: "metric",
        type: "technology",
        term: "kubernetes",
        metric: "job_post_count",
        since: "2025-01-01",
      },
    ]);
    expect(request.output).toEqual({ mode: "empty-only", consent: false, targetColumn: 4 });
    expect(request.header).toBe("no");
  });

  it("accepts overwrite with consent", () => {
    const request = validateEnrichmentRequest({
      ...valid,
      output: { mode: "overwrite", targetColumn: "C", consent: true },
    });
    expect(request.output).toEqual({ mode: "overwrite", consent: true, targetColumn: 3 });
  });

  it("refuses malformed requests with exact messages", () => {
    const cases: [unknown, string][] = [
      [null, "The enrichment request must be an object with sheetName, inputRange, fields and output."],
      [[], "The enrichment request must be an object with sheetName, inputRange, fields and output."],
      [
        { ...valid, inputRange: undefined },
        "Choose the column of organization identifiers to enrich (inputRange, for example A2:A501).",
      ],
      [
        { ...valid, inputRange: "A2:C9" },
        '"A2:C9" is not a single column. Select one column of organization identifiers, for example A2:A501.',
      ],
      [{ ...valid, sheetName: "" }, "Choose the sheet to enrich (sheetName)."],
      [
        { ...valid, inputRange: "Other!A2:A9" },
        'The range names the sheet "Other" but the request names "Leads".',
      ],
      [{ ...valid, fields: [] }, "Choose at least one attribute or metric to add."],
      [{ ...valid, fields: "industry" }, "Choose at least one attribute or metric to add."],
      [
        { ...valid, fields: Array.from({ length: MAX_FIELDS + 1 }, () => attr("name")) },
        "Choose at most 50 attributes and metrics at a time; got 51.",
      ],
      [
        { ...valid, fields: [attr("name"), "industry"] },
        'Field 2 must be an attribute ({kind: "attribute", name}) or a metric ({kind: "metric", type, term, metric, since?}).',
      ],
      [
        { ...valid, fields: [attr("revenue")] },
        `Unknown attribute "revenue". Use one of: ${ORGANIZATION_ATTRIBUTE_NAMES.join(", ")}.`,
      ],
      [
        { ...valid, fields: [{ kind: "metric", type: "tech", term: "k8s", metric: "job_post_count" }] },
        'Unknown metric type "tech". Did you mean "technology" or "technology_category"? Use one of: technology, job_function, advanced_query, technology_category.',
      ],
      [
        { ...valid, fields: [{ kind: "metric", type: "technology", term: " ", metric: "job_post_count" }] },
        "Field 1 needs a term (a technology, job function, query or category).",
      ],
      [
        { ...valid, fields: [{ kind: "metric", type: "technology", term: "react" }] },
        "Field 1 needs a metric, for example job_post_count.",
      ],
      [
        {
          ...valid,
          fields: [
            { kind: "metric", type: "technology_category", term: "crm", metric: "people_concentration" },
          ],
        },
        'Unknown metric "people_concentration" for technology_category. Use one of: job_post_count, job_post_count_growth_1y, people_count, team_count.',
      ],
      [
        {
          ...valid,
          fields: [
            { kind: "metric", type: "technology", term: "react", metric: "team_count", since: "1/2/2025" },
          ],
        },
        '"since" must be a date as YYYY-MM-DD; got "1/2/2025".',
      ],
      [{ ...valid, output: "new-columns" }, 'The output must be an object such as {mode: "new-columns"}.'],
      [
        { ...valid, output: { mode: "append" } },
        'Unknown output mode "append". Use one of: new-columns, empty-only, overwrite.',
      ],
      [
        { ...valid, output: { mode: "empty-only" } },
        'Choose the first column to write into (targetColumn, for example D) for "empty-only".',
      ],
      [
        { ...valid, output: { mode: "empty-only", targetColumn: "4" } },
        '"4" is not a column. Give column letters such as D.',
      ],
      [
        {
          ...valid,
          fields: [attr("name"), attr("industry")],
          output: { mode: "empty-only", targetColumn: "ZZZ" },
        },
        '"ZZZ" is not a column. Give column letters such as D.',
      ],
      [
        {
          ...valid,
          inputRange: "B2:B9",
          fields: [attr("name"), attr("industry")],
          output: { mode: "empty-only", targetColumn: "A" },
        },
        "The output columns A:B would cover the input column B. Choose columns that leave the identifiers alone.",
      ],
      [
        {
          ...valid,
          fields: [attr("name"), attr("industry")],
          output: { mode: "overwrite", targetColumn: "D" },
        },
        "Overwriting needs your consent: values already in D2:E501 would be replaced. Confirm, then start again.",
      ],
      [
        { ...valid, inputRange: "A2:A", output: { mode: "overwrite", targetColumn: "D", consent: "yes" } },
        "Overwriting needs your consent: values already in D2:D would be replaced. Confirm, then start again.",
      ],
      [{ ...valid, header: true }, "Unknown header setting true. Use one of: auto, yes, no."],
    ];
    for (const [input, message] of cases) expect(refusal(input)).toBe(message);
  });
});
