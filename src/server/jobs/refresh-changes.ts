// Around a refresh's bulk run: its change log, the marks on changed cells, and "new rows only" selection.

import { rowsUnlikePlanned } from "../../core/bulk/moves";
import { purchaseRecord } from "../../core/bulk/purchase-record";
import type { ChangedCell } from "../../core/bulk/runner";
import { type BulkState, chunkBounds, chunkCount, isChunkDone, isChunkLost } from "../../core/bulk/state";
import { type CachedEntity, isComplete } from "../../core/caches/result-cache";
import type { RefreshRunReport } from "../../core/changes/change";
import {
  CHANGES_SHEET,
  CHANGES_WHEN_COLUMN,
  changeRow,
  changesHeader,
  isChangeNote,
} from "../../core/changes/change-sheet";
import { entityCells } from "../../core/changes/entity-cells";
import { printsAtSave, printsFromRecord, type RecordView } from "../../core/changes/prints-rebuilt";
import { encodeOffsets, newRowOffsets, rowPrint } from "../../core/changes/row-prints";
import { creditsSpent, type Job } from "../../core/jobs/job";
import { PRINTS_PREFIX } from "../../core/jobs/refresh-rules";
import { type OrganizationRead, readOrganization } from "../../core/organizations/identifiers";
import { fieldKey } from "../../core/organizations/org-fields";
import type { CellValue, SheetPort, WorkbookPort } from "../../core/sheet/port";
import { DATE_TIME_FORMAT } from "../../core/sheet/values";
import type { TimeWords } from "../../core/text/when";
import { timeWordsOf } from "../../platform/spreadsheet-time";
import { appendRows } from "../log/append-rows";
import {
  type CopySnapshot,
  cellMoves,
  copySheetOf,
  followedBlock,
  followMoves,
  readCopy,
} from "./refresh-moves";
import type { JobServices } from "./services";

/** The change log a refresh's runner appends to: the add-on's one "Changes" sheet, rows never rewritten. */
export function changeLog(workbook: WorkbookPort, ruleId: string) {
  let words: TimeWords | null = null;
  return {
    ruleId,
    /** The spreadsheet's zone for the notes on changed cells, asked once. */
    timeWords: () => {
      words ??= timeWordsOf(workbook.timeZone());
      return words;
    },
    append: (changes: readonly ChangedCell[]) =>
      appendRows(
        workbook,
        CHANGES_SHEET,
        () => changesHeader(workbook.timeZone()),
        changes.map((c) => changeRow(c.change, c.before, c.after)),
        { dateFormat: DATE_TIME_FORMAT, dateColumns: [CHANGES_WHEN_COLUMN] },
      ),
  };
}

/**
 * Takes off the notes the rule's last run put on the cells it changed (they were marked until this run),
 * over the block this run writes; a note the person wrote is never touched.
 */
export function clearChangeMarks(sheet: SheetPort, state: BulkState): void {
  const width = state.request.fields.length;
  if (state.rowCount === 0 || width === 0) return;
  const notes = sheet.readNotes(state.firstDataRow, state.outputColumn, state.rowCount, width);
  const marked = notes.flatMap((line, r) => (line.some(isChangeNote) ? [r] : []));
  if (marked.length === 0) return;
  // One setNotes over the rows holding marks; the person's notes among them are written back as they are.
  const top = marked[0] as number;
  const bottom = marked[marked.length - 1] as number;
  const cleared = notes
    .slice(top, bottom + 1)
    .map((line) => line.map((note) => (isChangeNote(note) ? "" : note)));
  sheet.writeNotes(state.firstDataRow + top, state.outputColumn, cleared);
}

export interface RowsNow {
  /** The identifier cells as typed, and as read. */
  inputs: unknown[];
  reads: OrganizationRead[];
  /** The rows' output cells now. */
  outputs: unknown[][];
}

/** The run's rows as they are now: identifiers as typed and read, and the values in their output cells. */
export function rowsNow(sheet: SheetPort, state: BulkState): RowsNow {
  if (state.rowCount === 0) return { inputs: [], reads: [], outputs: [] };
  const { firstDataRow, rowCount, outputColumn } = state;
  const inputs = sheet.readValues(firstDataRow, state.request.range.column, rowCount, 1).map((row) => row[0]);
  return {
    inputs,
    reads: inputs.map((input) => readOrganization(input)),
    outputs: sheet.readValues(firstDataRow, outputColumn, rowCount, state.request.fields.length),
  };
}

