// Rows that moved under a run: followed when shifted, planned again where they are when sorted, else the run stops.
import { formatCount, plural } from "../../api/words/format";
import { readOrganization } from "../organizations/identifiers";
import type { SheetPort } from "../sheet/port";
import type { Checkpoint } from "./checkpoint";
import type { HeldWrites } from "./held-writes";
import { blockShift, canReplan, replanState, SHIFT_ROWS } from "./moves";
import type { AreaReader } from "./read-area";
import type { RunAnswers } from "./run-answers";
import type { BulkOutcome } from "./run-env";
import type { RunRows } from "./run-rows";
import { type BulkState, chunkBounds, isChunkDone, isChunkLost } from "./state";

export class MovedRows {
  constructor(
    private readonly state: BulkState,
    private readonly sheet: SheetPort,
    private readonly rows: RunRows,
    private readonly answers: RunAnswers,
    private readonly reader: AreaReader,
    private readonly writes: HeldWrites,
    private readonly checkpoint: Checkpoint,
  ) {}

  /**
   * Rows that moved (`index`, the first chunk found moved): a sort is planned again where the rows are now
   * (null: go on); any other move stops the run before it writes into rows holding other organizations.
   * `values`: the identifier column as read now, when the caller has it.
   */
  handle(index: number, values?: readonly unknown[][]): BulkOutcome | null {
    if (this.followShift()) return null;
    const now = values ?? this.rows.readInput(0, this.state.rowCount);
    const reads = now.map((row) => readOrganization(row[0]));
    if (!canReplan(this.state, reads)) return this.stop(index);
    this.rows.adopt(now);
    replanState(this.state, reads);
    this.reader.dropAhead();
    this.rows.moved = null;
    this.checkpoint.save();
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
    const values = this.sheet.readValues(
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
    this.rows.adopt(values.slice(above + shift, above + shift + state.rowCount));
    // Writes held for the next checkpoint (the labels, before the first block) move with the rows.
    this.writes.shift(shift);
    this.reader.dropAhead();
    this.rows.moved = null;
    this.checkpoint.save();
    return true;
  }

  /** Any other move: the run stops, writing nothing into rows that hold other organizations now. */
  private stop(index: number): BulkOutcome {
    const state = this.state;
    const { start } = chunkBounds(state, index);
    const row = state.firstDataRow + start;
    state.failure =
      `The rows of "${state.request.sheetName}" moved since this run started (sorted, or rows inserted or deleted): ` +
      `from row ${formatCount(row)} they no longer hold the organizations it planned. It stopped without writing there, so no value lands in the wrong row. ` +
      "What it bought is kept: enrich the rows where they are now and only organizations no run has bought are bought, or put the rows back.";
    this.keepInFlightMoney();
    state.inFlight = [];
    this.checkpoint.save();
    return "failed";
  }

  /**
   * A wave an earlier execution sent and never settled (it died, or failed, while the request was out):
   * what the record journaled of it was charged and joins the credits spent. A wave it did not journal may
   * have been charged: its most is possibly charged (once: a failed step already held it), and its chunks
   * are lost, so a new run's price names their organizations and none is bought again unasked.
   */
  private keepInFlightMoney(): void {
    const state = this.state;
    if (state.inFlight.length === 0) return;
    const counted = state.journalWaves ?? 0;
    this.answers.loadRecord(this.rows.reads);
    const held = state.heldPossibly !== undefined;
    delete state.heldPossibly;
    if ((state.journalWaves ?? 0) > counted) return;
    const credits = state.inFlightCredits ?? 0;
    if (!held) state.possiblyCharged = (state.possiblyCharged ?? 0) + credits;
    const lost = state.inFlight.filter((i) => !isChunkDone(state, i) && !isChunkLost(state, i));
    state.lost = [...(state.lost ?? []), ...lost];
    const notes = { ...state.lostNotes };
    for (const index of lost) {
      const { start, end } = chunkBounds(state, index);
      notes[index] =
        `Rows ${formatCount(state.firstDataRow + start)}–${formatCount(state.firstDataRow + end - 1)} as planned: ` +
        `the rows moved while their request was out, so its answer was not used; up to ${plural(credits, "credit")} may have been charged, so they were not bought again.`;
    }
    state.lostNotes = notes;
  }
}
