// The credits issue's cases under interleaving seeds: a request that outlives its execution, a shared
// spreadsheet with two people's jobs, a refresh over a typed cell, a people search whose paying poll is
// lost, a full document store. After each scenario, under every seed: the ledger is covered exactly by the
// Enrichment log (possibly-charged rows included), no row is written twice, typed cells are unchanged, and
// every job rests in a final state with a sentence.
import { describe, expect, it } from "vitest";
import { explore, type Harness, seedsFromEnv } from "../../harness/index.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import {
  addFault,
  domains,
  FIELDS,
  fillJobStore,
  jobsWorld,
  ledger,
  ledgerTotal,
  loggedCredits,
  logRows,
  run,
  tolerate,
  UNIT,
  writesPerRow,
} from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";
import { ANN, BOB, sharedSpreadsheet } from "./owners-world.ts";

const SEEDS = seedsFromEnv([1, 2, 3]);
const FINAL = ["done", "stopped", "failed", "out_of_credits"];
type World = Awaited<ReturnType<typeof jobsWorld>>;

/** A sidebar's poll and a trigger's dispatcher at the same time, round after round, as `user`. */
function drive(gas: Harness, users: string[] = [gas.user]): JobStatus[] {
  for (let round = 0; round < 15; round++) {
    gas.concurrently(
      users.flatMap((user) => [
        tolerate(() => {
          gas.setUser(user);
          return gas.run("pollJobs");
        }),
        tolerate(() => {
          gas.setUser(user);
          return gas.run("dispatchJobs");
        }),
      ]),
    );
    // Each job as its own person sees it (another's job only says whose it is while it waits).
    const byJob = new Map<string, JobStatus>();
    for (const user of users) {
      gas.setUser(user);
      for (const status of run<JobStatus[]>(gas, "pollJobs")) {
        if (!byJob.has(status.jobId) || FINAL.includes(status.state)) byJob.set(status.jobId, status);
      }
    }
    const statuses = [...byJob.values()];
    if (statuses.every((s) => FINAL.includes(s.state))) return statuses;
    gas.clock.advance("5m");
  }
  throw new Error("the jobs never came to rest");
}

/**
 * The log covers what the service charged: its charged rows never more than the ledger, and each lost
 * answer as exactly one possibly-charged row (`lost` of them), whose most-it-can-cost covers the rest.
 */
function expectLogCoversLedger(w: World, { key, lost = 0 }: { key?: string; lost?: number } = {}): void {
  const facts = logFacts(w.gas);
  const possibly = facts.filter((f) => f.kind === "possibly");
  expect(possibly).toHaveLength(lost);
  const sum = (list: typeof facts) => list.reduce((t, f) => t + (f.credits ?? 0), 0);
  const confirmed = sum(facts.filter((f) => f.kind === "charged"));
  const charged = ledgerTotal(w.emulator, key);
  expect(confirmed).toBeLessThanOrEqual(charged);
  expect(charged).toBeLessThanOrEqual(confirmed + sum(possibly));
  if (lost === 0) expect(confirmed).toBe(charged);
}

function expectWrittenOnce(gas: Harness, sheet: string, columns: string[], rows: number): void {
  for (const column of columns) {
    expect(writesPerRow(gas, sheet, column, 2, rows + 1).every((n) => n <= 1)).toBe(true);
  }
}

function expectRestingWithSentence(statuses: JobStatus[]): void {
  for (const status of statuses) {
    expect(FINAL).toContain(status.state);
    expect(status.message).toMatch(/^[A-Z].*\.$/s);
  }
}

