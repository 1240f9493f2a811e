// Executions at once (gas.concurrently, the harness's seeded scheduler): the sidebar's poll and the hourly
// dispatch trigger advancing the same run together, two Enrich clicks over the same rows, two runs over
// different sheets. Two executions at once buy what one would: each organization once, the log equal to the
// ledger.
import { checkAll, ModelMismatch, type Real } from "./check.ts";
import { settleFaulted } from "./fault-commands.ts";
import { BOB_ROWS, DAY, type Model, RUN_PRICE, runCost } from "./model.ts";
import { askPrice, buyRun, Enrich } from "./run-commands.ts";
import { type Cmd, type KnownBug, runRequest, type Status, settle } from "./steps.ts";
import { BOB, charged, FIRST_ROW, KNOWN, OWNER } from "./world.ts";

export class EnrichPolledTwice implements Cmd {
  constructor(readonly bugs: ReadonlySet<KnownBug>) {}
  check(m: Readonly<Model>): boolean {
    return new Enrich("none", false, this.bugs).check(m) && !m.quotaOut;
  }
  run(m: Model, r: Real): void {
    const { gas } = r.world;
    m.now = gas.clock.now();
    const again = askPrice(m, r);
    const job = gas.run("startEnrichment", runRequest(r)) as Status;
    m.jobs.push({ jobId: job.jobId, lastRunIds: [...m.ids1], state: "other", rules: [], lost: false });
    // Either may lose a lock or a race and fail; what matters is what the two bought together.
    const tolerate = (name: string) => () => {
      try {
        return gas.run(name);
      } catch (error) {
        return (error as Error).message;
      }
    };
    gas.concurrently([tolerate("pollJobs"), tolerate("dispatchJobs")]);
    buyRun(m, r, job.jobId, "none", [...runCost(m).orgs, ...again]);
  }
  toString(): string {
    return "enrich Sheet1!A2:A7, the sidebar's poll and the dispatch trigger running it at once";
  }
}

/** Starts a run as the sidebar does, a refusal being the sentence its handler gets. */
const start = (r: Real, request: ReturnType<typeof runRequest>) => () => {
  try {
    return r.world.gas.run("startEnrichment", request) as Status;
  } catch (error) {
    return (error as Error).message;
  }
};

/**
 * The person presses Enrich in two sidebars at once over the same rows: the product refuses or queues the
 * second, or both run, but together they buy each organization once.
 */
export class EnrichTwiceAtOnce implements Cmd {
  constructor(readonly bugs: ReadonlySet<KnownBug>) {}
  check(m: Readonly<Model>): boolean {
    return new Enrich("none", false, this.bugs).check(m) && !m.quotaOut;
  }
  run(m: Model, r: Real): void {
    const { gas } = r.world;
    m.now = gas.clock.now();
    // Rows whose answer was lost are bought again once the price said so, as by one Enrich (seeds 5, 41).
    const again = askPrice(m, r);
    const ledgerBefore = charged(r.world);
    const answers = gas.concurrently([start(r, runRequest(r)), start(r, runRequest(r))]);
    const jobs = answers.filter((a): a is Status => typeof a !== "string");
    if (jobs.length === 0)
      throw new ModelMismatch(`neither of two Enrich clicks started: ${answers.join(" / ")}`);
    for (const answer of answers)
      if (typeof answer === "string" && answer.trim() === "")
        throw new ModelMismatch("the refused Enrich said nothing");
    const orgs = [...runCost(m).orgs, ...again];
    for (const job of jobs)
      m.jobs.push({ jobId: job.jobId, lastRunIds: [...m.ids1], state: "other", rules: [], lost: false });
    const first = jobs.slice(0, -1).map((job) => {
      const status = settle(m, r.world, job.jobId);
      const model = m.jobs.find((j) => j.jobId === job.jobId)!;
      model.state = status.state === "done" ? "done" : status.canResume ? "stopped" : "other";
      return status;
    });
    settleFaulted(m, r, jobs.at(-1)!.jobId, orgs, ledgerBefore, first);
    checkAll(r, m);
  }
  toString(): string {
    return "enrich Sheet1!A2:A7 from two sidebars at once";
  }
}

