// The regressions' shared step: poll a bulk run as the sidebar does, five minutes apart, until it is done.
import type { World } from "../world.ts";

/** Polls `jobId` up to `polls` times, 5 minutes apart, until it is done; a run that never finishes is an error. */
export function pollUntilDone(w: World, jobId: string, polls = 12): void {
  for (let poll = 0; poll < polls; poll++) {
    const statuses = w.gas.run("pollJobs") as Array<{ jobId: string; state: string }>;
    if (statuses.find((s) => s.jobId === jobId)?.state === "done") return;
    w.gas.clock.advance("5m");
  }
  throw new Error(`job ${jobId} never finished`);
}
