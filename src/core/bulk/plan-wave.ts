// The next wave: which chunks it takes, how many requests it may send, and what each chunk must buy.
import { LIMITS, type OrganizationsRequest } from "../../api/contract";
import { chunk } from "../organizations/batching";
import type { OrganizationInput, OrganizationRead } from "../organizations/identifiers";
import { buildSelect } from "../organizations/org-fields";
import { type ExistingBlock, mayWrite } from "./output";
import type { AreaReader } from "./read-area";
import type { RunAnswers } from "./run-answers";
import { type BulkRunEnv, DEFAULT_WAVE_REQUESTS, FIRST_WAVE_REQUESTS, MAX_CHUNK_ATTEMPTS } from "./run-env";
import type { RunRows } from "./run-rows";
import { type BulkState, chunkBounds, chunkCount, isChunkDone, isChunkLost } from "./state";

/** A chunk of the wave, read and ready to send. */
export interface Prepared {
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

export class WavePlanner {
  /** The last wave had a request that failed or whose answer was lost: the next goes one request at a time. */
  troubled = false;
  readonly select: OrganizationsRequest["select"];

  constructor(
    private readonly state: BulkState,
    private readonly env: Pick<BulkRunEnv, "waveRequests" | "firstWaveRequests">,
    private readonly rows: RunRows,
    private readonly answers: RunAnswers,
    private readonly reader: AreaReader,
  ) {
    this.select = buildSelect(state.request.fields);
  }

  /** Chunks neither done, lost nor out of tries, in order. */
  pendingChunks(): number[] {
    const pending: number[] = [];
    for (let i = 0; i < chunkCount(this.state); i++) {
      if (isChunkDone(this.state, i) || isChunkLost(this.state, i)) continue;
      if ((this.state.attempts[i] ?? 0) < MAX_CHUNK_ATTEMPTS) pending.push(i);
    }
    return pending;
  }

  /** Requests in the next wave. */
  waveSize(): number {
    // A run's first wave is one request: Stop pressed while it starts then costs at most one chunk,
    // not a whole wave of ten. Later waves go at the rate limit.
    // After a wave with any failed or lost request the service is unwell: one request at a time until a wave
    // comes back whole, so one more timeout (which loses every answer of its fetchAll) costs one chunk.
    const full = this.env.waveRequests ?? DEFAULT_WAVE_REQUESTS;
    const started = this.state.done.includes("1") || (this.state.lost ?? []).length > 0;
    const careful = !started || this.troubled;
    return Math.max(1, careful ? Math.min(full, this.env.firstWaveRequests ?? FIRST_WAVE_REQUESTS) : full);
  }

  /** The chunks of the next wave, in order, up to its size in requests (at least one chunk). */
  plan(pending: readonly number[]): Prepared[] {
    const waveRequests = this.waveSize();
    const wave: Prepared[] = [];
    // Each organization is requested once per wave, by the first chunk that needs it; a repeat in a later
    // chunk of the wave waits for that answer instead of buying it again.
    const claimed = new Set<string>();
    let requests = 0;
    // The chunks the wave can take at most one request each: their rows are read in one go.
    this.reader.readAhead(pending.slice(0, waveRequests));
    for (const index of pending) {
      // A full wave takes no more chunks: preparing one would read rows only the next wave uses.
      if (wave.length > 0 && requests >= waveRequests) break;
      const prepared = this.prepare(index, claimed);
      if (wave.length > 0 && requests + prepared.bodies.length > waveRequests) break;
      wave.push(prepared);
      requests += prepared.bodies.length;
      for (const { keys } of prepared.bodies) for (const key of keys) claimed.add(key);
    }
    return wave;
  }

  /**
   * Reads what the chunk needs and which organizations still have to be bought: those neither known nor
   * `claimed` (bought by an earlier chunk of the same wave, whose answer this chunk waits for).
   */
  prepare(index: number, claimed: ReadonlySet<string> = new Set()): Prepared {
    const { start, end } = chunkBounds(this.state, index);
    const state = this.state;
    const { block: existing, status: statusExisting } = this.reader.area(start, end);
    const needed: boolean[] = [];
    const keys: string[] = [];
    const inputs = new Map<string, OrganizationInput>();
    for (let offset = start; offset < end; offset++) {
      const read = this.rows.reads[offset] as OrganizationRead;
      let need = read.kind === "org" && this.rows.selected(offset);
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
    const unknown = keys.filter((key) => !this.answers.isKnown(key));
    const awaited = unknown.filter((key) => claimed.has(key));
    const toBuy = unknown.filter((key) => !claimed.has(key));
    const bodies = chunk(toBuy, LIMITS.listMax).map((part) => ({
      body: { organizations: part.map((key) => inputs.get(key) as OrganizationInput), select: this.select },
      keys: part,
    }));
    return { index, start, end, needed, existing, statusExisting, bodies, awaited };
  }
}