/**
 * Two bulk runs alive together over different ranges: Sheet1!A2:A7 and F!A2:A7 (the formulas' sheet; its run
 * writes beside the formula column). Each organization in either is bought once, by whichever run gets it.
 */
export class EnrichTwoSheetsAtOnce implements Cmd {
  constructor(readonly bugs: ReadonlySet<KnownBug>) {}
  check(m: Readonly<Model>): boolean {
    return new Enrich("none", false, this.bugs).check(m) && !m.quotaOut;
  }
  run(m: Model, r: Real): void {
    const { gas } = r.world;
    m.now = gas.clock.now();
    // Rows whose answer was lost are sent again once each sheet's price named them (seed 25), once in all.
    const again = askPrice(m, r);
    const againF = askPrice(m, r, { ...runRequest(r), sheetName: "F" }, m.idsF);
    const ledgerBefore = charged(r.world);
    const [own, other] = gas.concurrently([
      start(r, runRequest(r)),
      start(r, { ...runRequest(r), sheetName: "F" }),
    ]);
    if (typeof own === "string" || typeof other === "string")
      throw new ModelMismatch(`a run over other rows was refused: ${String(own)} / ${String(other)}`);
    m.jobs.push({ jobId: own.jobId, lastRunIds: [...m.ids1], state: "other", rules: [], lost: false });
    // The F run is not one the model's later commands act on; what it bought counts like any run's.
    const orgs = [...new Set([...runCost(m, [...m.ids1, ...m.idsF]).orgs, ...again, ...againF])];
    const otherStatus = settle(m, r.world, other.jobId);
    settleFaulted(m, r, own.jobId, orgs, ledgerBefore, [otherStatus]);
    checkAll(r, m);
  }
  toString(): string {
    return "enrich Sheet1!A2:A7 and F!A2:A7 at once";
  }
}

/**
 * Bob, a collaborator, enriches his own rows (Bob!A2:A4, organizations the owner never types) with his key
 * and saves a daily rule: from then on his due work and the owner's fall due in the same hours, each on its
 * own trigger. His account pays his runs, the owner's pays nothing of them, and the one Enrichment log holds
 * both (check.ts).
 */
export class BobOwnRule implements Cmd {
  check(m: Readonly<Model>): boolean {
    // A copy is its copier's alone (harness: who else could open the original does not travel).
    return m.bob === null && m.copies === 0;
  }
  run(m: Model, r: Real): void {
    const { gas, emulator } = r.world;
    m.now = gas.clock.now();
    const domains = emulator.dataset.orgs.slice(KNOWN + 2, KNOWN + 2 + BOB_ROWS).map((org) => [org.domain]);
    gas.setUser(BOB.email);
    try {
      gas.sheet("Bob").set(`A${FIRST_ROW}`, domains);
      const request = {
        ...runRequest(r),
        sheetName: "Bob",
        inputRange: `A${FIRST_ROW}:A${FIRST_ROW + BOB_ROWS - 1}`,
      };
      const job = gas.run("startEnrichment", request) as Status;
      const status = settle(m, r.world, job.jobId);
      if (status.state !== "done")
        throw new ModelMismatch(`Bob's own run rests ${status.state}: ${JSON.stringify(status)}`);
      m.bob = { expected: BOB_ROWS * RUN_PRICE, nextAt: null };
      gas.run("saveRefreshRule", { jobId: job.jobId, frequency: "daily" });
      m.bob.nextAt = gas.clock.now() + DAY;
    } finally {
      gas.setUser(OWNER);
    }
    checkAll(r, m);
  }
  toString(): string {
    return "Bob enriches his own rows Bob!A2:A4 and saves a daily refresh rule";
  }
}
