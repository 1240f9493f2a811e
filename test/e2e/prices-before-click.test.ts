// The prices the sidebar shows before a paid click, through the bundle, the harness and the emulator:
// Refresh now is priced as its rule's run is planned (the Enrich tab's estimate for the same column), and
// one organization's signals send a limit, so "at most 100 credits" is a bound the request enforces.
import { describe, expect, it } from "vitest";
import { LIMITS } from "../../src/api/contract/limits.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import type { RefreshNowEstimate } from "../../src/server/jobs/refresh-estimate.ts";
import type { EnrichmentEstimate } from "../../src/server/jobs/start-enrichment.ts";
import type { FeedResult } from "../../src/server/signals/feed.ts";
import { domains, FIELDS, failure, jobsWorld, ledgerTotal, run, UNIT } from "./bulk-world.ts";

const DAY_MS = 86_400_000;

describe("Refresh now's price", () => {
  it("is the run's own plan: unique organizations × unit, as the Enrich tab says it, and never exceeded", async () => {
    const world = await jobsWorld({ orgs: 100 });
    const { gas, emulator } = world;
    // 30 rows over 20 organizations: repeats are bought once, so they are not in the price either.
    const list = domains(emulator, 20);
    gas.sheet("Sheet1").set("A1", [["Domain"], ...[...list, ...list.slice(0, 10)].map((d) => [d])]);
    const request = { sheetName: "Sheet1", inputRange: "A2:A31", fields: FIELDS };
    const job = run(gas, "startEnrichment", request);
    run(gas, "pollJobs");
    const rule = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "hourly" });

    const price = run<RefreshNowEstimate>(gas, "estimateRefreshNow", rule.ruleId);
    expect(price).toEqual({
      ruleId: rule.ruleId,
      credits: 20 * UNIT,
      organizations: 20,
      unitCost: UNIT,
      message: `Up to ${20 * UNIT} credits · 20 organizations × ${UNIT} (1 base + 2 for fields)`,
    });
    const enrich = run<EnrichmentEstimate>(gas, "estimateEnrichment", request);
    expect(enrich.credits).toBe(price.credits);
    expect(enrich.message).toBe(price.message);

    // A day on, nothing is fresh any more: the refresh buys every organization, exactly the price shown.
    world.clock.advance(DAY_MS + 60_000);
    const before = ledgerTotal(emulator);
    run(gas, "refreshNow", rule.ruleId);
    run(gas, "pollJobs");
    expect(ledgerTotal(emulator) - before).toBe(price.credits);
  });

  it("refuses a rule that is not there, sending nothing", async () => {
    const { gas } = await jobsWorld();
    expect(failure(gas, "estimateRefreshNow", "nope")).toBe(
      'There is no scheduled refresh "nope" in this spreadsheet.',
    );
    expect(failure(gas, "estimateRefreshNow", "")).toBe("Give the id of a scheduled refresh (ruleId).");
    expect(gas.fetches).toEqual([]);
  });
});

describe("one organization's signals", () => {
  it("sends the feed's limit, so the most it buys is the bound shown", async () => {
    const { gas, emulator } = await jobsWorld();
    const org = emulator.dataset.orgs[emulator.dataset.signals()[0]!.orgIndex]!;
    const before = ledgerTotal(emulator);
    const result = run<FeedResult>(gas, "importOrganizationSignals", { organizationId: org.id });
    const sent = gas.fetches.filter((f) => f.url.includes("/v9/signals"));
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body)).toEqual({
      filter: { organization_ids: [org.id] },
      limit: LIMITS.signalsLimitMax,
    });
    expect(result.signals).toBeGreaterThan(0);
    expect(result.signals).toBeLessThanOrEqual(LIMITS.signalsLimitMax);
    expect(ledgerTotal(emulator) - before).toBe(result.signals);
  });
});
