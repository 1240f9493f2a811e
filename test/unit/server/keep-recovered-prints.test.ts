// A run a rule was saved from finishing rows it had lost: the rule's "-" prints of those rows become the
// rows as they are now, unless the row's chunk is not as the run planned it or not done.
import { beforeEach, describe, expect, it } from "vitest";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import type { BulkState } from "../../../src/core/bulk/state.ts";
import { rowPrints } from "../../../src/core/changes/row-prints.ts";
import { PRINTS_PREFIX } from "../../../src/core/jobs/refresh-rules.ts";
import { planRun } from "../../../src/server/bulk/plan-run.ts";
import { keepRecoveredPrints, rowsNow } from "../../../src/server/jobs/refresh-changes.ts";
import type { JobServices } from "../../../src/server/jobs/services.ts";
import { FakeSheet, FakeWorkbook } from "../jobs/fakes.ts";

let sheet: FakeSheet;
let state: BulkState;
const prints = new Map<string, string>();
let writes = 0;
let rules: Array<{ id: string; request: { sheetName: string }; outputColumn: number | null }>;
const services = {
  rules: { list: () => rules },
  prints: {
    read: (key: string) => prints.get(key) ?? null,
    write: (key: string, value: string) => {
      writes++;
      prints.set(key, value);
    },
  },
} as unknown as JobServices;
const KEY = `${PRINTS_PREFIX}rule-1`;

beforeEach(() => {
  prints.clear();
  writes = 0;
  sheet = new FakeSheet("Leads");
  sheet.writeValues(1, 1, [
    ["Website", "Industry"],
    ["acme.com", "Software"],
    ["globex.com", "Energy"],
    ["initech.com", "Banking"],
  ]);
  const request = validateEnrichmentRequest({
    sheetName: "Leads",
    inputRange: "A2:A4",
    fields: [{ kind: "attribute", name: "industry" }],
  });
  state = planRun(request, new FakeWorkbook(sheet), { outputColumn: 2 }).state;
  state.done = "1".repeat(state.starts.length);
  rules = [{ id: "rule-1", request: { sheetName: "Leads" }, outputColumn: 2 }];
});

const now = () => {
  const rows = rowsNow(sheet, state);
  return rowPrints(rows.reads, rows.outputs).split(",");
};

describe("keepRecoveredPrints", () => {
  it("takes the rows the run now holds done as they are", () => {
    prints.set(KEY, ["-", now()[1], "-"].join(","));
    keepRecoveredPrints(services, sheet, state);
    expect(prints.get(KEY)).toBe(now().join(","));
    expect(writes).toBe(1);
  });

  it("leaves rows of a chunk still lost or not done, or edited since the run planned it", () => {
    const kept = ["-", now()[1], "-"].join(",");
    prints.set(KEY, kept);
    state.lost = [0];
    keepRecoveredPrints(services, sheet, state);
    state.lost = [];
    state.done = "0".repeat(state.starts.length);
    keepRecoveredPrints(services, sheet, state);
    state.done = "1".repeat(state.starts.length);
    sheet.set(2, 1, "hooli.com");
    keepRecoveredPrints(services, sheet, state);
    expect(prints.get(KEY)).toBe(kept);
    expect(writes).toBe(0);
  });

  it("touches only its own rule's prints, whole and holding a row to recover", () => {
    rules = [
      { id: "other-sheet", request: { sheetName: "Other" }, outputColumn: 2 },
      { id: "other-column", request: { sheetName: "Leads" }, outputColumn: 5 },
      { id: "short", request: { sheetName: "Leads" }, outputColumn: 2 },
      { id: "whole", request: { sheetName: "Leads" }, outputColumn: 2 },
    ];
    for (const id of ["other-sheet", "other-column"]) prints.set(`${PRINTS_PREFIX}${id}`, "-,-,-");
    prints.set(`${PRINTS_PREFIX}short`, "-,-");
    prints.set(`${PRINTS_PREFIX}whole`, now().join(","));
    keepRecoveredPrints(services, sheet, state);
    expect(writes).toBe(0);
    rules = [];
    keepRecoveredPrints(services, sheet, state);
    expect(writes).toBe(0);
  });
});
