// A sidebar action whose paid answer is lost: the person reads why, the log says it was possibly charged,
// and an action killed with its request out is found by the next paid sidebar call and logged once.
import { describe, expect, it } from "vitest";
import { addFault, failure, jobsWorld, ledger, ledgerTotal, logRows, run } from "./bulk-world.ts";
import { logFacts, possiblyCharged } from "./log-rows.ts";

describe("a sidebar action whose paid answer is lost", () => {
  it("is not sent again, and the Enrichment log covers what the service charged as possibly charged", async () => {
    const { gas, emulator } = await jobsWorld();
    addFault(emulator, { path: "/v9/signals", method: "POST", body: "truncated", count: 1 });
    expect(failure(gas, "importSignalFeed", { maxSignals: 100 })).toMatch(
      /could not read .*may have charged/,
    );
    expect(gas.fetches.filter((f) => f.url.endsWith("/v9/signals"))).toHaveLength(1);
    expect(ledger(emulator)).toHaveLength(1);
    const rows = logRows(gas);
    expect(rows).toHaveLength(1);
    expect(rows[0]![1]).toBe("Sidebar action (answer lost): signals");
    expect(Number(rows[0]![3])).toBeGreaterThanOrEqual(ledgerTotal(emulator));
    expect(String(rows[0]![5])).toMatch(/^100 credits possibly charged: an answer was lost/);
    // Settled: a later sidebar call does not log it again.
    gas.clock.advance("10m");
    run(gas, "getContactLists");
    expect(possiblyCharged(gas)).toEqual([
      { action: "Sidebar action (answer lost): signals", kind: "possibly", credits: 100 },
    ]);
    // The chip and Settings count it too, apart from what answers charged, once a balance is known.
    run(gas, "refreshCredits");
    const answered = ledger(emulator)
      .filter((entry) => entry.path !== "/v9/signals")
      .reduce((sum, entry) => sum + entry.credits, 0);
    expect(run(gas, "getCredits")).toMatchObject({
      spentToday: answered,
      possiblyToday: 100,
      balanceBeforeLoss: false,
    });
  });

  it("whose price the answer decides is logged as possibly charged, amount unknown", async () => {
    const { gas, emulator } = await jobsWorld();
    addFault(emulator, { path: "/v9/contact-lists", method: "GET", body: "truncated", count: 1 });
    expect(failure(gas, "getContactLists")).toMatch(/may have charged/);
    expect(ledger(emulator)).toHaveLength(1);
    const rows = logRows(gas);
    expect(rows.map((row) => row[1])).toEqual(["Sidebar action (answer lost): contact lists"]);
    expect(String(rows[0]![5])).toMatch(/^Possibly charged, amount unknown \(1 credit per item/);
  });
});

describe("a sidebar action killed with its paid request out", () => {
  it("leaves a durable intent that the next paid sidebar call logs as possibly charged, once", async () => {
    // UrlFetch would wait 10 minutes: the execution's 6 are over first, with the request out.
    const { gas, emulator } = await jobsWorld({ fetchDeadlineMs: 600_000 });
    addFault(emulator, { path: "/v9/signals", method: "POST", delay_ms: 420_000, count: 1 });
    expect(failure(gas, "importSignalFeed", { maxSignals: 100 })).toMatch(/Exceeded maximum execution time/);
    expect(ledger(emulator)).toHaveLength(1);
    // Until the intent is found, nothing is logged.
    expect(logFacts(gas)).toEqual([]);

    // Inside the time an execution may live, the intent may still be someone's request in flight.
    run(gas, "getContactLists");
    expect(possiblyCharged(gas)).toEqual([]);

    gas.clock.advance("8m");
    run(gas, "getContactLists");
    run(gas, "getContactLists");
    // Logged once, with the most the request can cost, which covers what the service charged.
    expect(possiblyCharged(gas)).toEqual([
      { action: "Sidebar action (answer lost): signals", kind: "possibly", credits: 100 },
    ]);
    const row = logRows(gas).find((r) => r[1] === "Sidebar action (answer lost): signals")!;
    expect(String(row[5])).toMatch(
      /^100 credits possibly charged: .*the action ended before its answer came/,
    );
    const signalsCharged = ledger(emulator)
      .filter((entry) => entry.path === "/v9/signals")
      .reduce((sum, entry) => sum + entry.credits, 0);
    expect(signalsCharged).toBeGreaterThan(0);
    expect(signalsCharged).toBeLessThanOrEqual(100);
    // Nothing was sent again.
    expect(gas.fetches.filter((f) => f.url.endsWith("/v9/signals"))).toHaveLength(1);
    // Counted once in today's money, as the log counts it, however many calls came after.
    run(gas, "getContactLists");
    expect(run(gas, "getCredits")).toMatchObject({ possiblyToday: 100 });
  });
});

describe("a paid sidebar action that is answered", () => {
  it("settles its intent: later paid calls, past the time an execution may live, log nothing possibly charged", async () => {
    const { gas, emulator } = await jobsWorld();
    run(gas, "importSignalFeed", { maxSignals: 100 });
    const charged = ledgerTotal(emulator);
    expect(charged).toBeGreaterThan(0);
    const before = logFacts(gas);
    expect(before.filter((fact) => fact.kind === "possibly")).toEqual([]);
    // Past the 6 minutes an execution may live, any intent left open would be logged by the next paid call.
    gas.clock.advance("10m");
    run(gas, "getContactLists");
    gas.clock.advance("10m");
    run(gas, "getContactLists");
    expect(possiblyCharged(gas)).toEqual([]);
    // Every row is a charge the service made: the log sums to the ledger exactly.
    const logged = logFacts(gas).reduce((total, fact) => total + (fact.credits ?? 0), 0);
    expect(logged).toBe(ledgerTotal(emulator));
  });
});
