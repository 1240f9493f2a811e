// Runs a bulk enrichment from its checkpoint in waves of chunks until done, out of time, stopped or broke.
import { LIMITS, type OrganizationsRequest, type OrganizationsResponse } from "../../api/contract";
import { ApiError } from "../../api/errors";
import { organizationUnitCost } from "../../api/pricing";
import type { Outcome } from "../../api/request";
import type { Clock } from "../../api/retry/clock";
import { formatCount, plural } from "../../api/words/format";
import { type CachedEntity, type CachedJson, type EntityResult, isComplete } from "../caches/result-cache";
import type { CellChange } from "../changes/change";
import { changeNote, isChangeNote, recordValue, sameWritten } from "../changes/change-sheet";
import { offsetTest } from "../changes/row-prints";
import { chunk } from "../organizations/batching";
import { attributeValueWords, fieldWords } from "../organizations/field-names";
import type { OrganizationInput, OrganizationRead } from "../organizations/identifiers";
import { readOrganization } from "../organizations/identifiers";
import {
  buildSelect,
  cellValue,
  fieldKey,
  fieldValue,
  isMatched,
  type OrgField,
} from "../organizations/org-fields";
import { cellText, fieldLabel, isEmptyCell } from "./cells";
import { blockShift, canReplan, replanState, SHIFT_ROWS } from "./moves";
import { type ExistingBlock, isEdited, mayWrite, planWrites, type WriteOp } from "./output";
import type { PurchaseRecord } from "./purchase-record";
import { rowsWritten } from "./rebuild";
import type { CellValue, SheetPort } from "./sheet-port";
import { formatDates, type HeaderCell, sheetValue } from "./sheet-values";
import {
  type BulkState,
  chunkBounds,
  chunkCount,
  chunkFingerprints,
  isChunkDone,
  isChunkLost,
  MAX_KEPT_ERRORS,
  markChunkDone,
  STATUS,
  STATUS_HEADER,
} from "./state";
import { type Block, mergeBlocks } from "./write-batch";

/** The Status header's note: what the column says, for someone who meets it in the sheet. */
export const STATUS_NOTE =
  "Why each row has values or not: Found, Not found (the service has no such organization), Can't read (the identifier is not a domain, e-mail, id or name), Answer lost (Re-run lost rows buys it), Not enriched (the service failed; Resume tries again).";

/** Tries per chunk for failures that may pass (429, 5xx, unreadable answers), each after the client's own retries. */
export const MAX_CHUNK_ATTEMPTS = 3;
/** No wave starts later than this before the deadline: its writes and checkpoints need the time. */
export const DEFAULT_RESERVE_MS = 20_000;
/** Requests in one wave: one fetchAll, which the throttle lets through at the 10-per-second limit. */
export const DEFAULT_WAVE_REQUESTS = LIMITS.requestsPerSecond;
/** The first wave of a run: one request, so Stop pressed as it starts pays at most one chunk. */
export const FIRST_WAVE_REQUESTS = 1;

export interface BulkRunEnv {
  clock: Clock;
  /** Absolute time after which no request starts (the client has the same deadline). */
  deadline: number;
  sheet: SheetPort;
  /**
   * A hidden copy of what the add-on wrote, cell for cell at the same addresses: every write goes there
   * too, and a "refresh" run compares with it to leave cells someone edited alone. Null: no copy kept.
   */
  copy?: SheetPort | null;
  /** organizationsMany: each body's outcome on its own, paid ones never lost. */
  fetch(bodies: OrganizationsRequest[]): Outcome<OrganizationsResponse>[];
  /** The spreadsheet's record of what was bought, read once per execution (see purchase-record.ts). */
  record: PurchaseRecord;
  /** Persists the checkpoint; answers whether a stop was asked for meanwhile. */
  save(state: BulkState): { stopRequested: boolean };
  /** Default: 20,000 ms (DEFAULT_RESERVE_MS). */
  reserveMs?: number;
  /** Default: 10 (DEFAULT_WAVE_REQUESTS). */
  waveRequests?: number;
  /** Requests in a run's very first wave, so an early Stop costs little. Default: 1 (FIRST_WAVE_REQUESTS). */
  firstWaveRequests?: number;
  /** A field's header: its friendly name and API name. Default: the API's words for both. */
  header?: (field: OrgField) => HeaderCell;
  /**
   * A refresh's change log: the cells it changed, appended (to the Changes sheet) right after their new
   * values are written; answers the rows appended. Absent: a run that keeps no change log.
   */
  changes?: {
    ruleId: string;
    append(changes: readonly ChangedCell[]): { first: number; last: number } | null;
  };
  /**
   * The caller writes the state as soon as run() returns (releasing the job with it), so the runner's own
   * last checkpoint would write the same state twice: run() then only flushes the writes it holds.
   * Default: false (run() checkpoints its end itself).
   */
  callerCheckpointsEnd?: boolean;
}

/** A changed cell as the change log keeps it, with its values as the sheet holds them. */
export interface ChangedCell {
  change: CellChange;
  before: CellValue | null;
  after: CellValue | null;
}

/** A chunk's cells as read before it is written: the output block's and its Status column's. */
interface Area {
  block: ExistingBlock;
  status: ExistingBlock | null;
}

export type BulkOutcome = "done" | "paused" | "stopped" | "out_of_credits" | "failed";

interface Prepared {
  index: number;
  start: number;
  end: number;
  /** Per row of the chunk: whether it is sent and written. */
  needed: boolean[];
  existing: ExistingBlock | null;
  /** The Status column's cells, read with the block (null: the run keeps no Status column). */
  statusExisting: ExistingBlock | null;
  bodies: { body: OrganizationsRequest; keys: string[] }[];
  /** Organizations of the chunk that an earlier chunk of the same wave buys: written from its answer. */
  awaited: string[];
}

