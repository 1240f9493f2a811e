// What a formula needs from the outside world, injected so the function logic stays testable.
import type { EnrichmentClient } from "../api/client";
import type { EntityCache } from "../core/caches/tiered-cache";
import type { Exclusive } from "../core/spending/mutex";
import type { SpendGuard } from "../core/spending/spend-guard";

export interface FormulaEnv {
  cache: EntityCache;
  /** Made on first use, so a formula served entirely from the cache needs no key and no network. */
  client(): EnrichmentClient;
  /** The formula spend guard (kill switch, daily cap), read from the document's settings. */
  guard(): SpendGuard;
  /** A date cell as YYYY-MM-DD in the spreadsheet's time zone. */
  formatDay(date: Date): string;
  /** The formula's filled-down siblings, for fetching the whole column at once; absent outside a cell. */
  siblings?: Siblings;
}

export interface Siblings {
  /** The identifiers of every sibling cell (the running one included), or null when there are none to find. */
  identifiers(): unknown[] | null;
  /**
   * Runs `fn` alone among the document's executions, with an environment whose cache and guard are
   * already inside that lock; `{acquired: false}` when the lock is not had within `waitMs` (default: the
   * formulas' own wait for a sibling fetching the column).
   */
  exclusive<T>(fn: (env: FormulaEnv) => T, waitMs?: number): Exclusive<T>;
  /** Waits `ms` (Utilities.sleep): a cell watching the cache for a sibling's answers. */
  pause(ms: number): void;
}
