// Two formulas paying at the same moment write into the same cache buckets while one of them holds the
// document lock for longer than the other waits: no paid answer may be lost from the cache, so a reopen
// after the 6-hour cache is gone buys nothing (issue: 20 credits bought again at a spreadsheet's third open).
import { describe, expect, it } from "vitest";
import { addonWorld } from "../support/addon-world.ts";

const TITLES = ["VP Sales", "CTO", "Account Executive", "Head of Marketing", "Software Engineer"];

/**
 * Store calls slow enough (300 ms a properties read or write, 100 ms a cache read or write) that a write
 * done without the lock spans the locked writer's: the race exists at any speed, this makes it wide enough
 * to hit with a chosen delay instead of by luck.
 */
const SLOW_STORES = {
  "Properties.getProperties": 300,
  "Properties.setProperties": 300,
  "Cache.getAll": 100,
  "Cache.putAll": 100,
  "*": 0,
};

describe("a column formula holding the lock while a title lookup writes its answers", () => {
  // With these delays, before the fix (a 3 s wait, then a write without the lock), the lookup's write landed
  // inside the column's: at 4,000 ms the column's write removed the lookup's answer (1 credit bought again
  // at the reopen), at 4,500 ms the lookup's removed 5 organizations sharing its buckets (10 credits).
  it.each([4_000, 4_500])(
    "keeps every paid answer (organizations answered after %i ms)",
    async (delay) => {
      const w = await addonWorld({ harness: { latency: SLOW_STORES, seed: 1 } });
      const orgs = w.state.dataset.orgs.slice(0, 20).map((o) => o.domain);
      w.gas.formula("C2", '=ORG_ATTR(A2:A21,"industry")');
      w.gas.formula("D2", "=JOB_FUNCTION(B2:B6)");
      expect(w.charged()).toBe(0);
      // The column holds the document lock while its request is answered; the lookup, answered after the
      // column took the lock, then waits for it to write.
      w.admin("POST", "/__admin/faults", { path: "/v9/organizations", delay_ms: delay });
      w.admin("POST", "/__admin/faults", { path: "/v9/jobs/title-lookup", delay_ms: 2_000 });
      // Pasted at once: both formulas recalculate together, each in its own execution.
      w.gas.sheet().set(
        "A2",
        orgs.map((domain, i) => [domain, TITLES[i] ?? ""]),
      );
      expect(w.gas.cell("C21").value).not.toBe("");
      expect(w.gas.cell("D2").value).toBe("Sales");
      // Each organization charged once (1 base + industry), the five titles once (1 per 100 matched).
      const paid = [
        { path: "/v9/jobs/title-lookup", credits: 1 },
        { path: "/v9/organizations", credits: 40 },
      ];
      const rows = () => w.ledger().map((e) => ({ path: e.path, credits: e.credits }));
      expect(rows()).toEqual(paid);
      w.gas.clock.advance("7h");
      w.gas.reopen();
      expect(rows()).toEqual(paid);
    },
    60_000,
  );
});
