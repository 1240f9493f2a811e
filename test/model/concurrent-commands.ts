// Executions at once (gas.concurrently, the harness's seeded scheduler): the sidebar's poll and the hourly
// dispatch trigger advancing the same run together. Two executions at once buy what one would: each
// organization once, the log equal to the ledger.
import type { Real } from "./check.ts";
import { type Model, runCost } from "./model.ts";
import { askPrice, buyRun, Enrich } from "./run-commands.ts";
import { type Cmd, type KnownBug, runRequest, type Status } from "./steps.ts";

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
