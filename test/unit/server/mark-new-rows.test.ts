// Before a refresh buys: the rows added or edited since the rule's last run, kept on the run's state as the
// rows a "new rows only" run buys and as the new organizations its report names (none before a first run).
import { beforeEach, describe, expect, it } from "vitest";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import type { BulkState } from "../../../src/core/bulk/state.ts";
import { encodeOffsets, rowPrints } from "../../../src/core/changes/row-prints.ts";
import { PRINTS_PREFIX } from "../../../src/core/jobs/refresh-rules.ts";
import { planRun } from "../../../src/server/bulk/plan-run.ts";
import { markNewRows, rowsNow } from "../../../src/server/jobs/refresh-changes.ts";
import type { JobServices } from "../../../src/server/jobs/services.ts";
import { FakeSheet, FakeWorkbook } from "../jobs/fakes.ts";

let sheet: FakeSheet;
let state: BulkState;
const prints = new Map<string, string>();
const services = { prints: { read: (key: string) => prints.get(key) ?? null } } as unknown as JobServices;

beforeEach(() => {
  prints.clear();
  sheet = new FakeSheet("Leads");
  sheet.writeValues(1, 1, [
    ["Website", "Industry"],
    ["acme.com", "Software"],
    ["globex.com", "Energy"],
    ["initech.com", "Banking"],
  ]);
  const request = validateEnrichmentRequest({
    sheetName: "Leads",
    inputRange: "A2:A",
    fields: [{ kind: "attribute", name: "industry" }],
  });
  state = planRun(request, new FakeWorkbook(sheet), { outputColumn: 2 }).state;
});

/** The rule's prints as the sheet is now: what its last run kept. */
function ran(): void {
  const now = rowsNow(sheet, state);
  prints.set(`${PRINTS_PREFIX}rule-1`, rowPrints(now.reads, now.outputs));
}

describe("markNewRows", () => {
  it("before a first run every row is new: a new-rows-only run buys them all, none is named new", () => {
    const fresh = markNewRows(services, "rule-1", sheet, state, true, null);
    expect(fresh.offsets).toEqual([0, 1, 2]);
    expect(state.rowsOnly).toBe(encodeOffsets([0, 1, 2]));
    expect(state.newOrganizations).toBeUndefined();
  });

  it("after a run, an edited row is new: named in the report, and the only one a new-rows-only run buys", () => {
    ran();
    sheet.set(3, 1, "umbrella.com");
    const every = markNewRows(services, "rule-1", sheet, state, false, null);
    expect(every.offsets).toEqual([1]);
    expect(state.rowsOnly).toBeUndefined();
    expect(state.newOrganizations).toBe(encodeOffsets([1]));
    markNewRows(services, "rule-1", sheet, state, true, null);
    expect(state.rowsOnly).toBe(encodeOffsets([1]));
  });

  it("after a run with nothing changed, nothing is new", () => {
    ran();
    const fresh = markNewRows(services, "rule-1", sheet, state, true, null);
    expect(fresh.offsets).toEqual([]);
    expect(state.rowsOnly).toBe("");
    expect(state.newOrganizations).toBeUndefined();
  });
});
