// The run's identifier column as read: what each row holds, which rows it buys, and whether a chunk's rows moved.
import { offsetTest } from "../changes/row-prints";
import { type OrganizationRead, readOrganization } from "../organizations/identifiers";
import type { SheetPort } from "../sheet/port";
import { type BulkState, chunkFingerprints } from "./state";

/** The run's identifier cells on `sheet`, one row each: none, and no call, when the run has no rows. */
export function readInputCells(sheet: SheetPort, state: BulkState): unknown[][] {
  if (state.rowCount === 0) return [];
  return sheet.readValues(state.firstDataRow, state.request.range.column, state.rowCount, 1);
}

/** The run's identifier column on `sheet`, read as organizations. */
export function readInputReads(sheet: SheetPort, state: BulkState): OrganizationRead[] {
  return readInputCells(sheet, state).map((row) => readOrganization(row[0]));
}

export class RunRows {
  /** What each row of the run holds, as read when the execution started or after the rows moved. */
  reads: OrganizationRead[] = [];
  /** The identifier cells as read, for the change log's Organization column. */
  inputs: unknown[] = [];
  /** Offset of the first row holding each organization. */
  private readonly firstOffset = new Map<string, number>();
  /** Whether a row is one a "new rows only" refresh buys. */
  readonly selected: (offset: number) => boolean;
  /** Rows holding another organization than at the rule's last run (see BulkState.newOrganizations). */
  readonly newOrganization: (offset: number) => boolean;
  /** A chunk whose rows moved while its request was out: the run stops after the wave. */
  moved: number | null = null;
  /** The input of a wave's chunks, read once after the wave's answers came (see readFresh). */
  private fresh: { start: number; values: unknown[][] } | null = null;

  constructor(
    private readonly state: BulkState,
    private readonly sheet: SheetPort,
  ) {
    this.adopt(readInputCells(sheet, state));
    this.selected = state.rowsOnly === undefined ? () => true : offsetTest(state.rowsOnly);
    this.newOrganization =
      state.newOrganizations === undefined ? () => false : offsetTest(state.newOrganizations);
  }

  /** The identifier column as read now: what each row holds, and each organization's first row. */
  adopt(values: readonly unknown[][]): void {
    this.reads = values.map((row) => readOrganization(row[0]));
    this.inputs = values.map((row) => row[0]);
    this.firstOffset.clear();
    this.reads.forEach((read, offset) => {
      if (read.kind === "org" && !this.firstOffset.has(read.key)) this.firstOffset.set(read.key, offset);
    });
  }

  /** Whether `offset` is the first row holding `key` (the one its found / not found is counted on). */
  isFirst(key: string, offset: number): boolean {
    return this.firstOffset.get(key) === offset;
  }

  /** The input column's rows [start, end) as they are now. */
  readInput(start: number, end: number): unknown[][] {
    const column = this.state.request.range.column;
    return this.sheet.readValues(this.state.firstDataRow + start, column, end - start, 1);
  }

  /** The input under a wave's chunks, read once to check none of them moved while the requests were out. */
  readFresh(wave: readonly { start: number; end: number }[]): void {
    this.fresh = null;
    if (!this.state.fingerprints || wave.length === 0) return;
    const start = Math.min(...wave.map((p) => p.start));
    const end = Math.max(...wave.map((p) => p.end));
    if (end > start) this.fresh = { start, values: this.readInput(start, end) };
  }

  /** The wave is settled: its fresh input is not kept for the next. */
  dropFresh(): void {
    this.fresh = null;
  }

  /**
   * Whether chunk `index`'s rows [start, end) no longer hold what they held when the run was planned, read
   * right before it is written (the sheet may have been sorted while its request was out).
   */
  chunkMoved(index: number, start: number, end: number): boolean {
    if (!this.state.fingerprints) return false;
    const fresh = this.fresh;
    const now =
      fresh && start >= fresh.start && end <= fresh.start + fresh.values.length
        ? fresh.values.slice(start - fresh.start, end - fresh.start)
        : this.readInput(start, end);
    const reads = [...this.reads];
    now.forEach((row, i) => {
      reads[start + i] = readOrganization(row[0]);
    });
    return this.movedChunk(reads, index) !== null;
  }

  /** The first chunk whose rows no longer hold what they held when the run was planned, or null. */
  movedChunk(reads: readonly OrganizationRead[], only?: number): number | null {
    const planned = this.state.fingerprints;
    if (!planned || reads.length !== this.state.rowCount) return planned ? (only ?? 0) : null;
    const now = chunkFingerprints(reads, this.state.starts);
    for (let i = 0; i < planned.length; i++) {
      if (only !== undefined && i !== only) continue;
      if (now[i] !== planned[i]) return i;
    }
    return null;
  }
}
