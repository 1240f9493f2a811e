// Enrichment-log rows that could not be appended when they were paid (another execution held the log's
// lock too long, or a formula paid: custom functions cannot write a sheet) wait in the document's
// properties (src/platform/deferred-log-store.ts) and are appended by the next execution that may write the
// sheet: a sidebar call that spends or reads the credits, Check this sheet, a menu entry, the jobs trigger
// in the document. A paid answer never loses its row.
import type { CellValue, WorkbookPort } from "../../core/sheet/port";
import { keepLogRows, keptLogRows } from "../../platform/deferred-log-store";
import { reachesDocument } from "../../platform/execution-context";
import { jobsMutex } from "../../platform/lock";
import { propertyStore } from "../../platform/properties";
import { isServiceError } from "../../platform/service-error";
import { activeWorkbook } from "../../platform/spreadsheet";
import { anyDeadRequest, takeDeadRequests } from "../formulas/dead-requests";
import { fileFormulaPurchases } from "../formulas/file-purchases";
import { drainPendingAnswers } from "../formulas/pending";
import { notePossiblyCharged } from "../runtime";
import { appendLogRows } from "./append-rows";

// Short: a menu entry or Check this sheet must not stall behind a job's step holding the log's lock. A
// flush that cannot get it in time leaves the rows for the next execution.
const FLUSH_LOCK_MS = 5_000;

export { DEFERRED_LOG_PREFIX } from "../../platform/deferred-log-store";

/**
 * Appends `rows` to the Enrichment log, or keeps them for the next paid sidebar call when the append
 * fails. Returns false only when neither could be done (the store is full as well).
 */
export function appendLogOrDefer(workbook: WorkbookPort, rows: CellValue[][]): boolean {
  if (rows.length === 0) return true;
  try {
    appendLogRows(workbook, rows);
    return true;
  } catch {
    return keepLogRows(rows);
  }
}

/**
 * Appends the rows kept by earlier calls, oldest first, and forgets them once they are in the log. Several
 * executions flush (the sidebar, Check this sheet, menu entries, the jobs trigger): the rows are read again,
 * appended and forgotten under the log's lock, so two flushing at once append them once. Nothing waiting
 * costs a property read and a cache read, and no lock.
 */
export function flushDeferredLog(workbook: WorkbookPort): void {
  const now = Date.now();
  if (keptLogRows().count === 0 && !anyDeadRequest(propertyStore("document"), now)) return;
  try {
    jobsMutex().runExclusive(() => {
      // Formula requests whose execution died with them out get their possibly-charged rows here.
      const dead = takeDeadRequests(propertyStore("document"), now);
      notePossiblyCharged(dead.credits);
      const kept = keptLogRows();
      // Forgotten first: a row still kept after its append would be appended again by the next flush.
      const rows = [...(kept.count === 0 ? [] : kept.forget()), ...dead.rows];
      if (rows.length > 0) appendLogOrDefer(workbook, rows);
    }, FLUSH_LOCK_MS);
  } catch {
    // Still kept: a later call tries again.
  }
}

/**
 * Flushes the log of the spreadsheet this execution runs in; none (a trigger elsewhere): the rows wait.
 * `everything`: file all the caches hold, not only what the 6-hour note marks (see flushOnOpen).
 */
export function flushDeferredLogHere(everything = false): void {
  // Formulas' answers the day's properties quota kept waiting are made durable by the same executions.
  drainPendingAnswers();
  // And what formulas bought goes into the purchase record, where every later formula and run reads it.
  try {
    fileFormulaPurchases(everything);
  } catch (error) {
    // A service refused (a quota, the sheet): still held, the next execution here files them. A failure of
    // the add-on's own is not hidden.
    if (!isServiceError(error)) throw error;
  }
  try {
    flushDeferredLog(activeWorkbook());
  } catch {
    // No spreadsheet here: the rows wait for the next execution that has one.
  }
}

/**
 * onOpen where the add-on is enabled in the file (LIMITED; FULL from onInstall), which may write the
 * document: what formulas bought since (the durable level keeps it past the 6-hour cache and its note) is
 * filed in the purchase record and their log rows appended, with no sidebar or menu. Only installed (NONE):
 * nothing, there is no document.
 */
export function flushOnOpen(event: unknown): void {
  if (reachesDocument(event)) flushDeferredLogHere(true);
}
