// One execution's share of a bulk run: the runner with the client, the sheet and the run's journal sheet.

import { DeadlineExceededError } from "../../api/retry/deadline";
import { addonSheetOf } from "../../core/addon-sheets/make";
import { copySheetName } from "../../core/addon-sheets/registry";
import { followSheet } from "../../core/bulk/follow-sheet";
import { dropJournal } from "../../core/bulk/journal-sheet";
import { bulkMessage, runningMessage } from "../../core/bulk/messages";
import { purchaseRecord, RECORD_SHEET, type RunRecord } from "../../core/bulk/purchase-record";
import { noteRecordSheet } from "../../core/bulk/record-gone";
import { nameIfBoughtNothing } from "../../core/bulk/record-runs";
import type { BulkOutcome } from "../../core/bulk/runner";
import { BulkRunner } from "../../core/bulk/runner";
import { type BulkState, lostRows } from "../../core/bulk/state";
import type { JobHandle } from "../../core/jobs/dispatch";
import type { BulkJob, Job, JobState } from "../../core/jobs/job";
import type { SheetPort, WorkbookPort } from "../../core/sheet/port";
import { documentMutex } from "../../platform/lock";
import { noteUnfiled } from "../../platform/shelf-note";
import { makeClient } from "../runtime";
import { fieldHeader } from "../sidebar/headers";
import { notedPut } from "./noted-put";
import { releaseAndLog } from "./outcomes";
import { changeLog } from "./refresh-changes";
import type { JobServices } from "./services";

/** Thrown instead of sending once a Stop is recorded: for the client, nothing was sent, as out of time. */
class StopRecordedError extends DeadlineExceededError {
  override name = "StopRecordedError";
  constructor() {
    super("Stopped before the request was sent.");
  }
}

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

/** What a person's run is, as the purchase record keeps it on each wave. */
function runRecord(job: BulkJob): RunRecord {
  return {
    title: job.title,
    request: job.bulk.request,
    outputColumn: job.bulk.outputColumn,
    createdAt: job.createdAt,
    ...(job.ownerId !== undefined ? { ownerId: job.ownerId } : {}),
    ...(job.bulk.reuseFrom !== undefined ? { reuseFrom: job.bulk.reuseFrom } : {}),
  };
}

// Created under the document lock: two runs on one sheet would otherwise both try to add it.
function copySheet(workbook: WorkbookPort, sheetName: string): SheetPort {
  const name = copySheetName(sheetName);
  return workbook.sheet(name) ?? documentMutex().runExclusive(() => addonSheetOf(workbook, name), 30_000);
}

/**
 * A sheet whose writes first make sure the job is this execution's: a step that took its job without the
 * lock (dispatch's `tentative`) confirms the claim with its first checkpoint, or with its first write when
 * that comes first (settling a killed execution's wave, a wave with nothing to buy).
 */
function heldBeforeWrites(sheet: SheetPort, hold: () => void): SheetPort {
  return {
    name: sheet.name,
    lastRow: () => sheet.lastRow(),
    lastColumn: () => sheet.lastColumn(),
    maxRows: () => sheet.maxRows(),
    readValues: (...args) => sheet.readValues(...args),
    readFormulas: (...args) => sheet.readFormulas(...args),
    readAll: () => sheet.readAll(),
    isBlank: (...args) => sheet.isBlank(...args),
    readNotes: (...args) => sheet.readNotes(...args),
    day: (...args) => sheet.day(...args),
    writeValues: (...args) => {
      hold();
      sheet.writeValues(...args);
    },
    appendRow: (...args) => {
      hold();
      sheet.appendRow(...args);
    },
    writeNotes: (...args) => {
      hold();
      sheet.writeNotes(...args);
    },
    writeLinkedText: (...args) => {
      hold();
      sheet.writeLinkedText(...args);
    },
    growTo: (...args) => {
      hold();
      sheet.growTo(...args);
    },
    setNumberFormat: (...args) => {
      hold();
      sheet.setNumberFormat(...args);
    },
  };
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
  // A sheet the person renamed is followed by its id (saved with the job's next checkpoint).
  followSheet(workbook, job.bulk.request);
  const sheet = workbook.sheet(job.bulk.request.sheetName);
  if (!sheet) {
    const state = { ...job.bulk, failure: missingSheetForRun(job.bulk.request.sheetName) };
    finish(state, "failed");
    return;
  }
  const client = makeClient({
    budgetMs: handle.deadline - services.clock.now(),
    keepsOwnRecord: true,
    // The last look before a wave (or a retry of it) goes out, after any wait for the rate limit: a Stop
    // recorded meanwhile sends nothing more. The wave's chunks stay to do; the checkpoint that follows
    // reads the Stop, and the run stops there (BulkRunner treats it as time running out).
    beforeEachSend: () => {
      if (services.queue.stopRecorded(job.id)) throw new StopRecordedError();
    },
  });
  const state = job.bulk;
  // Nothing is written or paid for on a job this execution does not hold (see heldBeforeWrites).
  const hold = () => {
    if (!handle.held) handle.update(() => undefined);
  };
  // One row a paid wave, in the spreadsheet's record every run reads.
  const legacy = !state.inRecord;
  const record = purchaseRecord(workbook, {
    jobId: job.id,
    ...(state.reuseFrom !== undefined ? { reuseFrom: state.reuseFrom } : {}),
    legacy,
    now: () => services.clock.now(),
    create: (make) => documentMutex().runExclusive(make, 30_000),
    // A person's run is named on its waves: a lost jobs sheet is rebuilt from them (runs-back.ts).
    ...(job.ruleId === null ? { run: runRecord(job) } : {}),
  });
  const changes = job.ruleId ? changeLog(workbook, job.ruleId) : null;
  let bought = false;
  const runner = new BulkRunner(state, {
    clock: services.clock,
    deadline: handle.deadline,
    sheet: heldBeforeWrites(sheet, hold),
    copy: heldBeforeWrites(copySheet(workbook, job.bulk.request.sheetName), hold),
    fetch: (bodies) => {
      hold();
      return client.organizationsMany(bodies);
    },
    record: {
      load: () => record.load(),
      waveCredits: () => record.waveCredits(),
      put: notedPut(noteUnfiled, (results, credits) => {
        hold();
        record.put(results, credits);
        noteRecordSheet(state, () => workbook.sheetId(RECORD_SHEET));
        bought = true;
      }),
    },
    header: fieldHeader,
    // A refresh logs every cell it changes; an Enrich run fills cells and keeps no change log.
    ...(changes
      ? {
          changes: {
            ruleId: changes.ruleId,
            timeWords: changes.timeWords,
            append: (cells: Parameters<typeof changes.append>[0]) => {
              hold();
              return changes.append(cells);
            },
          },
        }
      : {}),
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
  // A run another run had bought everything for is named in the record all the same (runs-back.ts).
  nameIfBoughtNothing(record, outcome, state, legacy);
  finish(state, outcome);
  // Noted again at the end: a flush that ran during the run's last wave may have cleared that wave's note.
  if (bought) noteUnfiled();
  // An earlier version's journal of a run done with no lost rows is needed no more (a lost row's re-run
  // needs what the run bought); the record keeps what it bought for every later run.
  if (legacy && outcome === "done" && lostRows(state) === 0) dropJournal(workbook, job.id);
}