export class BulkRunner {
  private readonly state: BulkState;
  private readonly env: BulkRunEnv;
  private reads: OrganizationRead[] = [];
  /** Offset of the first row holding each organization. */
  private readonly firstOffset = new Map<string, number>();
  private readonly memory = new Map<string, CachedEntity>();
  /**
   * With the record lost (see rebuildFromRows): each organization of a row the run wrote, and the cells it
   * wrote there (null: not found), to write its repeats from instead of buying it again.
   */
  private readonly written = new Map<string, CellValue[] | null>();
  private readonly fieldKeys: string[];
  private readonly select: OrganizationsRequest["select"];
  private stopRequested = false;
  /** The last wave had a request that failed or whose answer was lost: the next goes one request at a time. */
  private troubled = false;
  /** A chunk whose rows moved while its request was out: the run stops after the wave. */
  private moved: number | null = null;
  /** Why the journal refused this wave's paid answers: they are written, then the run stops. */
  private unjournaled: string | null = null;
  private longestWaveMs = 0;
  /** Changes made since the last checkpoint, left for the next one (see defer). */
  private unsaved = false;
  /** Writes held back until the next checkpoint, then sent merged (see flush). */
  private pendingWrites: Block[] = [];
  /** The headers' notes, held back the same way: the fields' and the Status column's in one setNotes. */
  private pendingNotes: Block[] = [];
  /** Cells changed by the held writes, appended to the change log right after them. */
  private pendingChanges: ChangedCell[] = [];
  /** The identifier cells as read, for the change log's Organization column. */
  private inputs: unknown[] = [];
  /** Whether a row is one a "new rows only" refresh buys. */
  private readonly selected: (offset: number) => boolean;
  /** Rows holding another organization than at the rule's last run (see BulkState.newOrganizations). */
  private readonly newOrganization: (offset: number) => boolean;
  /**
   * The labels wait in pendingWrites past the first wave's intent checkpoint, to go out in one setValues
   * with the first chunk's block below them; until they are written the checkpoint keeps labelsRow, so an
   * execution that ends before writes them again (into empty cells only).
   */
  private labelsQueued = false;
  /**
   * What went to the sheet this execution, for the hidden copy: written once, merged, when the execution
   * ends (see flushCopy). A copy that misses cells after a crash only makes a later refresh take them for
   * someone's edits and leave them alone: never a clobbered cell.
   */
  private pendingCopy: Block[] = [];
  /** Whether readCells asks isBlank first: until a block it asked about was not blank. */
  private blankFirst = true;
  /** The rows of a wave's chunks, read together before the wave (see readAhead). */
  private ahead: { start: number; end: number; area: Area } | null = null;
  /** The input of a wave's chunks, read once after the wave's answers came (see finishChunk). */
  private fresh: { start: number; values: unknown[][] } | null = null;

  constructor(state: BulkState, env: BulkRunEnv) {
    this.state = state;
    this.env = env;
    const { request } = state;
    const values =
      state.rowCount > 0
        ? env.sheet.readValues(state.firstDataRow, request.range.column, state.rowCount, 1)
        : [];
    this.adopt(values);
    this.selected = state.rowsOnly === undefined ? () => true : offsetTest(state.rowsOnly);
    this.newOrganization =
      state.newOrganizations === undefined ? () => false : offsetTest(state.newOrganizations);
    this.fieldKeys = request.fields.map(fieldKey);
    this.select = buildSelect(request.fields);
  }

  /** The identifier column as read now: what each row holds, and each organization's first row. */
  private adopt(values: readonly unknown[][]): void {
    this.reads = values.map((row) => readOrganization(row[0]));
    this.inputs = values.map((row) => row[0]);
    this.firstOffset.clear();
    this.reads.forEach((read, offset) => {
      if (read.kind === "org" && !this.firstOffset.has(read.key)) this.firstOffset.set(read.key, offset);
    });
  }

  /** Whether the run has `key`'s answer: bought (the record) or, the record lost, in a row it wrote. */
  private isKnown(key: string): boolean {
    return this.memory.has(key) || this.written.has(key);
  }

  /** Whether `key` was found; null when its answer is not known. */
  private matchedOf(key: string): boolean | null {
    const entity = this.memory.get(key);
    if (entity) return entity.matched;
    const cells = this.written.get(key);
    return cells === undefined ? null : cells !== null;
  }

  /** The cells a row of `key` gets: from its answer, or copied from a row written before; null cells: none. */
  private cellsOf(key: string): (CellValue | null)[] {
    const fields = this.state.request.fields;
    const entity = this.memory.get(key);
    if (!entity) {
      const cells = this.written.get(key);
      if (cells === undefined) return fields.map(() => null);
      return cells === null ? fields.map(() => "") : [...cells];
    }
    if (!entity.matched) return fields.map(() => "");
    return fields.map((field) => {
      const value = cellValue(entity.values[fieldKey(field)]);
      const shown = field.kind === "attribute" ? attributeValueWords(field.name, value) : value;
      return sheetValue(this.env.sheet, shown);
    });
  }

  /**
   * Rows that moved (`index`, the first chunk found moved): a sort is planned again where the rows are now
   * (null: go on); any other move stops the run before it writes into rows holding other organizations.
   * `values`: the identifier column as read now, when the caller has it.
   */
  private rowsMoved(index: number, values?: readonly unknown[][]): BulkOutcome | null {
    if (this.followShift()) return null;
    const now = values ?? this.readInput(0, this.state.rowCount);
    const reads = now.map((row) => readOrganization(row[0]));
    if (!canReplan(this.state, reads)) return this.stopMoved(index);
    this.adopt(now);
    replanState(this.state, reads);
    this.ahead = null;
    this.moved = null;
    this.save();
    return null;
  }

