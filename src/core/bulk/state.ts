// The persisted checkpoint of one bulk run: the plan made at its start and the chunks done since.

import type { OrganizationRead } from "../organizations/identifiers";
import { fnv1a32 } from "../text/hash";
import type { WritePolicy } from "./output";
import type { InputColumn } from "./plan";
import { chunkStarts } from "./plan";
import type { BulkRequest } from "./request";

/** Invalid-row messages kept for the status; the rest are only counted. */
export const MAX_KEPT_ERRORS = 20;

export interface BulkState {
  request: BulkRequest;
  headerRow: number | null;
  /** Where the field labels still have to be written; null once written or when there are none. */
  labelsRow: number | null;
  firstDataRow: number;
  rowCount: number;
  /** Offsets (from firstDataRow) where each chunk starts. */
  starts: number[];
  /**
   * Per chunk, a hash of the identifiers its rows held when the run was planned: rows that move (a sort,
   * rows inserted or deleted) no longer match, and the run stops before writing into the wrong rows.
   * Absent in runs saved before it existed.
   */
  fingerprints?: string[];
  /**
   * A hash of the set of organizations the run's rows held when planned: rows that moved but still hold
   * the same organizations (a sort) are planned again where they are now; other moves stop the run.
   * Absent in runs saved before it existed.
   */
  keysPrint?: string;
  /** How many times the run was planned again after its rows were sorted (see replanState). */
  replans?: number;
  /** First column written. */
  outputColumn: number;
  /**
   * The run's "Status" column: why each row has values or none ("Found", "Not found", "Can't read: …"),
   * so the value columns hold only values. Absent in runs saved before it existed (none is written).
   */
  statusColumn?: number;
  policy: WritePolicy;
  /** One character per chunk: "1" written and checkpointed, "0" not yet. */
  done: string;
  /** Failed tries per chunk index, for chunks that failed in a way worth trying again. */
  attempts: Record<string, number>;
  /** Chunks whose requests went out and whose checkpoint may not have followed (a crash in between). */
  inFlight: number[];
  /**
   * Chunks whose paid answer was lost after the request went out (unreadable, timed out, or the execution
   * died while it was in flight): never bought again unless the user asks (rerunLostRows). Absent in runs
   * saved before it existed.
   */
  lost?: number[];
  /** Why each lost chunk (by index) was lost, as the sidebar lists it; shown while the chunk is lost. */
  lostNotes?: Record<string, string>;
  /**
   * The chunk whose failure (`failure`) ended the run: its rows are not enriched until Resume. Meaningful
   * only while `failure` is set (Resume clears that).
   */
  failedChunk?: number;
  /**
   * How many of the journal's wave costs `creditsSpent` counts: a wave journaled and then killed before
   * its checkpoint is counted (and so logged) by the resume, once. Absent in runs saved before it existed.
   */
  journalWaves?: number;
  /**
   * Answers other runs bought at or after this time (ms) are used instead of buying them again: the
   * start of the run's freshness window. Absent: only the run's own answers (a refresh buys anew).
   */
  reuseFrom?: number;
  /**
   * Set for runs whose purchases go to the spreadsheet's record (purchase-record.ts); absent in runs an
   * earlier version began, which may have a journal sheet of their own to read as well.
   */
  inRecord?: boolean;
  /**
   * Set once the purchase record was found without waves this run recorded (its sheet deleted, renamed or
   * typed over): every execution then also takes what it bought from the rows it wrote (rebuild.ts).
   */
  recordLost?: boolean;
  /** The sheet id of the record the run's first paid wave went to: a record made again has another. */
  recordSheetId?: number;
  /** Organizations taken from the rows written instead of the record, as last counted. */
  recordRebuilt?: number;
  /** Rows a refresh took as seen from the sheet and the purchase record, its rule's row prints being lost. */
  printsRebuilt?: number;
  /** Credits the lost chunks may have cost (the price list's most), logged as possibly charged. */
  possiblyCharged?: number;
  /** The most the in-flight chunks' requests can cost, recorded with their intent (see failed-step.ts). */
  inFlightCredits?: number;
  /** Of `possiblyCharged`, what a failed step counted for chunks still in flight, until they are settled. */
  heldPossibly?: number;
  /** Cells a refresh left alone because someone edited them since the add-on wrote them. */
  keptEdited?: number;
  /**
   * A "new rows only" refresh: the offsets (see encodeOffsets) of the rows it buys; every other row is
   * left as it is. Absent: every row.
   */
  rowsOnly?: string;
  /**
   * A refresh: the offsets (see encodeOffsets) of the rows holding another organization than at the rule's
   * last run, so their changed cells are recorded as such, not as values that moved. Absent: none known.
   */
  newOrganizations?: string;
  /** Rows sent (or answered from what the run bought already) and written: a refresh's "rows bought". */
  rowsBought?: number;
  /** Cells a refresh changed, each a row of the Changes sheet, and which rows of it this run appended. */
  cellsChanged?: number;
  changeRows?: { first: number; last: number } | null;
  rowsDone: number;
  matched: number;
  unmatched: number;
  invalid: number;
  creditsSpent: number;
  creditsRemaining: number | null;
  /**
   * Rows whose identifier could not be read, as "Row 17: …"; at most MAX_KEPT_ERRORS, `errorCount` counts
   * all. (Lost and failed rows are told apart: `lostNotes`, `failure`.)
   */
  errors: string[];
  errorCount: number;
  /** Why the run failed, once it has. */
  failure: string | null;
}

