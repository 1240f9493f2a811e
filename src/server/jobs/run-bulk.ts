// One execution's share of a bulk run: the runner with the client, the sheet and the run's journal sheet.

import { dropJournal, sheetJournal } from "../../core/bulk/journal-sheet";
import { bulkMessage, runningMessage } from "../../core/bulk/messages";
import type { BulkOutcome } from "../../core/bulk/runner";
import { BulkRunner } from "../../core/bulk/runner";
import type { SheetPort, WorkbookPort } from "../../core/bulk/sheet-port";
import { type BulkState, lostRows } from "../../core/bulk/state";
import type { JobHandle } from "../../core/jobs/dispatch";
import type { BulkJob, Job, JobState } from "../../core/jobs/job";
import { documentMutex } from "../../platform/lock";
import { makeClient } from "../runtime";
import { fieldHeader } from "../sidebar/headers";
import { releaseAndLog } from "./outcomes";
import { changeLog } from "./refresh-changes";
import type { JobServices } from "./services";

const STATE_AFTER: Record<BulkOutcome, JobState> = {
  done: "done",
  paused: "queued",
  stopped: "stopped",
  out_of_credits: "out_of_credits",
  failed: "failed",
};

export function missingSheetForRun(name: string): string {
  return `The sheet "${name}" no longer exists, so the run cannot go on. Restore it (or rename a sheet back to "${name}"), then press Resume.`;
}

/** The hidden sheet keeping what bulk runs wrote into `sheetName`, cell for cell (see BulkRunEnv.copy). */
export function copySheetName(sheetName: string): string {
  return `Enrichment copy · ${sheetName}`.slice(0, 100);
}

// Created under the document lock: two runs on one sheet would otherwise both try to add it.
function copySheet(workbook: WorkbookPort, sheetName: string): SheetPort {
  const name = copySheetName(sheetName);
  return (
    workbook.sheet(name) ??
    documentMutex().runExclusive(
      () => workbook.sheet(name) ?? workbook.insertSheet(name, { show: false, hidden: true }),
      30_000,
    )
  );
}

export function runBulkStep(
  services: JobServices,
  workbook: WorkbookPort,
  job: BulkJob,
  handle: JobHandle,
): void {
  const finish = (state: BulkState, outcome: BulkOutcome): Job =>
    releaseAndLog(services, workbook, handle, (saved) => {
      const bulk = saved as BulkJob;
      bulk.bulk = state;
      bulk.state = STATE_AFTER[outcome];
      bulk.message = bulkMessage(state, outcome);
      bulk.notBefore = services.clock.now();
      if (outcome === "stopped") bulk.stopRequested = false;
    });
  if (job.stopRequested) {
    finish(job.bulk, "stopped");
    return;
  }
  const sheet = workbook.sheet(job.bulk.request.sheetName);
  if (!sheet) {
    const state = { ...job.bulk, failure: missingSheetForRun(job.bulk.request.sheetName) };
    finish(state, "failed");
    return;
  }
  const client = makeClient({ budgetMs: handle.deadline - services.clock.now(), keepsOwnRecord: true });
  const state = job.bulk;
  const runner = new BulkRunner(state, {
    clock: services.clock,
    deadline: handle.deadline,
    sheet,
    copy: copySheet(workbook, job.bulk.request.sheetName),
    fetch: (bodies) => client.organizationsMany(bodies),
    journal: sheetJournal(workbook, job.id),
    header: fieldHeader,
    // A refresh logs every cell it changes; an Enrich run fills cells and keeps no change log.
    ...(job.ruleId ? { changes: changeLog(workbook, job.ruleId) } : {}),
    // finish() releases the job with the run's state right after: one store write instead of two.
    callerCheckpointsEnd: true,
    save: (current) => {
      const saved = handle.update((j) => {
        (j as BulkJob).bulk = current;
        j.message = runningMessage(current);
      });
      return { stopRequested: saved.stopRequested };
    },
  });
  const outcome = runner.run();
  finish(state, outcome);
  // A run done with no lost rows is never stepped again (a lost row's re-run needs what the run bought).
  if (outcome === "done" && lostRows(state) === 0) dropJournal(workbook, job.id);
}