  /**
   * Rows inserted or deleted above the run's rows: when all of them moved by the same count (found within
   * SHIFT_ROWS), the run follows them there, its header and labels too; false when they did not.
   */
  private followShift(): boolean {
    const state = this.state;
    const top = Math.max(1, state.firstDataRow - SHIFT_ROWS);
    const above = state.firstDataRow - top;
    const values = this.env.sheet.readValues(
      top,
      state.request.range.column,
      above + state.rowCount + SHIFT_ROWS,
      1,
    );
    const shift = blockShift(
      state,
      values.map((row) => readOrganization(row[0])),
      above,
    );
    if (shift === null) return false;
    state.firstDataRow += shift;
    if (state.headerRow !== null) state.headerRow += shift;
    if (state.labelsRow !== null) state.labelsRow += shift;
    this.adopt(values.slice(above + shift, above + shift + state.rowCount));
    // Writes held for the next checkpoint (the labels, before the first block) move with the rows.
    this.pendingWrites = this.pendingWrites.map((block) => ({ ...block, row: block.row + shift }));
    this.pendingNotes = this.pendingNotes.map((block) => ({ ...block, row: block.row + shift }));
    this.ahead = null;
    this.moved = null;
    this.save();
    return true;
  }

  run(): BulkOutcome {
    const outcome = this.steps();
    if (this.unsaved && !this.env.callerCheckpointsEnd) this.save();
    else this.flush();
    this.flushCopy();
    return outcome;
  }

  private steps(): BulkOutcome {
    // Rows that moved since the run was planned would take other rows' values: planned again before any
    // write when they were sorted, else the run stops.
    const moved = this.movedChunk(this.reads);
    if (moved !== null) {
      const values = this.inputs.map((input) => [input]);
      const stopped = this.rowsMoved(moved, values);
      if (stopped !== null) return stopped;
    }
    // What earlier executions of this run bought, however long ago: never bought again.
    for (const [key, entity] of this.env.record.load()) {
      if (isComplete(entity, this.fieldKeys)) this.memory.set(key, entity);
    }
    this.checkRecord();
    this.countJournaledWaves();
    this.writeLabels();
    this.settleInFlight();
    for (;;) {
      const pending = this.pendingChunks();
      if (pending.length === 0) return this.state.failure ? "failed" : "done";
      if (this.stopRequested) return "stopped";
      // A wave starts only if one as long as the longest so far would still end before the deadline.
      const reserve = Math.max(this.env.reserveMs ?? DEFAULT_RESERVE_MS, this.longestWaveMs);
      const started = this.env.clock.now();
      if (started + reserve >= this.env.deadline) return "paused";
      const outcome = this.runWave(pending);
      this.longestWaveMs = Math.max(this.longestWaveMs, this.env.clock.now() - started);
      if (outcome !== null) return outcome;
    }
  }

  /**
   * Waves whose answers and cost the journal kept but whose checkpoint never came (the execution died in
   * between): their credits join `creditsSpent`, so the run's log row covers them, and the count moves on
   * with the next checkpoint, so a second resume does not count them again.
   */
  private countJournaledWaves(): void {
    const waves = this.env.record.waveCredits();
    const counted = this.state.journalWaves ?? 0;
    if (waves.length <= counted) return;
    this.state.creditsSpent += waves.slice(counted).reduce((sum, credits) => sum + credits, 0);
    this.state.journalWaves = waves.length;
    this.unsaved = true;
  }

  /**
   * Waves this run recorded that the record no longer holds: someone deleted, renamed or typed over it. The
   * run says so, and takes what it bought from the rows it wrote, now and in every later execution.
   */
  private checkRecord(): void {
    const state = this.state;
    const own = this.env.record.waveCredits().length;
    if (own < (state.journalWaves ?? 0)) {
      state.recordLost = true;
      // Counted afresh from the record as it is now, so later waves are counted as they come.
      state.journalWaves = own;
      this.unsaved = true;
    }
    if (!state.recordLost) return;
    for (const [key, cells] of rowsWritten(state, this.reads, this.env.sheet, (k) => this.memory.has(k)))
      this.written.set(key, cells);
    if (this.written.size !== (state.recordRebuilt ?? 0)) {
      state.recordRebuilt = Math.max(state.recordRebuilt ?? 0, this.written.size);
      this.unsaved = true;
    }
  }

  private pendingChunks(): number[] {
    const pending: number[] = [];
    for (let i = 0; i < chunkCount(this.state); i++) {
      if (isChunkDone(this.state, i) || isChunkLost(this.state, i)) continue;
      if ((this.state.attempts[i] ?? 0) < MAX_CHUNK_ATTEMPTS) pending.push(i);
    }
    return pending;
  }

  /**
   * Chunks an earlier execution sent and never checkpointed: what the journal kept of their answers is
   * written; what it did not keep was paid for, or not, by a request whose execution died in flight, so
   * those chunks are lost rather than bought again.
   */
  private settleInFlight(): void {
    const left = this.state.inFlight.filter(
      (i) => !isChunkDone(this.state, i) && !isChunkLost(this.state, i),
    );
    if (this.state.inFlight.length === 0) return;
    for (const index of left) {
      const prepared = this.prepare(index);
      if (prepared.bodies.length === 0) this.finishChunk(prepared);
      else this.markLost(prepared, "its execution ended while the request was out");
    }
    this.state.inFlight = [];
    this.save();
  }

  /**
   * A chunk whose paid answer is unknown: its rows are reported, its most possible cost is logged. With
   * `repeats`, the chunk's own requests were answered but it repeats organizations of a chunk whose answer
   * was lost: it costs nothing more and is re-run with that chunk, when the user says so.
   */
  private markLost(prepared: Prepared, why: string, repeats = false): void {
    const state = this.state;
    const units = prepared.bodies.reduce((total, b) => total + b.keys.length, 0);
    const credits = repeats ? 0 : units * organizationUnitCost(this.select).credits;
    state.lost = [...(state.lost ?? []), prepared.index];
    this.writeStatuses(
      prepared.start,
      prepared.end,
      (offset) =>
        this.reads[offset]?.kind === "org" && prepared.needed[offset - prepared.start] ? STATUS.lost : null,
      prepared.statusExisting,
    );
    state.possiblyCharged = (state.possiblyCharged ?? 0) + credits;
    const first = state.firstDataRow + prepared.start;
    const last = state.firstDataRow + prepared.end - 1;
    // Said apart from unreadable rows: once the user buys them again (rerunLostRows) the note goes too.
    state.lostNotes = {
      ...state.lostNotes,
      [prepared.index]: repeats
        ? `Rows ${formatCount(first)}–${formatCount(last)}: they repeat organizations whose answer was lost, so those were not bought again.`
        : `Rows ${formatCount(first)}–${formatCount(last)}: the answer was lost (${why}); up to ${plural(credits, "credit")} may have been charged, so they were not bought again.`,
    };
  }