/**
 * The rows added or edited since the rule's last run, from its row prints: every run records their changed
 * cells as "Different organization in this row" (the values beside an edited identifier are another
 * organization's, so nothing moved); a "new rows only" run buys only them (every row before its first).
 */
export function markNewRows(
  services: JobServices,
  ruleId: string,
  sheet: SheetPort,
  state: BulkState,
  newRowsOnly: boolean,
  /** The hidden copy of what the add-on wrote on the run's sheet (copySheetOf), null without one. */
  copySheet: SheetPort | null,
  ranBefore = false,
): NewRows {
  const now = rowsNow(sheet, state);
  let previous = services.prints.read<string>(PRINTS_PREFIX + ruleId);
  // A rule that ran kept prints: none means a person deleted the prints sheet (or cleared the rule's row).
  if (previous === null && ranBefore) {
    const written = readCopy(copySheet, state)?.block ?? null;
    const rebuilt = printsFromRecord(now.reads, now.outputs, recordView(services, sheet, state, written));
    previous = rebuilt.prints;
    state.printsRebuilt = rebuilt.seen;
  }
  const fresh = newRowsSince(copySheet, sheet, state, previous, now);
  const encoded = encodeOffsets(fresh.offsets);
  if (newRowsOnly) state.rowsOnly = encoded;
  // Without prints (a rule saved from a request, before its first run) no row is known to be new.
  if (previous !== null && encoded !== "") state.newOrganizations = encoded;
  return fresh;
}

/**
 * The rows added or edited since `previous` (the row prints), as a refresh finds them and its price counts
 * them: one view, reading the hidden copy once. Cells that moved without their identifier make a row new
 * even where its identifier is its place's.
 */
export function newRowsSince(
  copySheet: SheetPort | null,
  sheet: SheetPort,
  state: BulkState,
  previous: string | null,
  now: RowsNow,
): NewRows {
  const { snapshot, cellsFrom } =
    previous === null
      ? { snapshot: null, cellsFrom: new Map<number, number>() }
      : cellMoves(copySheet, sheet, state, now.outputs);
  const offsets = newRowOffsets(now.reads, previous, now.outputs, cellsFrom);
  return { ...now, previous, offsets, snapshot, cellsFrom };
}

/** The purchase record as row prints read it: its answers, the cells each gives the run's rows. */
function recordView(
  services: JobServices,
  sheet: SheetPort,
  state: BulkState,
  written: RecordView["written"],
): RecordView {
  const cellsOf = (entity: CachedEntity) => entityCells(state.request.fields, entity, sheet);
  return { bought: boughtBefore(services), cellsOf, written };
}

/**
 * The cells a row of an organization gets from its bought answer, the record read once on first ask; null
 * when the record holds no complete answer for the run's fields, or the organization matched nothing (a
 * run then buys it, for free, and writes "Not found").
 */
export function boughtCells(
  load: () => ReadonlyMap<string, CachedEntity>,
  sheet: Pick<SheetPort, "day">,
  state: BulkState,
) {
  let record: ReadonlyMap<string, CachedEntity> | null = null;
  const keys = state.request.fields.map(fieldKey);
  return (read: OrganizationRead & { kind: "org" }): CellValue[] | null => {
    record ??= load();
    const entity = record.get(read.key);
    if (!entity?.matched || !isComplete(entity, keys)) return null;
    return entityCells(state.request.fields, entity, sheet);
  };
}

/** Every answer the purchase record holds, whichever run bought it and when. */
export function boughtBefore(services: JobServices) {
  return purchaseRecord(services.workbook, {
    jobId: "",
    reuseFrom: 0,
    now: () => services.clock.now(),
    create: () => {
      throw new Error("Reading the purchase record makes no sheet.");
    },
  }).load();
}

