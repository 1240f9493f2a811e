// Refresh rules: frequencies, the next run time, due rules waiting for their previous run.
import { describe, expect, it } from "vitest";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import { ChunkedStore } from "../../../src/core/jobs/chunked-store.ts";
import {
  isDue,
  nextRunAfter,
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
});