  /**
   * Every checkpoint comes after the writes it vouches for: a chunk marked done is in the sheet. A wave's
   * intent vouches for no write: queued labels (still in labelsRow) wait for the wave's block.
   */
  private save(intent = false): void {
    if (!(intent && this.labelsQueued)) this.flush();
    this.unsaved = false;
    if (this.env.save(this.state).stopRequested) this.stopRequested = true;
  }

  /** Writes what is held now and leaves the checkpoint to the next save (see runWave). */
  private defer(): void {
    this.flush();
    this.unsaved = true;
  }

  /** The held writes, merged into as few blocks as they allow, to the sheet and the same to the copy. */
  private flush(): void {
    const notes = mergeBlocks(this.pendingNotes);
    this.pendingNotes = [];
    for (const block of notes) this.env.sheet.writeNotes(block.row, block.column, block.values as string[][]);
    const labels = this.labelsQueued;
    this.labelsQueued = false;
    this.writePending();
    // The labels are in the sheet now: a later checkpoint need not have them written again.
    if (labels) this.state.labelsRow = null;
  }

  private writePending(): void {
    if (this.pendingWrites.length === 0) return;
    const blocks = mergeBlocks(this.pendingWrites);
    this.pendingWrites = [];
    for (const block of blocks) {
      this.env.sheet.writeValues(block.row, block.column, block.values);
      formatDates(this.env.sheet, block.row, block.column, block.values);
    }
    if (this.env.copy) this.pendingCopy.push(...blocks);
    this.appendChanges();
  }

  /**
   * The change log follows the writes it records: an execution ending between the two leaves changes
   * unlogged, never logged twice (a settled chunk finds its new values already there, so no change).
   */
  private appendChanges(): void {
    const changes = this.pendingChanges;
    this.pendingChanges = [];
    if (changes.length === 0 || !this.env.changes) return;
    const rows = this.env.changes.append(changes);
    const state = this.state;
    state.cellsChanged = (state.cellsChanged ?? 0) + changes.length;
    if (rows) state.changeRows = { first: state.changeRows?.first ?? rows.first, last: rows.last };
  }

  /** The hidden copy of everything this execution wrote, in as few setValues as the blocks merge into. */
  private flushCopy(): void {
    const copy = this.env.copy;
    if (!copy || this.pendingCopy.length === 0) return;
    const blocks = mergeBlocks(this.pendingCopy);
    this.pendingCopy = [];
    for (const block of blocks) copy.writeValues(block.row, block.column, block.values);
  }

  private writeLabels(): void {
    const row = this.state.labelsRow;
    if (row === null) {
      // Values into existing columns: their headers are the sheet's, but the Status column gets its own.
      if (this.state.headerRow !== null && this.state.rowsDone === 0)
        this.writeStatusHeader(this.state.headerRow);
      return;
    }
    // The labels' cells and the Status header's, in one read when they sit side by side, with the rows of
    // the first wave below them when those follow at once (what readAhead would read next).
    const chunks = this.pendingChunks().slice(0, this.waveSize());
    const last = chunks[chunks.length - 1];
    const below =
      last !== undefined &&
      chunks[0] === 0 &&
      this.state.inFlight.length === 0 &&
      row === this.state.firstDataRow - 1
        ? chunkBounds(this.state, last).end
        : 0;
    const read = this.emptyPastContent(1 + below) ?? this.readCells(row, 1 + below);
    if (below > 0) this.ahead = { start: 0, end: below, area: sliceArea(read, 1, 1 + below) };
    const { block: existing, status } = sliceArea(read, 0, 1);
    const header = this.state.request.fields.map(
      (field) => this.env.header?.(field) ?? { label: fieldLabel(field), note: fieldLabel(field) },
    );
    const ops = planWrites([header.map((cell) => cellText(cell.label))], existing, "fill-empty");
    this.write(row, ops);
    // Each header the run wrote gets the API name in its note; a header someone typed keeps theirs.
    for (const op of ops) {
      const notes = [op.values[0]?.map((_, c) => header[op.columnOffset + c]?.note ?? "") ?? []];
      this.pendingNotes.push({ row, column: this.state.outputColumn + op.columnOffset, values: notes });
    }
    this.writeStatusHeader(row, status);
    // Written with the first wave's block below them (see labelsQueued).
    this.labelsQueued = true;
    this.unsaved = true;
  }

  /**
   * A run's new columns, before it wrote anything there: when they lie right of every column the sheet has
   * content in, their cells are all empty, which one getLastColumn says instead of reading their values and
   * formulas (issue 31). Null when some column of the area may hold something, or for a refresh, which
   * compares with the copy.
   */
  private emptyPastContent(rows: number): Area | null {
    const { outputColumn, statusColumn, policy } = this.state;
    if (policy === "refresh") return null;
    if (this.env.sheet.lastColumn() >= Math.min(outputColumn, statusColumn ?? outputColumn)) return null;
    return this.emptyArea(rows);
  }

  /** An area of `rows` rows with nothing in any cell. */
  private emptyArea(rows: number): Area {
    const empty = (width: number): ExistingBlock => ({
      values: Array.from({ length: rows }, () => Array<string>(width).fill("")),
      formulas: Array.from({ length: rows }, () => Array<string>(width).fill("")),
    });
    return {
      block: empty(this.state.request.fields.length),
      status: this.state.statusColumn === undefined ? null : empty(1),
    };
  }

