// Settles a wave's answers chunk by chunk: written, lost (never re-sent), waiting on a repeat, retried or failed.
import type { OrganizationsResponse } from "../../api/contract";
import { ApiError } from "../../api/errors";
import { organizationUnitCost } from "../../api/pricing";
import type { Outcome } from "../../api/request";
import { formatCount, plural } from "../../api/words/format";
import type { Checkpoint } from "./checkpoint";
import type { Prepared, WavePlanner } from "./plan-wave";
import type { RunAnswers } from "./run-answers";
import { MAX_CHUNK_ATTEMPTS } from "./run-env";
import type { RunRows } from "./run-rows";
import { type BulkState, isChunkDone, isChunkLost, STATUS } from "./state";
import type { StatusColumn } from "./status-column";
import type { ChunkWriter } from "./write-chunk";

export interface SettleParts {
  state: BulkState;
  rows: RunRows;
  answers: RunAnswers;
  planner: WavePlanner;
  statuses: StatusColumn;
  chunks: ChunkWriter;
  checkpoint: Checkpoint;
}

/** How a wave's failures end the run, if they do. */
export interface Settled {
  outOfCredits: boolean;
  outOfTime: boolean;
}

export class WaveSettler {
  constructor(private readonly parts: SettleParts) {}

  /** Each chunk of the wave with its requests' outcomes (in the wave's order). */
  settle(wave: readonly Prepared[], outcomes: readonly Outcome<OrganizationsResponse>[]): Settled {
    const { state, answers, chunks } = this.parts;
    let outOfCredits = false;
    let outOfTime = false;
    let cursor = 0;
    // Organizations whose paid answer was lost in this wave: possibly charged, never asked for again here.
    const lostKeys = new Set<string>();
    for (const prepared of wave) {
      const own = outcomes.slice(cursor, cursor + prepared.bodies.length);
      cursor += prepared.bodies.length;
      const failed = own.find((o) => !o.ok) as { ok: false; error: unknown } | undefined;
      if (!failed) {
        // A chunk whose repeats another chunk's failed request was to buy stays pending: the next wave
        // asks again (that chunk retried first), and nothing of it is written half.
        const missing = prepared.awaited.filter((key) => !answers.isKnown(key));
        if (missing.length === 0) chunks.finish(prepared);
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
        const tries = (state.attempts[prepared.index] ?? 0) + 1;
        state.attempts[prepared.index] = tries;
        if (tries >= MAX_CHUNK_ATTEMPTS) this.fail(prepared, error, tries);
      } else {
        this.fail(prepared, error, 1);
      }
    }
    return { outOfCredits, outOfTime };
  }

  /**
   * Chunks an earlier execution sent and never checkpointed: what the journal kept of their answers is
   * written; what it did not keep was paid for, or not, by a request whose execution died in flight, so
   * those chunks are lost rather than bought again.
   */
  settleInFlight(): void {
    const { state, planner, chunks, checkpoint } = this.parts;
    const left = state.inFlight.filter((i) => !isChunkDone(state, i) && !isChunkLost(state, i));
    if (state.inFlight.length === 0) return;
    // What a failed step counted as possibly charged for these chunks: settled here, chunk by chunk.
    state.possiblyCharged = (state.possiblyCharged ?? 0) - (state.heldPossibly ?? 0);
    delete state.heldPossibly;
    for (const index of left) {
      const prepared = planner.prepare(index);
      if (prepared.bodies.length === 0) chunks.finish(prepared);
      else this.markLost(prepared, "its execution ended while the request was out");
    }
    state.inFlight = [];
    checkpoint.save();
  }

  /**
   * A chunk whose paid answer is unknown: its rows are reported, its most possible cost is logged. With
   * `repeats`, the chunk's own requests were answered but it repeats organizations of a chunk whose answer
   * was lost: it costs nothing more and is re-run with that chunk, when the user says so.
   */
  private markLost(prepared: Prepared, why: string, repeats = false): void {
    const { state, planner } = this.parts;
    const units = prepared.bodies.reduce((total, b) => total + b.keys.length, 0);
    const credits = repeats ? 0 : units * organizationUnitCost(planner.select).credits;
    state.lost = [...(state.lost ?? []), prepared.index];
    this.writeStatuses(prepared, STATUS.lost);
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

  /** The run ends on this chunk; its rows say so in their Status until Resume finds them. */
  private fail(prepared: Prepared, error: unknown, tries: number): void {
    const state = this.parts.state;
    const message = error instanceof Error ? error.message : String(error);
    const first = state.firstDataRow + prepared.start;
    const last = state.firstDataRow + prepared.end - 1;
    const rows =
      first === last ? `Row ${formatCount(first)}` : `Rows ${formatCount(first)}–${formatCount(last)}`;
    state.failedChunk = prepared.index;
    this.writeStatuses(prepared, STATUS.failed);
    state.failure =
      tries > 1
        ? `${rows} could not be enriched after ${tries} tries: ${message}`
        : `${rows} could not be enriched: ${message}`;
  }

  /** `status` in the Status cells of the chunk's rows it was to buy. */
  private writeStatuses(prepared: Prepared, status: string): void {
    const { rows, statuses } = this.parts;
    statuses.write(
      prepared.start,
      prepared.end,
      (offset) =>
        rows.reads[offset]?.kind === "org" && prepared.needed[offset - prepared.start] ? status : null,
      prepared.statusExisting,
    );
  }
}
