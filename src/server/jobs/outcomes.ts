// What a job step leaves when it comes to rest: an enrichment-log row and, for a refresh, the rule's run.

import { StoreFullError } from "../../core/jobs/chunked-store";
import type { JobHandle } from "../../core/jobs/dispatch";
import type { logEntry } from "../../core/jobs/enrichment-log";
import { creditsSpent, isActive, type Job } from "../../core/jobs/job";
import { nextRunAfter } from "../../core/jobs/refresh-rules";
import type { WorkbookPort } from "../../core/sheet/port";
import { notePossiblyCharged } from "../runtime";
import { appendNotedRows, noteLogEntry } from "./pending-log";
import { keepRecoveredPrints, keepRowPrints, runReport } from "./refresh-changes";
import type { JobServices } from "./services";

/**
 * Releases a job with `mutate` applied and notes in the same write what the log is about to say, then
 * appends that row and clears the note: a row whose append never happened is appended by the next
 * execution that reads the jobs, and a row that landed is found in the log there, not logged twice.
 * Both in one holding of the jobs lock (the release's and the append's, which are the same lock): an ended
 * step takes it once, not twice in a row.
 */
export function releaseAndLog(
  services: JobServices,
  workbook: WorkbookPort,
  handle: JobHandle,
  mutate: (job: Job) => void,
): Job {
  const saved = services.queue.holding(() => {
    let row: ReturnType<typeof logEntry> = null;
    const released = handle.release((job) => {
      mutate(job);
      row = noteLogEntry(job, services.clock.now());
    });
    // The release is written whatever the append does next, its rows noted on the job until they are in:
    // an execution killed before the note is cleared leaves them for the next one (pending-log.ts).
    const entry = row as ReturnType<typeof logEntry>;
    if (!entry) return released;
    // The owner's execution (it runs with their key): the chip and Settings count what the log says.
    notePossiblyCharged(entry.newlyPossible);
    appendNotedRows(services, workbook, released, entry.rows);
    return released;
  });
  if (saved.ruleId && !isActive(saved)) recordRuleRun(services, workbook, saved);
  else if (saved.kind === "bulk" && saved.state === "done") {
    const sheet = workbook.sheet(saved.bulk.request.sheetName);
    if (sheet) keepRecoveredPrints(services, sheet, saved.bulk);
  }
  return saved;
}

/**
 * A refresh rule's run came to rest: its time, credits, result and report, the columns it writes, and,
 * when it finished, the prints of the rows it leaves enriched (for "new rows only").
 */
function recordRuleRun(services: JobServices, workbook: WorkbookPort, job: Job): void {
  let unkept: string | null = null;
  if (job.kind === "bulk" && job.state === "done" && job.ruleId) {
    const sheet = workbook.sheet(job.bulk.request.sheetName);
    try {
      if (sheet) keepRowPrints(services, job.ruleId, sheet, job.bulk);
    } catch (error) {
      // The run is done and paid for; only its record of which rows it enriched did not fit.
      if (!(error instanceof StoreFullError)) throw error;
      unkept = ` Which rows it enriched could not be kept (${error.message}), so a "new rows only" run also buys rows added before it.`;
    }
  }
  services.queue.locked(() => {
    const rule = services.rules.get(job.ruleId as string);
    if (!rule || rule.jobId !== job.id) return;
    rule.lastRunAt = services.clock.now();
    rule.lastCredits = creditsSpent(job);
    rule.lastResult = unkept ? `${job.message}${unkept}` : job.message;
    rule.lastRun = runReport(job, rule.lastRunAt);
    if (job.kind === "bulk" && rule.outputColumn === null) rule.outputColumn = job.bulk.outputColumn;
    rule.nextRunAt = nextRunAfter(rule, rule.lastRunAt);
    services.rules.put(rule);
  });
}
