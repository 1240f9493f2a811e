// A refresh's free refills of another run's block, listed in the Changes sheet as their own kind.
import { describe, expect, it, vi } from "vitest";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import type { ChangedCell } from "../../../src/core/bulk/runner.ts";
import { planRun } from "../../../src/server/bulk/plan-run.ts";
import { FakeSheet, FakeWorkbook } from "../jobs/fakes.ts";

const appended: Array<{ ruleId: string; cells: ChangedCell[] }> = [];
vi.mock("../../../src/server/jobs/refresh-changes", () => ({
  changeLog: (_workbook: unknown, ruleId: string) => ({
    append: (cells: readonly ChangedCell[]) => appended.push({ ruleId, cells: [...cells] }),
  }),
}));
const { refillChanges } = await import("../../../src/server/jobs/refill-changes.ts");

const FIELDS = [
  { kind: "attribute", name: "industry" },
  { kind: "attribute", name: "employee_count" },
];
const AT = Date.UTC(2026, 2, 10, 9, 0);

describe("refillChanges", () => {
  it("appends each refilled cell once, in the sidebar's words, as filled free", () => {
    const sheet = new FakeSheet("Leads");
    sheet.writeValues(1, 1, [["Website"], ["acme.com"], ["globex.com"]]);
    const workbook = new FakeWorkbook(sheet);
    const request = validateEnrichmentRequest({ sheetName: "Leads", inputRange: "A2:A3", fields: FIELDS });
    const block = planRun(request, workbook, { outputColumn: 5 }).state;
    const log = refillChanges(workbook, "rule-1", ["acme.com", "globex.com"], AT);
    log.flush();
    expect(appended).toEqual([]);
    log.cell(block, 1, 1, 17, 4200);
    log.cell(block, 0, 0, "Retail", "Software");
    // Filled for the first time: not a change.
    for (const empty of [undefined, null, ""]) log.cell(block, 0, 1, empty, 50);
    log.flush();
    log.flush();
    const common = { at: AT, ruleId: "rule-1", sheetName: "Leads", filled: true };
    expect(appended).toEqual([
      {
        ruleId: "rule-1",
        cells: [
          {
            change: {
              ...common,
              row: 3,
              column: 6,
              organization: "globex.com",
              field: "Employee count",
              before: 17,
              after: 4200,
            },
            before: 17,
            after: 4200,
          },
          {
            change: {
              ...common,
              row: 2,
              column: 5,
              organization: "acme.com",
              field: "Industry",
              before: "Retail",
              after: "Software",
            },
            before: "Retail",
            after: "Software",
          },
        ],
      },
    ]);
  });

  it("names no organization for a row past the identifiers it was given", () => {
    appended.length = 0;
    const sheet = new FakeSheet("Leads");
    sheet.writeValues(1, 1, [["Website"], ["acme.com"], ["globex.com"]]);
    const workbook = new FakeWorkbook(sheet);
    const request = validateEnrichmentRequest({ sheetName: "Leads", inputRange: "A2:A3", fields: FIELDS });
    const block = planRun(request, workbook, { outputColumn: 5 }).state;
    const log = refillChanges(workbook, "rule-2", ["acme.com"], AT);
    log.cell(block, 1, 0, "Retail", "Software");
    log.flush();
    expect(appended.map(({ cells }) => cells.map((c) => c.change.organization))).toEqual([[""]]);
  });
});
