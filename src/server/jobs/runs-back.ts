// Runs a person started, rebuilt from the purchase record when the hidden "Enrichment jobs" sheet is gone:
// the run does not vanish from the sidebar, and what it bought is neither lost nor bought again.
import { organizationUnitCost } from "../../api/pricing";
import type { Clock } from "../../api/retry/clock";
import { plural } from "../../api/words/format";
import { LOG_SHEET, RECORD_SHEET } from "../../core/addon-sheets/registry";
import {
  boughtSince,
  leftToBuy,
  markRebuiltDone,
  type RecordedRun,
  recordedRuns,
} from "../../core/bulk/record-runs";
import { readInputReads } from "../../core/bulk/run-rows";
import type { BulkJob, Home } from "../../core/jobs/job";
import { newJobCommon } from "../../core/jobs/job";
import { DEFAULT_KEEP_FINISHED, type JobQueue, noJobMessage } from "../../core/jobs/queue";
import { buildSelect } from "../../core/organizations/org-fields";
import type { WorkbookPort } from "../../core/sheet/port";
import { planRun } from "../bulk/plan-run";
import { type JobsSheetLoss, jobsSheetLost } from "./rules-copy";

/** What of the job services rebuilding runs needs (services.ts calls it, so it names no more). */
interface RunsHome {
  clock: Clock;
  queue: JobQueue;
  workbook: WorkbookPort;
  home(): Home;
}

/** What the sidebar says of a rebuilt run: what happened, what it bought, what Resume costs. */
export function rebuiltMessage(
  bought: number,
  credits: number,
  rest: number,
  unit: number,
  loss: JobsSheetLoss = "deleted",
): string {
  if (rest === 0 && bought === 0)
    return `Done: ${jobsSheetLost(loss)}, and this run with it; it was rebuilt from the purchase record. It bought nothing itself: other runs had bought its organizations.`;
  if (rest === 0)
    return `Done: ${jobsSheetLost(loss)}, and this run with it; it was rebuilt from the purchase record, which shows the ${plural(bought, "organization")} it bought (${plural(credits, "credit")}, in the Enrichment log).`;
  return (
    `Stopped: ${jobsSheetLost(loss)}, and this run with it; it was rebuilt from the purchase record. ` +
    `The ${plural(bought, "organization")} it bought (${plural(credits, "credit")}, in the Enrichment log) are kept: ` +
    `Resume writes them without buying them again, then buys only what no run bought, at most ${plural(rest, "organization")} (${plural(rest * unit, "credit")}).`
  );
}

/**
 * The refusal for a run the sidebar showed and the store no longer holds: with the jobs sheet gone or
 * damaged in a spreadsheet that ran work (its Enrichment log is there), the run went with it and the record
 * could not rebuild it (deleted too, or the run bought nothing), so say so and what to do; otherwise the
 * plain "no job" (an id that never named a run here).
 */
export function goneRunMessage(
  id: unknown,
  loss: JobsSheetLoss | null,
  workbook: Pick<WorkbookPort, "sheet">,
): string {
  if (loss === null || !workbook.sheet(LOG_SHEET)) return noJobMessage(id);
  return `That run is gone: ${jobsSheetLost(loss)}, and the run could not be rebuilt from the purchase record. Enrich its rows again (the price comes first), then schedule the refresh from the new run.`;
}

/** The run as a stopped job: planned again into its own columns, its purchases counted and logged. */
function rebuild(
  services: RunsHome,
  jobId: string,
  found: RecordedRun,
  loss: JobsSheetLoss,
  /** The record's rows: what other runs bought inside this one's window is not left to buy. */
  rows: readonly (readonly unknown[])[],
): BulkJob | null {
  const { run } = found;
  let plan: ReturnType<typeof planRun>;
  try {
    // Into the columns it wrote, over cells still holding what it wrote (and empty ones), never an edited one.
    plan = planRun(run.request, services.workbook, { outputColumn: run.outputColumn, policy: "refresh" });
  } catch {
    // Its sheet or rows are gone too: nothing to go on with, and what it bought stays in the record.
    return null;
  }
  const state = plan.state;
  state.inRecord = true;
  if (run.reuseFrom !== undefined) state.reuseFrom = run.reuseFrom;
  // Its waves are counted and were logged when they were bought: neither is done again.
  state.creditsSpent = found.credits;
  state.journalWaves = found.waves;
  const reads = readInputReads(plan.sheet, state);
  const { rest, seen } = leftToBuy(reads, found.keys, boughtSince(rows, run.reuseFrom));
  const unit = organizationUnitCost(buildSelect(run.request.fields)).credits;
  const message = rebuiltMessage(found.keys.size, found.credits, rest.size, unit, loss);
  markRebuiltDone(state, rest.size);
  return {
    ...newJobCommon(jobId, run.title, run.createdAt, message),
    state: rest.size === 0 ? "done" : "stopped",
    updatedAt: services.clock.now(),
    // The rows of what it bought were on the log's rows of its waves.
    loggedCredits: found.credits,
    loggedRows: seen,
    ...(run.ownerId !== undefined ? { ownerId: run.ownerId } : {}),
    home: services.home(),
    kind: "bulk",
    bulk: state,
  };
}

/**
 * With the jobs sheet gone or damaged (`loss`: the caller knows), puts back each run the purchase record names and the store
 * no longer holds, stopped, for a person to resume (done, when nothing of it is left to buy). One look for
 * the record sheet and one read of it, and only then.
 */
export function bringRunsBack(services: RunsHome, loss: JobsSheetLoss): void {
  const sheet = services.workbook.sheet(RECORD_SHEET);
  if (!sheet) return;
  // The latest runs, as many as the sidebar keeps finished: older ones were long gone from it anyway.
  const rows = sheet.readAll();
  const runs = [...recordedRuns(rows)]
    .sort(([, a], [, b]) => b.last - a.last)
    .slice(0, DEFAULT_KEEP_FINISHED);
  if (runs.length === 0) return;
  services.queue.locked(() => {
    for (const [jobId, found] of runs) {
      if (services.queue.get(jobId)) continue;
      const job = rebuild(services, jobId, found, loss, rows);
      if (job) services.queue.put(job);
    }
  });
}