  /** "Status" above the Status column, with a note saying what it holds, unless the cell holds something. */
  private writeStatusHeader(row: number, existing?: ExistingBlock | null): void {
    const status = this.state.statusColumn;
    if (status === undefined) return;
    const ops = planWrites(
      [[STATUS_HEADER]],
      existing ?? this.readColumn(status, row, 1, false),
      "fill-empty",
    );
    this.writeColumn(status, row, ops);
    if (ops.length > 0) this.pendingNotes.push({ row, column: status, values: [[STATUS_NOTE]] });
  }

  /** One column's cells; `written` from the copy when it is kept (see BulkRunEnv.copy). */
  private readColumn(column: number, row: number, rows: number, withCopy: boolean): ExistingBlock {
    const copy = this.env.copy;
    return {
      values: this.env.sheet.readValues(row, column, rows, 1),
      formulas: this.env.sheet.readFormulas(row, column, rows, 1),
      ...(withCopy && copy ? { written: copy.readValues(row, column, rows, 1) } : {}),
    };
  }

  private writeColumn(column: number, row: number, ops: WriteOp[]): void {
    for (const op of ops) this.pendingWrites.push({ row: row + op.rowOffset, column, values: op.values });
  }

  /**
   * Writes rows [start, end)'s statuses (null: leave that row's status as it is). A status replaces one
   * the add-on wrote (a lost row found later), never something someone typed.
   */
  private writeStatuses(
    start: number,
    end: number,
    status: (offset: number) => string | null,
    existing: ExistingBlock | null,
  ): void {
    const column = this.state.statusColumn;
    if (column === undefined || end <= start) return;
    const row = this.state.firstDataRow + start;
    const intended: (CellValue | null)[][] = [];
    for (let offset = start; offset < end; offset++) intended.push([status(offset)]);
    this.writeColumn(column, row, planWrites(intended, existing, this.env.copy ? "refresh" : "fill-empty"));
  }

  private readBlock(row: number, rows: number): ExistingBlock {
    const { outputColumn } = this.state;
    const width = this.state.request.fields.length;
    const copy = this.env.copy;
    return {
      values: this.env.sheet.readValues(row, outputColumn, rows, width),
      formulas: this.env.sheet.readFormulas(row, outputColumn, rows, width),
      ...(this.state.policy === "refresh" && copy
        ? { written: copy.readValues(row, outputColumn, rows, width) }
        : {}),
    };
  }

  private write(row: number, ops: ReturnType<typeof planWrites>): void {
    for (const op of ops)
      this.pendingWrites.push({
        row: row + op.rowOffset,
        column: this.state.outputColumn + op.columnOffset,
        values: op.values,
      });
  }

  /**
   * The columns a chunk's reads cover: the output block, and the Status column with it when it is beside
   * the block (one read for both), else null (read apart).
   */
  private areaColumns(): { first: number; count: number } | null {
    const { outputColumn, statusColumn } = this.state;
    const width = this.state.request.fields.length;
    if (statusColumn === undefined) return { first: outputColumn, count: width };
    if (statusColumn === outputColumn + width) return { first: outputColumn, count: width + 1 };
    if (statusColumn === outputColumn - 1) return { first: statusColumn, count: width + 1 };
    return null;
  }

  /** Data rows [start, end): the output block's cells and the Status column's, from the sheet and the copy. */
  private readArea(start: number, end: number): Area {
    return this.readCells(this.state.firstDataRow + start, end - start);
  }

  /** Sheet rows [row, row + rows) of the output block and the Status column (see readArea). */
  private readCells(row: number, rows: number): Area {
    const columns = this.areaColumns();
    const status = this.state.statusColumn;
    if (columns === null) {
      return {
        block: this.readBlock(row, rows),
        status: status === undefined ? null : this.readColumn(status, row, rows, true),
      };
    }
    const { sheet, copy } = this.env;
    // Rows the run has yet to fill are mostly empty: one isBlank says so instead of reading their values and
    // formulas (issue 31). After a block that was not, this execution reads at once: asking would only add
    // a call. A refresh compares filled cells with the copy, so it reads.
    if (this.blankFirst && this.state.policy !== "refresh") {
      if (sheet.isBlank(row, columns.first, rows, columns.count)) return this.emptyArea(rows);
      this.blankFirst = false;
    }
    const values = sheet.readValues(row, columns.first, rows, columns.count);
    const formulas = sheet.readFormulas(row, columns.first, rows, columns.count);
    // The copy only tells whether a filled cell is still the add-on's: cells all empty need no look at it.
    const filled = values.some((line, r) => line.some((value, c) => !isEmptyCell(value, formulas[r]?.[c])));
    const written = copy && filled ? copy.readValues(row, columns.first, rows, columns.count) : null;
    const slice = (first: number, count: number): ExistingBlock => {
      const cut = <T>(grid: readonly (readonly T[])[]) =>
        grid.map((line) => line.slice(first - columns.first, first - columns.first + count));
      return {
        values: cut(values),
        formulas: cut(formulas),
        ...(written ? { written: cut(written) } : {}),
      };
    };
    const block = slice(this.state.outputColumn, this.state.request.fields.length);
    // Only a refresh compares the values with the copy (as readBlock).
    if (this.state.policy !== "refresh") delete (block as { written?: unknown }).written;
    return { block, status: status === undefined ? null : slice(status, 1) };
  }

  /**
   * Reads the rows of the chunks a wave may take in one go, so each chunk's prepare reads nothing; rows
   * already read with the labels (see writeLabels) are not read again.
   */
  private readAhead(chunks: readonly number[]): void {
    const ahead = this.ahead;
    this.ahead = null;
    if (chunks.length === 0) return;
    const start = chunkBounds(this.state, chunks[0] as number).start;
    const end = chunkBounds(this.state, chunks[chunks.length - 1] as number).end;
    if (ahead && ahead.start <= start && end <= ahead.end) this.ahead = ahead;
    else if (end > start) this.ahead = { start, end, area: this.readArea(start, end) };
  }

