// What a bulk run is given (the sheet, the service, the purchase record, its checkpoint) and how it can end.
import { LIMITS, type OrganizationsRequest, type OrganizationsResponse } from "../../api/contract";
import type { Outcome } from "../../api/request";
import type { Clock } from "../../api/retry/clock";
import type { CellChange } from "../changes/change";
import type { OrgField } from "../organizations/org-fields";
import type { CellValue, SheetPort } from "../sheet/port";
import type { HeaderCell } from "../sheet/values";
import type { TimeWords } from "../text/when";
import type { PurchaseRecord } from "./purchase-record";
import type { BulkState } from "./state";

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
  record: Omit<PurchaseRecord, "nameRun">;
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
    /** The spreadsheet's zone, for the notes on changed cells. */
    timeWords(): TimeWords;
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

export type BulkOutcome = "done" | "paused" | "stopped" | "out_of_credits" | "failed";