describe("credits under interleavings", () => {
  it("a request that outlives its execution is charged once and logged, never bought by a continuation", async () => {
    await explore(SEEDS, async (seed) => {
      // UrlFetch would wait 10 minutes: the execution's budget ends first, with the request out.
      const w = await jobsWorld({ orgs: 4_000, seed, fetchDeadlineMs: 600_000 });
      const { gas, emulator } = w;
      gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 3_000).map((d) => [d])]);
      addFault(emulator, { path: "/v9/organizations", delay_ms: 400_000, count: 1 });
      run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A3001", fields: FIELDS });
      const statuses = drive(gas);
      expectRestingWithSentence(statuses);
      // An execution really was killed with the request out, and its chunk is logged as possibly charged.
      expect(gas.executions.some((e) => /Exceeded maximum execution time/.test(e.error ?? ""))).toBe(true);
      // Three chunks of 1,000, each charged at most once.
      expect(ledger(emulator).length).toBeLessThanOrEqual(3);
      expect(ledger(emulator).every((entry) => entry.credits <= 1_000 * UNIT)).toBe(true);
      // The chunk whose request outlived its execution is logged once, as possibly charged at its most.
      expectLogCoversLedger(w, { lost: 1 });
      expect(logFacts(gas).filter((f) => f.kind === "possibly")).toEqual([
        { action: "Enrich Sheet1!A2:A3001", kind: "possibly", credits: 1_000 * UNIT },
      ]);
      expectWrittenOnce(gas, "Sheet1", ["B", "C", "D"], 3_000);
    });
  });

  it("two people's jobs in one spreadsheet are each paid by the person who started them", async () => {
    await explore(SEEDS, async (seed) => {
      const w = await sharedSpreadsheet({ orgs: 3_000, seed });
      const { gas, emulator } = w;
      const list = domains(emulator, 2_000);
      gas.sheet("Sheet1").set("A1", [["Domain"], ...list.slice(0, 1_200).map((d) => [d])]);
      gas.sheet("Sheet1").set("H1", [["Domain"], ...list.slice(1_200, 2_000).map((d) => [d])]);
      gas.setUser(ANN.email);
      run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A1201", fields: FIELDS });
      gas.setUser(BOB.email);
      run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "H1:H801", fields: FIELDS });
      const statuses = drive(gas, [ANN.email, BOB.email]);
      expect(statuses.map((s) => s.state)).toEqual(["done", "done"]);
      expect(ledgerTotal(emulator, ANN.key)).toBe(1_200 * UNIT);
      expect(ledgerTotal(emulator, BOB.key)).toBe(800 * UNIT);
      expect(loggedCredits(gas)).toBe(2_000 * UNIT);
      expectWrittenOnce(gas, "Sheet1", ["B", "C", "D"], 1_200);
      expectWrittenOnce(gas, "Sheet1", ["I", "J", "K"], 800);
    });
  });

  it("a scheduled refresh beside a sidebar's poll leaves a typed cell alone and logs what it paid", async () => {
    await explore(SEEDS, async (seed) => {
      const w = await jobsWorld({ orgs: 100, seed });
      const { gas, emulator } = w;
      gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 10).map((d) => [d])]);
      const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A11", fields: FIELDS });
      drive(gas);
      run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "hourly" });
      gas.sheet("Sheet1").set("C5", "typed over");
      gas.clock.advance("1h");
      expectRestingWithSentence(drive(gas));
      expect(gas.sheet("Sheet1").values("C5")).toEqual([["typed over"]]);
      expect(ledgerTotal(emulator)).toBe(2 * 10 * UNIT);
      expectLogCoversLedger(w);
      expect(logRows(gas).map((r) => r[1])).toEqual(["Enrich Sheet1!A2:A11", "Refresh Sheet1!A2:A11"]);
    });
  });

  it("a people search whose paying poll loses its answer is charged once and logged as possibly charged", async () => {
    await explore(SEEDS, async (seed) => {
      const w = await jobsWorld({ seed });
      const { gas, emulator } = w;
      const org = emulator.dataset.orgs.find((o) => o.peopleCount >= 5)!;
      run(gas, "startPeopleSearch", {
        filter: { organization_ids: [org.id] },
        select: { attributes: ["name", "job_title", "current_employer"] },
        limit: 25,
        sheetName: "Lost",
      });
      addFault(emulator, { path: "/v9/people", method: "POST", body: "truncated", count: 1 });
      const statuses = drive(gas);
      expectRestingWithSentence(statuses);
      expect(ledger(emulator)).toHaveLength(1);
      // Later paid sidebar calls, past the time an execution may live, find no intent of the job's to log:
      // the job keeps its own record of the lost poll, and logs it once.
      gas.clock.advance("10m");
      run(gas, "getContactLists");
      expectLogCoversLedger(w, { lost: 1 });
      expect(logFacts(gas).filter((f) => f.kind === "possibly")).toEqual([
        { action: expect.stringMatching(/^People search: /), kind: "possibly", credits: 75 },
      ]);
    });
  });

  it("a job in a full job store fails with what to delete, and nothing is spent", async () => {
    await explore(SEEDS, async (seed) => {
      const w = await jobsWorld({ orgs: 3_000, seed });
      const { gas, emulator } = w;
      gas.sheet("Sheet1").set(
        "A1",
        domains(emulator, 2_500).map((d) => [d]),
      );
      run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A2500", fields: FIELDS });
      fillJobStore(gas);
      const statuses = drive(gas);
      expect(statuses.map((s) => s.state)).toEqual(["failed"]);
      expect(statuses[0]!.message).toMatch(/Delete finished jobs or refresh rules, then try again\.$/);
      expect(ledgerTotal(emulator)).toBe(0);
    });
  });
});
