// A refresh rule as the sidebar shows it: its next run as a moment in the spreadsheet's words beside the
// ISO time, and its saved settings.
import { describe, expect, it, vi } from "vitest";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import { newRefreshRule } from "../../../src/core/jobs/refresh-rules.ts";

vi.mock("../../../src/platform/spreadsheet-time", () => ({
  formatMoment: (ms: number) => `moment ${ms}`,
}));

const { view } = await import("../../../src/server/jobs/rule-view.ts");

const NOW = Date.UTC(2026, 10, 28, 20, 17);

describe("view", () => {
  it("says when the rule runs next both ways", () => {
    const request = validateEnrichmentRequest({
      sheetName: "Leads",
      inputRange: "A2:A",
      fields: [{ kind: "attribute", name: "industry" }],
    });
    const rule = newRefreshRule({
      id: "rule-1",
      request,
      frequency: "daily",
      now: NOW,
      outputColumn: 2,
      ownerId: "owner",
      newRowsOnly: true,
      thresholds: undefined,
      printsKept: true,
    });
    const shown = view(rule, "here");
    expect([shown.nextRunAt, shown.nextRunText]).toEqual([
      "2026-11-29T20:17:00.000Z",
      `moment ${NOW + 86_400_000}`,
    ]);
    expect([shown.ruleId, shown.sheetName, shown.inputRange, shown.frequency, shown.newRowsOnly]).toEqual([
      "rule-1",
      "Leads",
      "A2:A",
      "daily",
      true,
    ]);
    expect([shown.lastRunAt, shown.lastCredits, shown.lastResult, shown.lastRun]).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });
});