  /** Rows [start, end) from the wave's read-ahead when it holds them, else read now. */
  private area(start: number, end: number): Area {
    const ahead = this.ahead;
    if (!ahead || start < ahead.start || end > ahead.end) return this.readArea(start, end);
    return sliceArea(ahead.area, start - ahead.start, end - ahead.start);
  }

  /** Requests in the next wave (see runWave). */
  private waveSize(): number {
    // A run's first wave is one request: Stop pressed while it starts then costs at most one chunk,
    // not a whole wave of ten. Later waves go at the rate limit.
    // After a wave with any failed or lost request the service is unwell: one request at a time until a wave
    // comes back whole, so one more timeout (which loses every answer of its fetchAll) costs one chunk.
    const full = this.env.waveRequests ?? DEFAULT_WAVE_REQUESTS;
    const started = this.state.done.includes("1") || (this.state.lost ?? []).length > 0;
    const careful = !started || this.troubled;
    return Math.max(1, careful ? Math.min(full, this.env.firstWaveRequests ?? FIRST_WAVE_REQUESTS) : full);
  }

  /**
   * Reads what the chunk needs and which organizations still have to be bought: those neither known nor
   * `claimed` (bought by an earlier chunk of the same wave, whose answer this chunk waits for).
   */
  private prepare(index: number, claimed: ReadonlySet<string> = new Set()): Prepared {
    const { start, end } = chunkBounds(this.state, index);
    const state = this.state;
    const { block: existing, status: statusExisting } = this.area(start, end);
    const needed: boolean[] = [];
    const keys: string[] = [];
    const inputs = new Map<string, OrganizationInput>();
    for (let offset = start; offset < end; offset++) {
      const read = this.reads[offset] as OrganizationRead;
      let need = read.kind === "org" && this.selected(offset);
      if (need && state.policy === "refresh") {
        // A row whose every cell someone edited since the add-on wrote it is left alone, and not bought.
        need = state.request.fields.some((_, c) => mayWrite(existing, offset - start, c, "refresh"));
      } else if (need && state.policy === "fill-empty") {
        // A row whose output cells are all filled needs nothing: someone typed them, or an earlier
        // execution wrote them and stopped before its checkpoint.
        const values = existing.values[offset - start] ?? [];
        const formulas = existing.formulas[offset - start] ?? [];
        need = values.some((value, c) => (value === "" || value === null) && !formulas[c]);
      }
      needed.push(need);
      if (need && read.kind === "org" && !inputs.has(read.key)) {
        inputs.set(read.key, read.input);
        keys.push(read.key);
      }
    }
    // Known (bought earlier in this run, in any execution) or bought by an earlier chunk of this wave.
    const unknown = keys.filter((key) => !this.isKnown(key));
    const awaited = unknown.filter((key) => claimed.has(key));
    const toBuy = unknown.filter((key) => !claimed.has(key));
    const bodies = chunk(toBuy, LIMITS.listMax).map((part) => ({
      body: { organizations: part.map((key) => inputs.get(key) as OrganizationInput), select: this.select },
      keys: part,
    }));
    return { index, start, end, needed, existing, statusExisting, bodies, awaited };
  }

  /** Runs one wave; returns how the run ends, or null to go on. */
  private runWave(pending: number[]): BulkOutcome | null {
    const waveRequests = this.waveSize();
    const wave: Prepared[] = [];
    // Each organization is requested once per wave, by the first chunk that needs it; a repeat in a later
    // chunk of the wave waits for that answer instead of buying it again.
    const claimed = new Set<string>();
    let requests = 0;
    // The chunks the wave can take at most one request each: their rows are read in one go.
    this.readAhead(pending.slice(0, waveRequests));
    for (const index of pending) {
      // A full wave takes no more chunks: preparing one would read rows only the next wave uses.
      if (wave.length > 0 && requests >= waveRequests) break;
      const prepared = this.prepare(index, claimed);
      if (wave.length > 0 && requests + prepared.bodies.length > waveRequests) break;
      wave.push(prepared);
      requests += prepared.bodies.length;
      for (const { keys } of prepared.bodies) for (const key of keys) claimed.add(key);
    }
    const bodies = wave.flatMap((p) => p.bodies);
    let outcomes: Outcome<OrganizationsResponse>[] = [];
    if (bodies.length > 0) {
      this.state.inFlight = wave.filter((p) => p.bodies.length > 0).map((p) => p.index);
      this.save(true);
      if (this.stopRequested) {
        this.state.inFlight = [];
        this.save(true);
        return "stopped";
      }
      outcomes = this.env.fetch(bodies.map((b) => b.body));
      this.keepPaidResults(bodies, outcomes);
    }
    this.ahead = null;
    this.readFresh(wave);
    let outOfCredits = false;
    let outOfTime = false;
    let cursor = 0;
    // Organizations whose paid answer was lost in this wave: possibly charged, never asked for again here.
    const lostKeys = new Set<string>();
    this.troubled = outcomes.some((o) => !o.ok);
    for (const prepared of wave) {
      const own = outcomes.slice(cursor, cursor + prepared.bodies.length);
      cursor += prepared.bodies.length;
      const failed = own.find((o) => !o.ok) as { ok: false; error: unknown } | undefined;
      if (!failed) {
        // A chunk whose repeats another chunk's failed request was to buy stays pending: the next wave
        // asks again (that chunk retried first), and nothing of it is written half.
        const missing = prepared.awaited.filter((key) => !this.isKnown(key));
        if (missing.length === 0) this.finishChunk(prepared);
        else if (missing.some((key) => lostKeys.has(key))) this.markLost(prepared, "", true);
        continue;
      }
      const error = failed.error;
      const kind = error instanceof ApiError ? error.kind : "unexpected";
      if (error instanceof ApiError && error.outcomeUnknown) {
        // Whatever the other requests of the chunk bought is journaled; the lost one is not re-sent.
        for (const { keys } of prepared.bodies) for (const key of keys) lostKeys.add(key);
        this.markLost(
          prepared,
          error.kind === "connection" ? "the request timed out" : "it could not be read",
        );
        continue;
      }
      if (kind === "insufficient_credits") outOfCredits = true;
      else if (kind === "deadline") outOfTime = true;
      else if (error instanceof ApiError && (error.retryable || kind === "unexpected_response")) {
        const tries = (this.state.attempts[prepared.index] ?? 0) + 1;
        this.state.attempts[prepared.index] = tries;
        if (tries >= MAX_CHUNK_ATTEMPTS) this.fail(prepared, error, tries);
      } else {
        this.fail(prepared, error, 1);
      }
    }
    this.fresh = null;
    this.state.inFlight = [];
    if (
      this.moved === null &&
      this.unjournaled === null &&
      !this.state.failure &&
      !outOfCredits &&
      !outOfTime
    ) {
      // The next wave's intent (or the run's end) checkpoints this wave too: one checkpoint per wave.
      // Until then the last one has these chunks in flight, which a later execution settles from the
      // journal, buying nothing again.
      this.defer();
      return null;
    }
    if (this.moved !== null) {
      // The wave's answers are in the record: the moved rows get them where they are now. Checkpointed
      // there, after held writes (the labels) moved with the rows.
      const stopped = this.rowsMoved(this.moved);
      if (stopped !== null) return stopped;
    } else this.save();
    if (this.unjournaled !== null && !this.state.failure) {
      this.state.failure = `The run's record of what it bought could not be written (${this.unjournaled}); what was bought is written to the sheet. Free room in the spreadsheet (delete unused sheets), then press Resume.`;
      this.save();
    }
    if (this.state.failure) return "failed";
    if (outOfCredits) return "out_of_credits";
    // A stop asked for while the last wave was out is honoured by the loop, unless nothing is left.
    if (outOfTime && !this.stopRequested) return "paused";
    return null;
  }

