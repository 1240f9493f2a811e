// A signal feed filtered by a column of organizations buys each domain's match once (issue 27, case 9):
// a domain added to the column is matched at the next refresh and never again, and a match paid before
// the first page was refused is kept for the next import, which the message says.
import { describe, expect, it } from "vitest";
import type { FeedResult } from "../../src/server/signals/feed.ts";
import { addFault, failure, jobsWorld, ledger, ledgerTotal, logRows, run } from "./bulk-world.ts";

type World = Awaited<ReturnType<typeof jobsWorld>>;

/** Organizations that have signals, from the emulator's dataset, each once. */
function orgsWithSignals(w: World, n: number) {
  const seen = new Set<number>();
  const orgs = [];
  for (const signal of w.emulator.dataset.signals()) {
    if (seen.has(signal.orgIndex)) continue;
    seen.add(signal.orgIndex);
    orgs.push(w.emulator.dataset.orgs[signal.orgIndex]!);
    if (orgs.length === n) break;
  }
  return orgs;
}

const matchCredits = (w: World) =>
  ledger(w.emulator)
    .filter((entry) => entry.path === "/v9/organizations")
    .reduce((sum, entry) => sum + entry.credits, 0);

/** Log rows as [action, credits]. */
function logged(w: World): Array<[string, number]> {
  return logRows(w.gas).map((row) => [String(row[1]), Number(row[3])]);
}

describe("a signal feed over a column of organizations", () => {
  it("whose column gains a domain buys that match once, not at every refresh", async () => {
    const w = await jobsWorld();
    const [first, second, added] = orgsWithSignals(w, 3);
    w.gas.sheet("Sheet1").set("A1", [["Organization"], [first!.id], [second!.id]]);
    const imported = run<FeedResult>(w.gas, "importSignalFeed", {
      maxSignals: 50,
      organizations: { sheetName: "Sheet1", range: "A1:A4" },
    });
    expect(imported.sheetName).toBe("Signals");
    w.gas.sheet("Sheet1").set("A4", added!.domain);
    // The refresh's price shows the one match it will buy, and no longer once it is bought.
    const priced = () =>
      run<Array<{ sheetName: string; estimate: { credits: number; message: string } }>>(
        w.gas,
        "listSignalFeeds",
      )[0]!.estimate;
    expect(priced()).toEqual({
      credits: 51,
      pages: 1,
      message:
        "Up to 51 credits · 1 page of up to 100 signals · 1 domain or name to match first: up to 1 credit; ids are free",
    });
    for (let refresh = 0; refresh < 3; refresh++) {
      run<FeedResult>(w.gas, "refreshSignalFeed", { sheetName: "Signals" });
    }
    expect(matchCredits(w)).toBe(1);
    expect(priced().credits).toBe(50);
    const rows = logged(w);
    expect(rows.filter(([action]) => action.startsWith("Match "))).toEqual([
      ["Match 1 organization for the signal feed", 1],
    ]);
    expect(rows.map(([action]) => action)).toEqual([
      "Import signal feed",
      "Match 1 organization for the signal feed",
      'Refresh signal feed "Signals"',
      'Refresh signal feed "Signals"',
      'Refresh signal feed "Signals"',
    ]);
    expect(rows.reduce((sum, [, credits]) => sum + credits, 0)).toBe(ledgerTotal(w.emulator));
  });

  it("whose first page is refused keeps the match it paid for, says so, and the next import does not buy it again", async () => {
    const w = await jobsWorld();
    const orgs = orgsWithSignals(w, 3);
    w.gas.sheet("Sheet1").set("A1", [["Domain"], ...orgs.map((org) => [org.domain])]);
    const request = { maxSignals: 20, organizations: { sheetName: "Sheet1", range: "A1:A4" } };
    addFault(w.emulator, { path: "/v9/signals", method: "POST", status: 402, count: 1 });
    expect(failure(w.gas, "importSignalFeed", request)).toBe(
      "Out of credits: the account has too few credits left for this request, and nothing was charged for it. Top up the account, then try again. Matching domains and names to ids cost 3 credits before it (in the Enrichment log) and is kept: trying again does not buy it again.",
    );
    expect(matchCredits(w)).toBe(3);
    expect(logged(w)).toEqual([["Match 3 organizations for the signal feed", 3]]);

    const imported = run<FeedResult>(w.gas, "importSignalFeed", request);
    expect(imported.signals).toBeGreaterThan(0);
    expect(imported.creditsUsed).toBe(imported.signals);
    expect(matchCredits(w)).toBe(3);
    expect(logged(w)).toEqual([
      ["Match 3 organizations for the signal feed", 3],
      ["Import signal feed", imported.signals],
    ]);
    expect(ledgerTotal(w.emulator)).toBe(3 + imported.signals);
  });
});
