// What a formula needs from the outside world, injected so the function logic stays testable.
import type { EnrichmentClient } from "../api/client";
import type { ResultCache } from "../core/result-cache";
import type { SpendGuard } from "../core/spend-guard";

export interface FormulaEnv {
  cache: ResultCache;
  /** Made on first use, so a formula served entirely from the cache needs no key and no network. */
  client(): EnrichmentClient;
  /** The formula spend guard (kill switch, daily cap), read from the document's settings. */
  guard(): SpendGuard;
  /** A date cell as YYYY-MM-DD in the spreadsheet's time zone. */
  formatDay(date: Date): string;
}
