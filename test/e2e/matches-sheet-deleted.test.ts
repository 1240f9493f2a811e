// Issue 38: the hidden "Enrichment matches" sheet deleted by a person between two list imports from the same
// domains: the second import buys none of the matches again (the purchase record holds them), and the
// Enrichment log still equals what the emulator's ledger charged.
import { describe, expect, it } from "vitest";
import { MATCH_SHEET } from "../../src/core/addon-sheets/registry.ts";
import type { FeedResult } from "../../src/server/signals/feed.ts";
import { jobsWorld, ledger, ledgerTotal, logRows, run } from "./bulk-world.ts";

interface Created {
  list: { count: number };
  report: { added: number; creditsUsed: number };
}

describe('the "Enrichment matches" sheet deleted between two imports', () => {
  it("matches the same domains again from the purchase record, buying nothing twice", async () => {
    const { gas, emulator } = await jobsWorld();
    const [a, b, c] = emulator.dataset.orgs;
    gas.sheet("Sheet1").set("A1", [[a!.domain], [b!.domain], [c!.domain], ["no-such-org.example"]]);
    const selection = { sheetName: "Sheet1", range: "A1:A4" };

    const first = run<Created>(gas, "createOrganizationList", { name: "First", selection });
    expect(first.list.count).toBe(3);
    expect(first.report).toMatchObject({ added: 3, creditsUsed: 3 });
    expect(ledger(emulator).map((entry) => [entry.path, entry.credits])).toEqual([["/v9/organizations", 3]]);

    gas.deleteSheet(MATCH_SHEET);
    const second = run<Created>(gas, "createOrganizationList", { name: "Second", selection });
    expect(second.list.count).toBe(3);
    expect(second.report).toMatchObject({ added: 3, creditsUsed: 0 });

    // Nothing bought twice: the one charge of the first import. The domain the service does not know is
    // asked again, free (a match not found is never kept, deleted sheet or not), and logged at 0.
    expect(ledger(emulator).map((entry) => [entry.path, entry.credits])).toEqual([["/v9/organizations", 3]]);
    expect(logRows(gas).map((row) => [row[1], row[3]])).toEqual([
      ['Find the ids of 4 organizations to add to list "First"', 3],
      ['Find the ids of 1 organization to add to list "Second"', 0],
    ]);
    // The matches are on the sheet again, so a third import reads them there.
    const third = run<Created>(gas, "createOrganizationList", { name: "Third", selection });
    expect(third.report).toMatchObject({ added: 3, creditsUsed: 0 });
    expect(ledger(emulator)).toHaveLength(1);
  });

  it("prices and refreshes a signal feed over the same domains with no match bought again", async () => {
    const w = await jobsWorld();
    const seen = new Set<number>();
    for (const signal of w.emulator.dataset.signals()) if (seen.size < 2) seen.add(signal.orgIndex);
    const orgs = [...seen].map((index) => w.emulator.dataset.orgs[index]!);
    w.gas.sheet("Sheet1").set("A1", [["Domain"], ...orgs.map((org) => [org.domain])]);
    run<FeedResult>(w.gas, "importSignalFeed", {
      maxSignals: 50,
      organizations: { sheetName: "Sheet1", range: "A1:A3" },
    });
    const matches = () => ledger(w.emulator).filter((entry) => entry.path === "/v9/organizations");
    expect(matches().map((entry) => entry.credits)).toEqual([2]);

    w.gas.deleteSheet(MATCH_SHEET);
    const [feed] = run<Array<{ estimate: { credits: number; message: string } }>>(w.gas, "listSignalFeeds");
    expect(feed!.estimate).toEqual({
      credits: 50,
      pages: 1,
      message: "Up to 50 credits · 1 page of up to 100 signals",
    });
    run<FeedResult>(w.gas, "refreshSignalFeed", { sheetName: "Signals" });

    expect(matches().map((entry) => entry.credits)).toEqual([2]);
    const rows = logRows(w.gas).map((row) => [String(row[1]), Number(row[3])] as const);
    expect(rows.filter(([action]) => action.startsWith("Match "))).toEqual([
      ["Match 2 organizations for the signal feed", 2],
    ]);
    expect(rows.map(([action]) => action)).toEqual([
      "Match 2 organizations for the signal feed",
      "Import signal feed",
      'Refresh signal feed "Signals"',
    ]);
    expect(rows.reduce((sum, [, credits]) => sum + credits, 0)).toBe(ledgerTotal(w.emulator));
  });
});
