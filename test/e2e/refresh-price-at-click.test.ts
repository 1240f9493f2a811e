// Issue 39, case 3: a price shown before rows changed never lets Refresh now spend without asking. The
// rule is priced again at the click; a run dearer than what the person agreed to is refused, nothing spent.
import { describe, expect, it } from "vitest";
import type { RefreshNowEstimate } from "../../src/server/jobs/refresh-estimate.ts";
import { domains, failure, ledger, ledgerTotal, loggedCredits, run } from "./bulk-world.ts";
import { enrichedRule, expectRowsTrue, ROWS_39, UNIT_39 } from "./refresh-world.ts";

describe("Refresh now's price", () => {
  it("is read again at the click: a stale 0 is refused, the price now is asked and then paid exactly", async () => {
    const world = await enrichedRule({ newRowsOnly: true });
    const { gas, emulator, clock, rule } = world;
    const sheet = gas.sheet("Sheet1");
    const shown = run<RefreshNowEstimate>(gas, "estimateRefreshNow", rule.ruleId);
    expect(shown).toMatchObject({ credits: 0, organizations: 0 });

    // A13 edited, A34 retyped with another organization; 31 s later the shown price is still 0.
    const [a13, a34] = domains(emulator, 2, 50);
    sheet.set("A13", a13);
    sheet.set("A34", a34);
    clock.advance("31s");

    const price = run<RefreshNowEstimate>(gas, "estimateRefreshNow", rule.ruleId);
    expect(price).toMatchObject({ credits: 2 * UNIT_39, organizations: 2 });
    expect(failure(gas, "refreshNow", { ruleId: rule.ruleId, upTo: shown.credits })).toBe(
      `Rows changed since the price was shown (0 credits). Refresh now: ${price.message}. Nothing was spent; press Refresh now again to confirm the new price.`,
    );
    expect(ledger(emulator)).toHaveLength(1);

    // Asked with the price now and confirmed: exactly that is charged and logged.
    run(gas, "refreshNow", { ruleId: rule.ruleId, upTo: price.credits });
    run(gas, "pollJobs");
    expect(ledger(emulator).map((entry) => entry.credits)).toEqual([ROWS_39 * UNIT_39, 2 * UNIT_39]);
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
    expectRowsTrue(world);
    expect(failure(gas, "refreshNow", { ruleId: rule.ruleId, upTo: "all" })).toBe(
      'Say the most this refresh may cost (upTo, in credits); got "all".',
    );
  });

  it("counts only what a run would buy: an organization already on the sheet is filled free", async () => {
    const world = await enrichedRule({ newRowsOnly: true });
    const { gas } = world;
    gas.sheet("Sheet1").set("A12", gas.sheet("Sheet1").values("A32")[0]![0]);
    expect(run<RefreshNowEstimate>(gas, "estimateRefreshNow", world.rule.ruleId)).toMatchObject({
      credits: 0,
      organizations: 0,
    });
  });
});
