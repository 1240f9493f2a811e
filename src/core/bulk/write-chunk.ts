// Writes an answered chunk: its rows checked unmoved, values (never over a typed cell), statuses, changes, counts.
import { invalidRowStatus } from "../changes/blank-rows";
import type { OrganizationRead } from "../organizations/identifiers";
import type { CellValue } from "../sheet/port";
import type { HeldWrites } from "./held-writes";
import { isEdited, planWrites } from "./output";
import type { Prepared } from "./plan-wave";
import type { ChangeLog } from "./record-changes";
import type { RunAnswers } from "./run-answers";
import type { RunRows } from "./run-rows";
import { type BulkState, MAX_KEPT_ERRORS, markChunkDone, STATUS } from "./state";
import type { StatusColumn } from "./status-column";

export class ChunkWriter {
  constructor(
    private readonly state: BulkState,
    private readonly rows: RunRows,
    private readonly answers: RunAnswers,
    private readonly writes: HeldWrites,
    private readonly statuses: StatusColumn,
    private readonly changes: ChangeLog,
  ) {}

  /** Writes the chunk's rows from what the run knows and marks it done; rows that moved meanwhile: nothing. */
  finish(prepared: Prepared): void {
    const { start, end, needed, existing, index } = prepared;
    const state = this.state;
    const rows = this.rows;
    if (rows.chunkMoved(index, start, end)) {
      rows.moved ??= index;
      return;
    }
    const fields = state.request.fields;
    const intended: (CellValue | null)[][] = [];
    for (let offset = start; offset < end; offset++) {
      const read = rows.reads[offset] as OrganizationRead;
      if (!needed[offset - start] || read.kind !== "org") {
        intended.push(fields.map(() => null));
        continue;
      }
      intended.push(this.answers.cellsOf(read.key));
    }
    if (this.changes.keeps(existing)) {
      const notes = this.changes.note(start, intended, existing);
      if (notes) this.writes.note(notes);
    }
    this.writes.write(state.firstDataRow + start, planWrites(intended, existing, state.policy));
    this.statuses.write(
      start,
      end,
      (offset) => {
        const read = rows.reads[offset] as OrganizationRead;
        if (read.kind === "invalid")
          return invalidRowStatus(read.reason, prepared.statusExisting?.values[offset - start]?.[0]);
        if (read.kind !== "org" || !needed[offset - start]) return null;
        const matched = this.answers.matchedOf(read.key);
        if (matched === null) return null;
        return matched ? STATUS.found : STATUS.notFound;
      },
      prepared.statusExisting,
    );
    if (state.policy === "refresh") {
      for (let offset = start; offset < end; offset++) {
        if (rows.reads[offset]?.kind !== "org") continue;
        fields.forEach((_, c) => {
          if (isEdited(existing, offset - start, c)) state.keptEdited = (state.keptEdited ?? 0) + 1;
        });
      }
    }
    this.count(prepared);
    markChunkDone(state, index);
    delete state.attempts[index];
    // No checkpoint here: the wave's one (or settleInFlight's) follows, and until it the chunk stays in
    // flight, which a later execution settles from the journal without buying anything again.
  }

  /** The run's counts for the chunk's rows: bought, found or not (once per organization), unreadable. */
  private count({ start, end, needed }: Prepared): void {
    const state = this.state;
    for (let offset = start; offset < end; offset++) {
      const read = this.rows.reads[offset] as OrganizationRead;
      // Planned again after a sort, a row the run wrote before needs nothing now but is counted all the same.
      const counted =
        read.kind === "org" &&
        (needed[offset - start] || ((state.replans ?? 0) > 0 && this.answers.isKnown(read.key)));
      if (counted) state.rowsBought = (state.rowsBought ?? 0) + 1;
      if (read.kind === "invalid") this.noteError(`Row ${state.firstDataRow + offset}: ${read.reason}`);
      if (!counted || !this.rows.isFirst(read.key, offset)) continue;
      if (this.answers.matchedOf(read.key)) state.matched++;
      else state.unmatched++;
    }
    state.invalid += this.rows.reads.slice(start, end).filter((r) => r.kind === "invalid").length;
    state.rowsDone += end - start;
  }

  private noteError(message: string): void {
    this.state.errorCount++;
    if (this.state.errors.length < MAX_KEPT_ERRORS) this.state.errors.push(message);
  }
}