export interface Placement {
  /** The sheet's last column with content, after which "new-columns" output goes. */
  lastColumn: number;
  /** The columns of an earlier run (a rule's refresh), instead of new ones. */
  outputColumn?: number;
  policy?: WritePolicy;
  /** A header above the range (the selection left it out): "new-columns" labels go there too. */
  headerAbove?: boolean;
  /** Where the Status column goes when the values go into existing columns (see planRun). */
  statusColumn?: number;
}

/** The header of a run's Status column, and the words it uses per row. */
export const STATUS_HEADER = "Status";
export const STATUS = {
  found: "Found",
  notFound: "Not found",
  unreadable: (reason: string) => `Can't read: ${reason}`,
  lost: "Answer lost: press Re-run lost rows",
  failed: "Not enriched: the service failed; press Resume",
} as const;

/** The plan of a run: where values go, how they are written, and the chunks. */
export function createBulkState(request: BulkRequest, input: InputColumn, placement: Placement): BulkState {
  const starts = chunkStarts(input.reads);
  const newColumns = request.output.mode === "new-columns";
  const outputColumn =
    placement.outputColumn ??
    (newColumns ? placement.lastColumn + 1 : (request.output.targetColumn as number));
  const policy: WritePolicy =
    placement.policy ?? (request.output.mode === "overwrite" ? "replace" : "fill-empty");
  const above = placement.headerAbove && input.firstDataRow > 1 ? input.firstDataRow - 1 : null;
  const labelsRow = newColumns ? (input.headerRow ?? above) : null;
  return {
    request,
    headerRow: input.headerRow,
    labelsRow,
    firstDataRow: input.firstDataRow,
    rowCount: input.reads.length,
    starts,
    fingerprints: chunkFingerprints(input.reads, starts),
    keysPrint: keysPrint(input.reads),
    outputColumn,
    statusColumn: placement.statusColumn ?? outputColumn + request.fields.length,
    policy,
    done: "0".repeat(starts.length),
    attempts: {},
    inFlight: [],
    lost: [],
    journalWaves: 0,
    inRecord: true,
    possiblyCharged: 0,
    rowsDone: 0,
    matched: 0,
    unmatched: 0,
    invalid: 0,
    creditsSpent: 0,
    creditsRemaining: null,
    errors: [],
    errorCount: 0,
    failure: null,
  };
}