  /** Remembers and journals every paid answer before any write, so nothing bought can be lost. */
  private keepPaidResults(
    bodies: { body: OrganizationsRequest; keys: string[] }[],
    outcomes: Outcome<OrganizationsResponse>[],
  ): void {
    const results: EntityResult[] = [];
    let credits = 0;
    outcomes.forEach((outcome, b) => {
      if (!outcome.ok) return;
      credits += outcome.value.credits_used;
      this.state.creditsSpent += outcome.value.credits_used;
      this.state.creditsRemaining = outcome.value.credits_remaining;
      (bodies[b] as { keys: string[] }).keys.forEach((key, i) => {
        const row = outcome.value.organizations[i];
        let result: EntityResult;
        if (!row || !isMatched(row)) result = { entityKey: key, matched: false };
        else {
          const values: Record<string, CachedJson> = {};
          for (const field of this.state.request.fields) values[fieldKey(field)] = fieldValue(row, field);
          result = { entityKey: key, matched: true, values };
        }
        results.push(result);
        this.memory.set(key, result.matched ? { matched: true, values: result.values } : { matched: false });
      });
    });
    if (results.length === 0) return;
    try {
      this.env.record.put(results, credits);
      this.state.journalWaves = (this.state.journalWaves ?? 0) + 1;
    } catch (error) {
      // The answers are paid for: they are written and logged all the same, and the run stops after this
      // wave rather than buy more that a later execution could not know it already has.
      this.unjournaled = error instanceof Error ? error.message : String(error);
    }
  }

  /** The first chunk whose rows no longer hold what they held when the run was planned, or null. */
  private movedChunk(reads: readonly OrganizationRead[], only?: number): number | null {
    const planned = this.state.fingerprints;
    if (!planned || reads.length !== this.state.rowCount) return planned ? (only ?? 0) : null;
    const now = chunkFingerprints(reads, this.state.starts);
    for (let i = 0; i < planned.length; i++) {
      if (only !== undefined && i !== only) continue;
      if (now[i] !== planned[i]) return i;
    }
    return null;
  }

  private stopMoved(index: number): BulkOutcome {
    const { start } = chunkBounds(this.state, index);
    const row = this.state.firstDataRow + start;
    this.state.failure =
      `The rows of "${this.state.request.sheetName}" moved since this run started (sorted, or rows inserted or deleted): ` +
      `from row ${formatCount(row)} they no longer hold the organizations it planned. It stopped without writing there, so no value lands in the wrong row. ` +
      "What it bought is kept: enrich the rows where they are now and only organizations no run has bought are bought, or put the rows back.";
    this.state.inFlight = [];
    this.save();
    return "failed";
  }

  private finishChunk(prepared: Prepared): void {
    const { start, end, needed, existing, index } = prepared;
    const state = this.state;
    // The sheet may have been sorted while the request was out: check the chunk's rows right before writing.
    if (state.fingerprints) {
      const fresh = this.fresh;
      const now =
        fresh && start >= fresh.start && end <= fresh.start + fresh.values.length
          ? fresh.values.slice(start - fresh.start, end - fresh.start)
          : this.readInput(start, end);
      const reads = [...this.reads];
      now.forEach((row, i) => {
        reads[start + i] = readOrganization(row[0]);
      });
      if (this.movedChunk(reads, index) !== null) {
        this.moved ??= index;
        return;
      }
    }
    const fields = state.request.fields;
    const intended: (CellValue | null)[][] = [];
    for (let offset = start; offset < end; offset++) {
      const read = this.reads[offset] as OrganizationRead;
      if (!needed[offset - start] || read.kind !== "org") {
        intended.push(fields.map(() => null));
        continue;
      }
      intended.push(this.cellsOf(read.key));
    }
    // "fill-empty" writes no filled cell, so it changes none; "refresh" and "replace" (an overwrite rule's
    // first run, with consent) can.
    if (this.env.changes && existing && state.policy !== "fill-empty")
      this.noteChanges(start, intended, existing);
    this.write(state.firstDataRow + start, planWrites(intended, existing, state.policy));
    this.writeStatuses(
      start,
      end,
      (offset) => {
        const read = this.reads[offset] as OrganizationRead;
        if (read.kind === "invalid") return STATUS.unreadable(read.reason);
        if (read.kind !== "org" || !needed[offset - start]) return null;
        const matched = this.matchedOf(read.key);
        if (matched === null) return null;
        return matched ? STATUS.found : STATUS.notFound;
      },
      prepared.statusExisting,
    );
    if (state.policy === "refresh") {
      for (let offset = start; offset < end; offset++) {
        if (this.reads[offset]?.kind !== "org") continue;
        fields.forEach((_, c) => {
          if (isEdited(existing, offset - start, c)) state.keptEdited = (state.keptEdited ?? 0) + 1;
        });
      }
    }
    for (let offset = start; offset < end; offset++) {
      const read = this.reads[offset] as OrganizationRead;
      // Planned again after a sort, a row the run wrote before needs nothing now but is counted all the same.
      const counted =
        read.kind === "org" &&
        (needed[offset - start] || ((state.replans ?? 0) > 0 && this.isKnown(read.key)));
      if (counted) state.rowsBought = (state.rowsBought ?? 0) + 1;
      if (read.kind === "invalid") this.noteError(`Row ${state.firstDataRow + offset}: ${read.reason}`);
      if (!counted || this.firstOffset.get(read.key) !== offset) continue;
      if (this.matchedOf(read.key)) state.matched++;
      else state.unmatched++;
    }
    state.invalid += this.reads.slice(start, end).filter((r) => r.kind === "invalid").length;
    state.rowsDone += end - start;
    markChunkDone(state, index);
    delete state.attempts[index];
    // No checkpoint here: the wave's one (or settleInFlight's) follows, and until it the chunk stays in
    // flight, which a later execution settles from the journal without buying anything again.
  }