/** The rows as markNewRows read them, the prints it compared them with, and the rows found new. */
export interface NewRows extends RowsNow {
  previous: string | null;
  offsets: number[];
  /** The hidden copy's cells as the last run left them (null without a copy or a last run). */
  snapshot: CopySnapshot | null;
  /** Rows whose output cells came from another place since the last run (cellMoves). */
  cellsFrom: Map<number, number>;
}

/**
 * After a run that finished, the rows it leaves enriched: one print per row of the identifier there now;
 * rows of chunks it did not finish (lost answers) get none, so a "new rows only" run buys them next time.
 */
export function keepRowPrints(
  services: JobServices,
  ruleId: string,
  sheet: SheetPort,
  state: BulkState,
): void {
  const { reads, outputs } = rowsNow(sheet, state);
  // The prints describe the rows as they are now; the hidden copy must too, or a later refresh reads the
  // cells of rows sorted since the run (the copy's places) against the prints' places and takes the
  // add-on's moved values for someone's edits, leaving those rows unbought.
  const copy = copySheetOf(services.workbook, state);
  const { snapshot, cellsFrom } = cellMoves(copy, sheet, state, outputs);
  if (copy && snapshot) followMoves(copy, state, cellsFrom, snapshot);
  // Rows edited or moved after the run wrote them are kept as seen only as the purchase record shows them.
  const unsure = rowsUnlikePlanned(state, reads);
  const written = snapshot ? followedBlock(snapshot, cellsFrom) : null;
  const prints = printsAtSave(
    reads,
    outputs,
    (offset) => unsure.has(offset),
    () => recordView(services, sheet, state, written),
  );
  for (let i = 0; i < chunkCount(state); i++) {
    if (isChunkDone(state, i) && !isChunkLost(state, i)) continue;
    const { start, end } = chunkBounds(state, i);
    for (let offset = start; offset < end; offset++) prints[offset] = "-";
  }
  services.prints.write(PRINTS_PREFIX + ruleId, prints.join(","));
}

/**
 * A run a rule was saved from finished rows it had lost (Re-run lost rows, Resume): the rule kept those rows
 * as new ("-"), so its first "new rows only" run would buy them again. Rows of chunks the run now holds done
 * and still as it planned them (no identifier edited or moved since) take their print as they are now.
 */
export function keepRecoveredPrints(services: JobServices, sheet: SheetPort, state: BulkState): void {
  const rules = services.rules
    .list()
    .filter(
      (rule) =>
        rule.request.sheetName === state.request.sheetName && rule.outputColumn === state.outputColumn,
    );
  if (rules.length === 0) return;
  let rows: RowsNow | null = null;
  for (const rule of rules) {
    const kept = services.prints.read<string>(PRINTS_PREFIX + rule.id);
    const prints = kept === null ? [] : kept.split(",");
    if (prints.length !== state.rowCount || !prints.includes("-")) continue;
    rows ??= rowsNow(sheet, state);
    const unsure = rowsUnlikePlanned(state, rows.reads);
    let changed = false;
    for (let i = 0; i < chunkCount(state); i++) {
      if (!isChunkDone(state, i) || isChunkLost(state, i)) continue;
      const { start, end } = chunkBounds(state, i);
      for (let offset = start; offset < end; offset++) {
        if (prints[offset] !== "-" || unsure.has(offset)) continue;
        prints[offset] = rowPrint(rows.reads[offset] as OrganizationRead, rows.outputs[offset]);
        changed = true;
      }
    }
    if (changed) services.prints.write(PRINTS_PREFIX + rule.id, prints.join(","));
  }
}

export function forgetRowPrints(services: JobServices, ruleId: string): void {
  services.prints.remove(PRINTS_PREFIX + ruleId);
}

/** What a refresh's run did, kept on its rule for the sidebar. */
export function runReport(job: Job, at: number): RefreshRunReport {
  const bulk = job.kind === "bulk" ? job.bulk : null;
  return {
    at,
    rowsChecked: bulk?.rowCount ?? 0,
    rowsBought: bulk?.rowsBought ?? 0,
    cellsChanged: bulk?.cellsChanged ?? 0,
    credits: creditsSpent(job),
    changeRows: bulk?.changeRows ?? null,
  };
}
