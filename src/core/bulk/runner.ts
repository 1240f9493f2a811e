// Runs a bulk enrichment from its checkpoint in waves of chunks until done, out of time, stopped or broke.
import { Checkpoint } from "./checkpoint";
import { HeldWrites } from "./held-writes";
import { WavePlanner } from "./plan-wave";
import { AreaReader } from "./read-area";
import { ChangeLog } from "./record-changes";
import { MovedRows } from "./rows-moved";
import { RunAnswers } from "./run-answers";
import { type BulkOutcome, type BulkRunEnv, DEFAULT_RESERVE_MS } from "./run-env";
import { RunRows } from "./run-rows";
import { sendWave } from "./send-wave";
import { WaveSettler } from "./settle-wave";
import type { BulkState } from "./state";
import { StatusColumn } from "./status-column";
import { ChunkWriter } from "./write-chunk";
import { writeLabels } from "./write-labels";

export {
  type BulkOutcome,
  type BulkRunEnv,
  type ChangedCell,
  DEFAULT_RESERVE_MS,
  DEFAULT_WAVE_REQUESTS,
  FIRST_WAVE_REQUESTS,
  MAX_CHUNK_ATTEMPTS,
} from "./run-env";
export { STATUS_NOTE } from "./status-column";

/**
 * One execution of a run: read what the record holds, write the labels, settle what an earlier execution
 * left in flight, then wave after wave: plan it, send it, settle its answers (each answered chunk written),
 * checkpoint. The steps are the files named in the constructor.
 */
export class BulkRunner {
  /** The identifier column as read, and whether its rows moved. */
  private readonly rows: RunRows;
  /** What the run has bought, or took back from its rows. */
  private readonly answers: RunAnswers;
  private readonly writes: HeldWrites;
  private readonly checkpoint: Checkpoint;
  private readonly reader: AreaReader;
  private readonly planner: WavePlanner;
  private readonly settler: WaveSettler;
  private readonly moves: MovedRows;
  private readonly labels: Parameters<typeof writeLabels>[0];
  private longestWaveMs = 0;

  constructor(
    private readonly state: BulkState,
    private readonly env: BulkRunEnv,
  ) {
    const rows = new RunRows(state, env.sheet);
    const answers = new RunAnswers(state, env.record, env.sheet);
    const changes = new ChangeLog(state, env, rows);
    const writes = new HeldWrites(state, env.sheet, env.copy, changes);
    const checkpoint = new Checkpoint(state, env, writes);
    const reader = new AreaReader(state, env.sheet, env.copy);
    const statuses = new StatusColumn(state, env.copy, reader, writes);
    const planner = new WavePlanner(state, env, rows, answers, reader);
    const chunks = new ChunkWriter(state, rows, answers, writes, statuses, changes);
    this.rows = rows;
    this.answers = answers;
    this.writes = writes;
    this.checkpoint = checkpoint;
    this.reader = reader;
    this.planner = planner;
    this.settler = new WaveSettler({ state, rows, answers, planner, statuses, chunks, checkpoint });
    this.moves = new MovedRows(state, env.sheet, rows, answers, reader, writes, checkpoint);
    this.labels = { state, env, planner, reader, writes, statuses, checkpoint };
  }

  run(): BulkOutcome {
    const outcome = this.steps();
    if (this.checkpoint.unsaved && !this.env.callerCheckpointsEnd) this.checkpoint.save();
    else this.writes.flush();
    this.writes.flushCopy();
    return outcome;
  }

  private steps(): BulkOutcome {
    const { state, env, rows, checkpoint } = this;
    // Rows that moved since the run was planned would take other rows' values: planned again before any
    // write when they were sorted, else the run stops.
    const moved = rows.movedChunk(rows.reads);
    if (moved !== null) {
      const stopped = this.moves.handle(
        moved,
        rows.inputs.map((input) => [input]),
      );
      if (stopped !== null) return stopped;
    }
    // What earlier executions of this run bought, however long ago: never bought again.
    if (this.answers.loadRecord(rows.reads)) checkpoint.unsaved = true;
    writeLabels(this.labels);
    this.settler.settleInFlight();
    for (;;) {
      const pending = this.planner.pendingChunks();
      if (pending.length === 0) return state.failure ? "failed" : "done";
      if (checkpoint.stopRequested) return "stopped";
      // A wave starts only if one as long as the longest so far would still end before the deadline.
      const reserve = Math.max(env.reserveMs ?? DEFAULT_RESERVE_MS, this.longestWaveMs);
      const started = env.clock.now();
      if (started + reserve >= env.deadline) return "paused";
      const outcome = this.runWave(pending);
      this.longestWaveMs = Math.max(this.longestWaveMs, env.clock.now() - started);
      if (outcome !== null) return outcome;
    }
  }

  /** Runs one wave: plan, send, settle; returns how the run ends, or null to go on. */
  private runWave(pending: number[]): BulkOutcome | null {
    const wave = this.planner.plan(pending);
    const { state, env, answers, checkpoint } = this;
    const sent = sendWave(wave, { state, env, answers, checkpoint });
    if (sent === "stopped") return "stopped";
    this.reader.dropAhead();
    this.rows.readFresh(wave);
    this.planner.troubled = sent.outcomes.some((o) => !o.ok);
    const { outOfCredits, outOfTime } = this.settler.settle(wave, sent.outcomes);
    this.rows.dropFresh();
    state.inFlight = [];
    return this.endWave(sent.unjournaled, outOfCredits, outOfTime);
  }

  /** After a settled wave: its checkpoint (deferred to the next wave's intent when all went well), or the end. */
  private endWave(unjournaled: string | null, outOfCredits: boolean, outOfTime: boolean): BulkOutcome | null {
    const { state, rows, checkpoint } = this;
    if (rows.moved === null && unjournaled === null && !state.failure && !outOfCredits && !outOfTime) {
      // The next wave's intent (or the run's end) checkpoints this wave too: one checkpoint per wave.
      // Until then the last one has these chunks in flight, which a later execution settles from the
      // journal, buying nothing again.
      checkpoint.defer();
      return null;
    }
    if (rows.moved !== null) {
      // The wave's answers are in the record: the moved rows get them where they are now. Checkpointed
      // there, after held writes (the labels) moved with the rows.
      const stopped = this.moves.handle(rows.moved);
      if (stopped !== null) return stopped;
    } else checkpoint.save();
    if (unjournaled !== null && !state.failure) {
      state.failure = `The run's record of what it bought could not be written (${unjournaled}); what was bought is written to the sheet. Free room in the spreadsheet (delete unused sheets), then press Resume.`;
      checkpoint.save();
    }
    if (state.failure) return "failed";
    if (outOfCredits) return "out_of_credits";
    // A stop asked for while the last wave was out is honoured by the loop, unless nothing is left.
    if (outOfTime && !checkpoint.stopRequested) return "paused";
    return null;
  }
}