  /**
   * The cells of a chunk a refresh is about to change: a filled cell it may write (one the add-on wrote, or
   * any under an overwrite's consent) that gets another value. Cells filled for the first time (new rows) are not changes. Each is marked with a note until
   * the rule's next run, unless the person has a note of their own there.
   */
  private noteChanges(start: number, intended: (CellValue | null)[][], existing: ExistingBlock): void {
    const state = this.state;
    const at = this.env.clock.now();
    const found: { r: number; c: number; cell: ChangedCell }[] = [];
    intended.forEach((line, r) => {
      line.forEach((after, c) => {
        const before = existing.values[r]?.[c];
        if (after === null || isEmptyCell(before, existing.formulas[r]?.[c])) return;
        if (!mayWrite(existing, r, c, state.policy) || sameWritten(before, after)) return;
        const field = state.request.fields[c] as OrgField;
        const change: CellChange = {
          at,
          ruleId: this.env.changes?.ruleId ?? "",
          sheetName: state.request.sheetName,
          row: state.firstDataRow + start + r,
          column: state.outputColumn + c,
          organization: String(this.inputs[start + r] ?? ""),
          field: fieldWords(field),
          before: recordValue(before),
          after: recordValue(after),
          ...(this.newOrganization(start + r) ? { newOrganization: true } : {}),
        };
        found.push({ r, c, cell: { change, before: before as CellValue, after } });
      });
    });
    if (found.length === 0) return;
    this.pendingChanges.push(...found.map((f) => f.cell));
    // One getNotes and one setNotes over the rows holding changes: the person's notes in them are written
    // back as they are, never over; a cell with a note of theirs gets no mark.
    const top = Math.min(...found.map((f) => f.r));
    const bottom = Math.max(...found.map((f) => f.r));
    const width = state.request.fields.length;
    const row = state.firstDataRow + start + top;
    const notes = this.env.sheet.readNotes(row, state.outputColumn, bottom - top + 1, width);
    for (const { r, c, cell } of found) {
      const line = notes[r - top] as string[];
      if (line[c] === "" || isChangeNote(line[c])) line[c] = changeNote(at, cell.before);
    }
    this.pendingNotes.push({ row, column: state.outputColumn, values: notes });
  }

  /** The input column's rows [start, end) as they are now. */
  private readInput(start: number, end: number): unknown[][] {
    const column = this.state.request.range.column;
    return this.env.sheet.readValues(this.state.firstDataRow + start, column, end - start, 1);
  }

  /** The input under a wave's chunks, read once to check none of them moved while the requests were out. */
  private readFresh(wave: readonly Prepared[]): void {
    this.fresh = null;
    if (!this.state.fingerprints || wave.length === 0) return;
    const start = Math.min(...wave.map((p) => p.start));
    const end = Math.max(...wave.map((p) => p.end));
    if (end > start) this.fresh = { start, values: this.readInput(start, end) };
  }

  private noteError(message: string): void {
    this.state.errorCount++;
    if (this.state.errors.length < MAX_KEPT_ERRORS) this.state.errors.push(message);
  }

  /** The run ends on this chunk; its rows say so in their Status until Resume finds them. */
  private fail(prepared: Prepared, error: unknown, tries: number): void {
    const message = error instanceof Error ? error.message : String(error);
    const first = this.state.firstDataRow + prepared.start;
    const last = this.state.firstDataRow + prepared.end - 1;
    const rows =
      first === last ? `Row ${formatCount(first)}` : `Rows ${formatCount(first)}–${formatCount(last)}`;
    this.state.failedChunk = prepared.index;
    this.writeStatuses(
      prepared.start,
      prepared.end,
      (offset) =>
        this.reads[offset]?.kind === "org" && prepared.needed[offset - prepared.start] ? STATUS.failed : null,
      prepared.statusExisting,
    );
    this.state.failure =
      tries > 1
        ? `${rows} could not be enriched after ${tries} tries: ${message}`
        : `${rows} could not be enriched: ${message}`;
  }
}

/** Rows [from, to) of an area read in one go. */
function sliceArea(area: Area, from: number, to: number): Area {
  const cut = (block: ExistingBlock): ExistingBlock => ({
    values: block.values.slice(from, to),
    formulas: block.formulas.slice(from, to),
    ...(block.written ? { written: block.written.slice(from, to) } : {}),
  });
  return { block: cut(area.block), status: area.status ? cut(area.status) : null };
}
