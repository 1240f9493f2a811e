// Two executions matching the same organizations at the same moment (two lists made from one column, or briefs
// asked for while a feed's import is still out): the first to mark them in flight buys the match; the other
// waits for its answer and reuses it, so each organization's match is bought once and logged once.
import { describe, expect, it } from "vitest";
import { explore, seedsFromEnv } from "../../harness/index.ts";
import { addFault, domains, failure, jobsWorld, ledgerTotal, run } from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";

const SEEDS = seedsFromEnv([1, 2, 3]);
const BUSY =
  "Another action is matching 20 organizations of these to ids right now. Try again in a minute: what it finds is kept, so nothing is bought twice.";

const create = (name: string) => ({ name, selection: { sheetName: "Sheet1", range: "A2:A21" } });

describe("two lists made at the same moment from one column of 20 domains", () => {
  it("buy each organization's match once: the second waits for the first's answer", async () => {
    await explore(SEEDS, async (seed) => {
      const { gas, emulator } = await jobsWorld({ orgs: 100, seed });
      gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 20).map((d) => [d])]);
      // The first match request is out for 3 seconds: the other execution reaches its match meanwhile.
      addFault(emulator, { path: "/v9/organizations", method: "POST", delay_ms: 3_000, count: 1 });
      const results = gas.concurrently([
        () => gas.run("createOrganizationList", create("Q3 targets")),
        () => gas.run("createOrganizationList", create("Q4 targets")),
      ]) as Array<{ report: { added: number; creditsUsed: number } }>;
      expect(results.map((r) => r.report.added)).toEqual([20, 20]);
      expect(results.map((r) => r.report.creditsUsed).sort()).toEqual([0, 20]);
      expect(ledgerTotal(emulator)).toBe(20);
      const matchRows = logFacts(gas).filter((f) => f.action.startsWith("Find the ids"));
      expect(matchRows).toHaveLength(1);
      expect(matchRows[0]!.kind).toBe("charged");
      expect(matchRows[0]!.credits).toBe(20);
      expect(logFacts(gas).reduce((sum, f) => sum + (f.credits ?? 0), 0)).toBe(20);
    });
  }, 120_000);
});

describe("a match whose execution died with the request out", () => {
  it("holds the organizations back until its mark expires, then buys them again since no answer was recorded", async () => {
    // UrlFetch waits longer than the execution lives, so the execution is killed with the request out.
    const { gas, emulator, clock } = await jobsWorld({ orgs: 100, fetchDeadlineMs: 600_000 });
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 20).map((d) => [d])]);
    // The answer comes after the execution's 6 minutes: it is killed, the service charged.
    addFault(emulator, { path: "/v9/organizations", method: "POST", delay_ms: 400_000, count: 1 });
    expect(failure(gas, "createOrganizationList", create("Q3 targets"))).toMatch(
      /^Exceeded maximum execution time/,
    );
    expect(ledgerTotal(emulator)).toBe(20);

    // Asked again at once, the mark still holds the organizations back: the attempt waits a minute for an
    // answer and buys nothing.
    expect(failure(gas, "createOrganizationList", create("Q4 targets"))).toBe(BUSY);
    expect(ledgerTotal(emulator)).toBe(20);
    // Past the mark's life (7 minutes) with no answer recorded, the match is bought again, once.
    clock.advance("1m");
    const created = run<{ report: { added: number; creditsUsed: number } }>(
      gas,
      "createOrganizationList",
      create("Q4 targets"),
    );
    expect(created.report).toMatchObject({ added: 20, creditsUsed: 20 });
    expect(ledgerTotal(emulator)).toBe(40);
    // The killed execution's request is on the log as possibly charged (its journal entry), the new one as charged.
    expect(logFacts(gas)).toEqual([
      { action: "Sidebar action (answer lost): organizations", kind: "possibly", credits: 20 },
      {
        action: 'Find the ids of 20 organizations to add to list "Q4 targets"',
        kind: "charged",
        credits: 20,
      },
    ]);
  }, 120_000);
});

describe("a match asked for while another execution's request for it is out longer than a wait", () => {
  it("buys nothing and says to try again in a minute; the retry reads the answer for free", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 100 });
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 20).map((d) => [d])]);
    addFault(emulator, { path: "/v9/organizations", method: "POST", delay_ms: 20_000, count: 1 });
    const [first, second] = gas.concurrently([
      () => gas.run("createOrganizationList", create("Q3 targets")),
      gas.delayed(1_000, () => failure(gas, "createOrganizationList", create("Q4 targets"))),
    ]) as [{ report: { creditsUsed: number } }, string];
    expect(first.report.creditsUsed).toBe(20);
    expect(second).toBe(BUSY);
    expect(ledgerTotal(emulator)).toBe(20);
    const again = run<{ report: { added: number; creditsUsed: number } }>(
      gas,
      "createOrganizationList",
      create("Q4 targets"),
    );
    expect(again.report).toMatchObject({ added: 20, creditsUsed: 0 });
    expect(ledgerTotal(emulator)).toBe(20);
    expect(logFacts(gas)).toEqual([
      {
        action: 'Find the ids of 20 organizations to add to list "Q3 targets"',
        kind: "charged",
        credits: 20,
      },
    ]);
  }, 120_000);
});
