// The notable changes of a refresh run, in words, exactly as the sidebar lists them.
import { describe, expect, it } from "vitest";
import { type CellChange, DEFAULT_THRESHOLDS } from "../../../src/core/changes/change";
import { readThresholdPercent, summarizeChanges } from "../../../src/core/changes/notable";

let row = 1;
function change(field: string, before: CellChange["before"], after: CellChange["after"]): CellChange {
  row += 1;
  return {
    at: 0,
    ruleId: "r1",
    sheetName: "Accounts",
    row,
    column: 3,
    organization: `org${row}.com`,
    field,
    before,
    after,
  };
}

describe("summarizeChanges", () => {
  it("words a count past the default 10% with its move, and keeps smaller moves among the others", () => {
    const changes = [
      change("employee_count", 1200, 1450),
      change("employee_count", 1000, 1050),
      change("employee_count", 1000, 900),
      change("jobs_count", 40, 30),
    ];
    const summary = summarizeChanges(changes, DEFAULT_THRESHOLDS);
    expect(summary.notable.map((n) => [n.kind, n.organization, n.words])).toEqual([
      ["count", "org2.com", "Employee count 1,200 → 1,450 (+21%)"],
      ["count", "org4.com", "Employee count 1,000 → 900 (−10%)"],
      ["count", "org5.com", "Job posts 40 → 30 (−25%)"],
    ]);
    expect(summary.others).toBe(1);
  });

  it("counts a cell whose row holds another organization now among the others, however far it moved", () => {
    const replaced = [
      { ...change("employee_count", 2635, 19), newOrganization: true },
      { ...change("industry", "Retail Trade", "Information"), newOrganization: true },
    ];
    const moved = change("employee_count", 100, 150);
    const summary = summarizeChanges([...replaced, moved], DEFAULT_THRESHOLDS);
    expect(summary.notable.map((n) => n.words)).toEqual(["Employee count 100 → 150 (+50%)"]);
    expect(summary.others).toBe(2);
  });

  it("counts a cell refilled free from what was bought among the others", () => {
    const filled = { ...change("employee_count", 2635, 19), filled: true };
    const summary = summarizeChanges([filled], DEFAULT_THRESHOLDS);
    expect(summary.notable).toEqual([]);
    expect(summary.others).toBe(1);
  });

  it("follows the rule's own threshold", () => {
    const changes = [change("employee_count", 1200, 1450), change("employee_count", 100, 140)];
    const summary = summarizeChanges(changes, { countChange: 0.3 });
    expect(summary.notable.map((n) => n.words)).toEqual(["Employee count 100 → 140 (+40%)"]);
    expect(summary.others).toBe(1);
  });

  it("words every categorical change with human values, an empty cell as blank", () => {
    const changes = [
      change("industry", "Software", "Financial services"),
      change("status", "active", "closed"),
      change("funding_last_round_type", "Series B", "series_c"),
      change("headquarters_country", "", "Germany"),
    ];
    const summary = summarizeChanges(changes, DEFAULT_THRESHOLDS);
    expect(summary.notable.map((n) => [n.kind, n.words])).toEqual([
      ["category", "Industry Software → Financial services"],
      ["category", "Organization status Active → Closed"],
      ["category", "Last round type Series B → Series C"],
      ["category", "HQ country blank → Germany"],
    ]);
    expect(summary.others).toBe(0);
  });

  it("names the technologies and job functions that appeared, not those that went", () => {
    const changes = [
      change("technologies", "Python, AWS", "Python, AWS, Snowflake, dbt"),
      change("technologies", "Python, AWS", "Python"),
      change("job_functions", "", "Data engineering"),
      change("m:technology:snowflake:job_post_count:", 0, 3),
      change("m:job_function:data_engineering:people_count:", null, 12),
      change("m:technology:kafka:job_post_count:", 20, 21),
    ];
    const summary = summarizeChanges(changes, DEFAULT_THRESHOLDS);
    expect(summary.notable.map((n) => [n.kind, n.words])).toEqual([
      ["appeared", "Started using Snowflake"],
      ["appeared", "Started using dbt"],
      ["appeared", "Started hiring for Data engineering"],
      ["appeared", "Started using Snowflake"],
      ["appeared", "Started hiring for Data engineering"],
    ]);
    expect(summary.others).toBe(2);
  });

  it("words a metric count past the threshold by its entity and metric", () => {
    const summary = summarizeChanges(
      [change("m:technology:kafka:job_post_count:", 10, 15)],
      DEFAULT_THRESHOLDS,
    );
    expect(summary.notable.map((n) => n.words)).toEqual(["Kafka: Job posts 10 → 15 (+50%)"]);
  });

  it("counts as others what is not a count or a category: names, ids, counts from or to blank", () => {
    const changes = [
      change("name", "Acme", "Acme Inc"),
      change("id", 10, 9000),
      change("employee_count", null, 40),
      change("employee_count", 40, ""),
      change("employee_count", 0, 40),
    ];
    const summary = summarizeChanges(changes, DEFAULT_THRESHOLDS);
    expect(summary.notable).toEqual([]);
    expect(summary.others).toBe(5);
  });

  it("reads counts Sheets hands back as text and keeps where each change is", () => {
    const [first] = summarizeChanges(
      [change("employee_count", "2,000", "1,500")],
      DEFAULT_THRESHOLDS,
    ).notable;
    expect(first).toEqual({
      kind: "count",
      words: "Employee count 2,000 → 1,500 (−25%)",
      organization: first?.organization,
      sheetName: "Accounts",
      row: first?.row,
      column: 3,
      field: "employee_count",
    });
  });
});

describe("readThresholdPercent", () => {
  it("keeps a percent as the fraction on the rule", () => {
    expect(readThresholdPercent(10)).toEqual({ countChange: 0.1 });
    expect(readThresholdPercent("25")).toEqual({ countChange: 0.25 });
    expect(readThresholdPercent(12.5)).toEqual({ countChange: 0.125 });
  });

  it("refuses what is not a percent from 1 to 1,000 in one short sentence", () => {
    expect(() => readThresholdPercent(0)).toThrow("A count is notable past a change of 1% to 1,000%; got 0.");
    expect(() => readThresholdPercent("ten")).toThrow(
      'A count is notable past a change of 1% to 1,000%; got "ten".',
    );
    expect(() => readThresholdPercent(null)).toThrow(
      "A count is notable past a change of 1% to 1,000%; got null.",
    );
    expect(() => readThresholdPercent(5000)).toThrow("got 5000.");
  });
});
