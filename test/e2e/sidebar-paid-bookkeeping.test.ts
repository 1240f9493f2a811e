// A paid sidebar answer is kept whatever its bookkeeping does afterwards (issue 27, case 6): when settling
// the request's journal entry, or appending its log row, waits on a document lock that a formula leader
// holds through a slow request, the answer is still written, logged (now or by the next paid call) and
// never reported later as a possible charge.
import { describe, expect, it } from "vitest";
import type { FeedResult } from "../../src/server/signals/feed.ts";
import { addFault, domains, jobsWorld, ledgerTotal, logRows, run, tolerate } from "./bulk-world.ts";

/** Imports a 10-signal feed while a filled-down column's leader holds the document lock for `holdMs`. */
async function importBesideLeader(holdMs: number) {
  const w = await jobsWorld({ orgs: 200 });
  const { gas, emulator } = w;
  const list = domains(emulator, 20);
  gas.sheet("Sheet1").set("A1", [["Domain"], ...list.map((d) => [d])]);
  // The column's cells are still loading; its leader fetches for the whole column inside the document lock.
  gas.sheet("Sheet1").set(
    "B2",
    list.map((_d, i) => [`=ORG_ATTR(A${i + 2},"industry")`]),
    { later: true },
  );
  gas.select("Sheet1!B2");
  addFault(emulator, { path: "/v9/signals", method: "POST", delay_ms: 2_000, count: 1 });
  addFault(emulator, { path: "/v9/organizations", method: "POST", delay_ms: holdMs, count: 1 });
  // The harness starts formula cells in recalculation rounds only: the leader is started as the cell's
  // custom function with that cell active, half a second after the sidebar's import.
  const [feed] = gas.concurrently([
    tolerate(() => gas.run("importSignalFeed", { maxSignals: 10 })),
    gas.delayed(500, () => gas.run("ORG_ATTR", list[0], "industry")),
  ]);
  return { ...w, feed: feed as FeedResult | string };
}

/** Log rows as [action, credits], the possibly-charged ones marked. */
function logged(rows: ReturnType<typeof logRows>): Array<[string, number]> {
  return rows.map((row) => [
    /possibly charged/i.test(String(row[5])) ? `possibly: ${row[1]}` : String(row[1]),
    Number(row[3]),
  ]);
}

describe("a paid sidebar answer whose bookkeeping waits on a held document lock", () => {
  it("is written and logged when settling its journal entry cannot get the lock", async () => {
    const { gas, emulator, feed } = await importBesideLeader(20_000);
    expect(typeof feed).toBe("object");
    expect((feed as FeedResult).message).toBe('10 signals written to "Signals".');
    // The leader's 20 organizations × (base + industry), and the feed's 10 signals.
    expect(ledgerTotal(emulator)).toBe(40 + 10);
    expect(
      gas
        .sheet("Signals")
        .values()
        .filter((row) => row[0] !== ""),
    ).toHaveLength(11);
    // The leader's batch is on the log too (issue 29: the log equals what the service charged), appended
    // by the import's credits read after it had kept its row.
    expect(logged(logRows(gas))).toEqual([
      ["Import signal feed", 10],
      ["Formulas: ORG_ATTR (Industry)", 40],
    ]);
    // Its deferred settlement holds: later paid calls never log it as possibly charged.
    gas.clock.advance("10m");
    run(gas, "importSignalFeed", { maxSignals: 5 });
    expect(logged(logRows(gas))).toEqual([
      ["Import signal feed", 10],
      ["Formulas: ORG_ATTR (Industry)", 40],
      ["Import signal feed", 5],
    ]);
    expect(ledgerTotal(emulator)).toBe(40 + 10 + 5);
  });

  it("keeps its log row for the next paid call when the log's lock is held longer than an append waits", async () => {
    const { gas, emulator, feed } = await importBesideLeader(40_000);
    expect((feed as FeedResult).message).toBe('10 signals written to "Signals".');
    expect(
      gas
        .sheet("Signals")
        .values()
        .filter((row) => row[0] !== ""),
    ).toHaveLength(11);
    expect(ledgerTotal(emulator)).toBe(40 + 10);
    gas.clock.advance("10m");
    run(gas, "importSignalFeed", { maxSignals: 5 });
    expect(logged(logRows(gas))).toEqual([
      ["Import signal feed", 10],
      ["Formulas: ORG_ATTR (Industry)", 40],
      ["Import signal feed", 5],
    ]);
    expect(ledgerTotal(emulator)).toBe(40 + 10 + 5);
  });
});
