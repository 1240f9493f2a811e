// Refresh rules: frequencies, the next run time, due rules waiting for their previous run.
import { describe, expect, it } from "vitest";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import { ChunkedStore } from "../../../src/core/jobs/chunked-store.ts";
import {
  hasKeptPrints,
  isDue,
  newRefreshRule,
  nextRunAfter,
  overlappingRule,
  overlappingRuleMessage,
  PERIOD_MS,
  type RefreshRule,
  RuleStore,
  readFrequency,
} from "../../../src/core/jobs/refresh-rules.ts";
import { MemoryProperties } from "./fakes.ts";

const HOUR = PERIOD_MS.hourly;

function rule(over: Partial<RefreshRule> = {}): RefreshRule {
  return {
    id: "r1",
    request: validateEnrichmentRequest({
      sheetName: "Leads",
      inputRange: "A2:A",
      fields: [{ kind: "attribute", name: "industry" }],
    }),
    frequency: "hourly",
    createdAt: 0,
    nextRunAt: HOUR,
    outputColumn: null,
    lastRunAt: null,
    lastCredits: null,
    lastResult: null,
    jobId: null,
    ...over,
  };
}

describe("refresh rules", () => {
  it("reads the three frequencies and refuses others with an exact message", () => {
    expect(readFrequency("weekly")).toBe("weekly");
    expect(() => readFrequency("monthly")).toThrow(
      'Unknown frequency "monthly". Use one of: hourly, daily, weekly.',
    );
    expect(() => readFrequency(undefined)).toThrow("Choose how often to refresh: hourly, daily, weekly.");
  });

  it("schedules the next run on the rule's period, skipping runs that were missed", () => {
    expect(nextRunAfter(rule({ nextRunAt: HOUR }), HOUR)).toBe(2 * HOUR);
    expect(nextRunAfter(rule({ nextRunAt: HOUR }), 5.5 * HOUR)).toBe(6 * HOUR);
    expect(nextRunAfter(rule({ nextRunAt: 3 * HOUR }), HOUR)).toBe(3 * HOUR);
    expect(nextRunAfter(rule({ nextRunAt: 0, frequency: "daily" }), 1)).toBe(PERIOD_MS.daily);
  });

  it("is due once its time has come and its previous run is no longer active", () => {
    expect(isDue(rule(), HOUR - 1, () => false)).toBe(false);
    expect(isDue(rule(), HOUR, () => false)).toBe(true);
    expect(isDue(rule({ jobId: "j" }), HOUR, (id) => id === "j")).toBe(false);
    expect(isDue(rule({ jobId: "j" }), HOUR, () => false)).toBe(true);
  });

  it("keeps rules in the store, oldest first", () => {
    const store = new RuleStore(new ChunkedStore({ store: new MemoryProperties() }));
    store.put(rule({ id: "b", createdAt: 2 }));
    store.put(rule({ id: "a", createdAt: 1 }));
    expect(store.list().map((r) => r.id)).toEqual(["a", "b"]);
    expect(store.get("b")?.frequency).toBe("hourly");
    store.remove("a");
    expect(store.list().map((r) => r.id)).toEqual(["b"]);
  });

  it("finds the saved rule over any row a new request reads, on the same sheet only", () => {
    const request = (sheetName: string, inputRange: string) =>
      validateEnrichmentRequest({ sheetName, inputRange, fields: [{ kind: "attribute", name: "industry" }] });
    const closed = rule({ id: "closed", request: request("Leads", "B5:B10") });
    const open = rule({ id: "open", request: request("Accounts", "A20:A"), frequency: "daily" });
    const rules = [closed, open];
    expect(overlappingRule(rules, request("Leads", "C10:C12"))?.id).toBe("closed");
    expect(overlappingRule(rules, request("Leads", "B1:B5"))?.id).toBe("closed");
    expect(overlappingRule(rules, request("Leads", "B11:B40"))).toBeNull();
    expect(overlappingRule(rules, request("Leads", "B1:B4"))).toBeNull();
    // An open end runs to the sheet's end, on either side.
    expect(overlappingRule(rules, request("Accounts", "A900:A901"))?.id).toBe("open");
    expect(overlappingRule(rules, request("Accounts", "A2:A19"))).toBeNull();
    expect(overlappingRule(rules, request("Leads", "B11:B"))).toBeNull();
    expect(overlappingRule(rules, request("Leads", "B3:B"))?.id).toBe("closed");
    expect(overlappingRule(rules, request("Other", "B5:B10"))).toBeNull();
    expect(overlappingRuleMessage(open)).toBe(
      "Accounts!A20:A already has a scheduled refresh over these rows (daily): a second one would buy them again. Change that one instead: delete it in More ▸ Scheduled refreshes, then save the schedule you want.",
    );
  });
});

describe("hasKeptPrints", () => {
  it("is true once the rule ran, or when it was saved from a finished run; false for neither", () => {
    expect(hasKeptPrints(rule())).toBe(false);
    expect(hasKeptPrints(rule({ printsKept: false }))).toBe(false);
    expect(hasKeptPrints(rule({ lastRunAt: 0 }))).toBe(true);
    expect(hasKeptPrints(rule({ printsKept: true }))).toBe(true);
    expect(hasKeptPrints(rule({ lastRunAt: 5, printsKept: true }))).toBe(true);
  });
});

describe("newRefreshRule", () => {
  const saved = {
    id: "r9",
    request: rule().request,
    frequency: "daily" as const,
    now: 1000,
    outputColumn: 4,
    ownerId: "me@example.com",
    newRowsOnly: false,
    thresholds: undefined,
    printsKept: false,
  };
  it("is due a period after saving, never run, with no options it was not saved with", () => {
    expect(newRefreshRule(saved)).toEqual({
      id: "r9",
      request: saved.request,
      frequency: "daily",
      createdAt: 1000,
      nextRunAt: 1000 + PERIOD_MS.daily,
      outputColumn: 4,
      lastRunAt: null,
      lastCredits: null,
      lastResult: null,
      jobId: null,
      ownerId: "me@example.com",
    });
  });
  it("keeps new rows only, thresholds and the prints kept at saving", () => {
    const thresholds = { countChange: 0.25 };
    const made = newRefreshRule({ ...saved, newRowsOnly: true, thresholds, printsKept: true });
    expect(made).toEqual({
      ...newRefreshRule(saved),
      newRowsOnly: true,
      thresholds,
      printsKept: true,
    });
    expect(hasKeptPrints(made)).toBe(true);
  });
});
