// The run's writes held until the next checkpoint, then sent merged: notes, values, the change log, and the hidden copy.

import type { SheetPort } from "../sheet/port";
import { formatDates } from "../sheet/values";
import type { WriteOp } from "./output";
import type { ChangeLog } from "./record-changes";
import type { BulkState } from "./state";
import { type Block, mergeBlocks } from "./write-batch";

export class HeldWrites {
  /** Values held back until the next checkpoint, then sent merged (see flush). */
  private values: Block[] = [];
  /** The headers' and changes' notes, held back the same way: in as few setNotes as they merge into. */
  private notes: Block[] = [];
  /**
   * What went to the sheet this execution, for the hidden copy: written once, merged, when the execution
   * ends (see flushCopy). A copy that misses cells after a crash only makes a later refresh take them for
   * someone's edits and leave them alone: never a clobbered cell.
   */
  private copied: Block[] = [];
  /**
   * The labels wait in the held values past the first wave's intent checkpoint, to go out in one setValues
   * with the first chunk's block below them; until they are written the checkpoint keeps labelsRow, so an
   * execution that ends before writes them again (into empty cells only).
   */
  labelsQueued = false;

  constructor(
    private readonly state: BulkState,
    private readonly sheet: SheetPort,
    private readonly copy: SheetPort | null | undefined,
    private readonly changes: ChangeLog,
  ) {}

  /** Holds `ops` for the output block, from sheet row `row`. */
  write(row: number, ops: readonly WriteOp[]): void {
    for (const op of ops)
      this.values.push({
        row: row + op.rowOffset,
        column: this.state.outputColumn + op.columnOffset,
        values: op.values,
      });
  }

  /** Holds `ops` for one column (the Status column), from sheet row `row`. */
  writeColumn(column: number, row: number, ops: readonly WriteOp[]): void {
    for (const op of ops) this.values.push({ row: row + op.rowOffset, column, values: op.values });
  }

  note(block: Block): void {
    this.notes.push(block);
  }

  /** Rows inserted or deleted above the run: what is held (the labels, before the first block) moves with them. */
  shift(rows: number): void {
    this.values = this.values.map((block) => ({ ...block, row: block.row + rows }));
    this.notes = this.notes.map((block) => ({ ...block, row: block.row + rows }));
  }

  /** The held writes, merged into as few blocks as they allow, to the sheet and the same to the copy. */
  flush(): void {
    const notes = mergeBlocks(this.notes);
    this.notes = [];
    for (const block of notes) this.sheet.writeNotes(block.row, block.column, block.values as string[][]);
    const labels = this.labelsQueued;
    this.labelsQueued = false;
    this.writeValues();
    // The labels are in the sheet now: a later checkpoint need not have them written again.
    if (labels) this.state.labelsRow = null;
  }

  /** The hidden copy of everything this execution wrote, in as few setValues as the blocks merge into. */
  flushCopy(): void {
    const copy = this.copy;
    if (!copy || this.copied.length === 0) return;
    const blocks = mergeBlocks(this.copied);
    this.copied = [];
    for (const block of blocks) copy.writeValues(block.row, block.column, block.values);
  }

  private writeValues(): void {
    if (this.values.length === 0) return;
    const blocks = mergeBlocks(this.values);
    this.values = [];
    for (const block of blocks) {
      this.sheet.writeValues(block.row, block.column, block.values);
      formatDates(this.sheet, block.row, block.column, block.values);
    }
    if (this.copy) this.copied.push(...blocks);
    this.changes.append();
  }
}