/** What identifies the rows of each chunk (identifier keys, blanks and invalid cells alike), hashed. */
export function chunkFingerprints(reads: readonly OrganizationRead[], starts: readonly number[]): string[] {
  return starts.map((start, i) => rowsPrint(reads, start, starts[i + 1] ?? reads.length));
}

/** What identifies rows [start, end) (see chunkFingerprints), hashed. */
export function rowsPrint(reads: readonly OrganizationRead[], start: number, end: number): string {
  const text = reads
    .slice(start, end)
    .map((read) => (read.kind === "org" ? read.key : read.kind))
    .join("\n");
  return fnv1a32(text).toString(36);
}

/** The set of organizations the rows hold, whatever their order, hashed. */
export function keysPrint(reads: readonly OrganizationRead[]): string {
  const keys = new Set<string>();
  for (const read of reads) if (read.kind === "org") keys.add(read.key);
  return fnv1a32([...keys].sort().join("\n")).toString(36);
}

/** Rows [start, end) of chunk `index`, as offsets from firstDataRow. */
export function chunkBounds(state: BulkState, index: number): { start: number; end: number } {
  return { start: state.starts[index] as number, end: state.starts[index + 1] ?? state.rowCount };
}

export function chunkCount(state: BulkState): number {
  return state.starts.length;
}

export function isChunkDone(state: BulkState, index: number): boolean {
  return state.done.charAt(index) === "1";
}

export function markChunkDone(state: BulkState, index: number): void {
  state.done = `${state.done.slice(0, index)}1${state.done.slice(index + 1)}`;
}

export function isChunkLost(state: BulkState, index: number): boolean {
  return (state.lost ?? []).includes(index);
}

/** Rows of the lost chunks. */
export function lostRows(state: BulkState): number {
  return (state.lost ?? []).reduce((rows, index) => {
    const { start, end } = chunkBounds(state, index);
    return rows + end - start;
  }, 0);
}

/** Rows of the chunk whose failure ended the run (0 once resumed, or when none failed). */
export function failedRows(state: BulkState): number {
  if (state.failure === null || state.failedChunk === undefined) return 0;
  const { start, end } = chunkBounds(state, state.failedChunk);
  return end - start;
}

/** What is said of each lost chunk, in chunk order (nothing once they are bought again). */
export function lostChunkNotes(state: BulkState): string[] {
  return [...(state.lost ?? [])]
    .sort((a, b) => a - b)
    .map((index) => state.lostNotes?.[index])
    .filter((note): note is string => note !== undefined);
}

/** The most buying the lost rows again can cost: what they may have cost the first time. */
export function lostCredits(state: BulkState): number {
  return lostRows(state) > 0 ? (state.possiblyCharged ?? 0) : 0;
}

export function allChunksDone(state: BulkState): boolean {
  return !state.done.includes("0");
}

/** The rectangle a run writes, labels included (1-based rows and columns, inclusive). */
export interface OutputBlock {
  firstRow: number;
  lastRow: number;
  firstColumn: number;
  lastColumn: number;
}

export function outputBlock(state: BulkState): OutputBlock {
  const firstRow = state.labelsRow ?? state.firstDataRow;
  return {
    firstRow,
    lastRow: Math.max(firstRow, state.firstDataRow + state.rowCount - 1),
    firstColumn: state.outputColumn,
    lastColumn: Math.max(state.outputColumn + state.request.fields.length - 1, state.statusColumn ?? 0),
  };
}

export function blocksOverlap(a: OutputBlock, b: OutputBlock): boolean {
  return (
    a.firstRow <= b.lastRow &&
    b.firstRow <= a.lastRow &&
    a.firstColumn <= b.lastColumn &&
    b.firstColumn <= a.lastColumn
  );
}
