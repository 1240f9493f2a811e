// What an Enrich price adds when buying again is possible: rows whose last answer was lost, a deleted record.
import { againWords, loggedLostKeys, lostKeys, ownedLostRows, rowsAgain } from "../../core/bulk/lost-again";
import { purchaseRecord, RECORD_SHEET } from "../../core/bulk/purchase-record";
import { RECORD_GONE_WORDS, recordGone, recordMadeAgain } from "../../core/bulk/record-gone";
import { readInputReads } from "../../core/bulk/run-rows";
import { LOG_SHEET } from "../../core/jobs/enrichment-log";
import type { Job } from "../../core/jobs/job";
import type { WorkbookPort } from "../../core/sheet/port";
import { formulaSettings } from "../runtime";
import type { PlannedRun } from "./plan-run";

/** The sentences the estimate's footer line adds after the price, each joined with " · ". */
export function estimateWarnings(
  jobs: Job[],
  plan: PlannedRun,
  workbook: WorkbookPort,
  now: number,
): string[] {
  let log: unknown[][] | null = null;
  const readLog = () => (log ??= workbook.sheet(LOG_SHEET)?.readAll() ?? []);
  const again = lostAgain(jobs, plan, workbook, now, readLog);
  return [
    ...(again > 0 ? [againWords(again)] : []),
    ...(recordLost(workbook, jobs, now, readLog) ? [RECORD_GONE_WORDS] : []),
  ];
}

/**
 * Whether the purchase record was deleted after answers were bought (the log is read only then), or made
 * again since a run bought into the one deleted.
 */
function recordLost(workbook: WorkbookPort, jobs: Job[], now: number, readLog: () => unknown[][]): boolean {
  const id = workbook.sheetId(RECORD_SHEET);
  if (id !== null) return recordMadeAgain(id, jobs, now - formulaSettings().cacheLifetimeSeconds * 1000);
  return recordGone(false, readLog(), jobs);
}

/**
 * The planned run's rows whose organization an earlier run lost the paid answer of, on this sheet or
 * another, and no record holds since: the new run sends them again, so its price says so. A run gone with
 * the jobs sheet is known by the log's possibly-charged rows (read once a price, shared with recordLost).
 * Reads the rows, and the purchase record, only when such a run is there.
 */
function lostAgain(
  jobs: Job[],
  plan: PlannedRun,
  workbook: WorkbookPort,
  now: number,
  readLog: () => unknown[][],
): number {
  const lost = new Set<string>();
  for (const job of jobs) {
    if (job.kind !== "bulk" || (job.bulk.lost ?? []).length === 0) continue;
    const { sheetName } = job.bulk.request;
    const sheet = sheetName === plan.state.request.sheetName ? plan.sheet : workbook.sheet(sheetName);
    if (sheet) for (const key of lostKeys(job.bulk, readInputReads(sheet, job.bulk))) lost.add(key);
  }
  // What the run will find bought, as startEnrichment sets its window.
  const reuseFrom = now - formulaSettings().cacheLifetimeSeconds * 1000;
  // A lost answer whose job is gone (the jobs sheet deleted) is still in the log's possibly-charged rows.
  for (const key of loggedLostKeys(readLog(), reuseFrom, workbook, ownedLostRows(jobs))) lost.add(key);
  if (lost.size === 0) return 0;
  const held = purchaseRecord(workbook, { jobId: "", reuseFrom, now: () => now, create: (make) => make() });
  for (const key of held.load().keys()) lost.delete(key);
  return rowsAgain(readInputReads(plan.sheet, plan.state), lost);
}
