// What a formula needs from the outside world, injected so the function logic stays testable.
import type { EnrichmentClient } from "../api/client";
import type { PendingAnswers } from "../core/caches/pending-answers";
import type { EntityCache } from "../core/caches/tiered-cache";
import type { OrgAttrUse } from "../core/formulas/census";
import type { FormulaIntents } from "../core/spending/formula-intents";
import type { Exclusive } from "../core/spending/mutex";
import type { SpendGuard } from "../core/spending/spend-guard";

export interface FormulaEnv {
  cache: EntityCache;
  /** Made on first use, so a formula served entirely from the cache needs no key and no network. */
  client(): EnrichmentClient;
  /**
   * The durable intents of organizations requests (document properties): written before one is sent,
   * read to hold back what an unsettled one may have bought. Made on first use, like the client.
   */
  intents(): Pick<FormulaIntents, "held" | "open" | "settle" | "logged">;
  /**
   * Counts `calls` against the day's UrlFetch allowance before the intents are written, so that nothing
   * between the intents and the send reads or writes a property (the client then counts them no more).
   */
  bookFetches?(calls: number): void;
  /**
   * Where paid answers wait when the day's properties quota refuses their durable bookkeeping after
   * payment (the document cache); absent where there is none.
   */
  pending?: PendingAnswers;
  /** The formula spend guard (kill switch, daily cap), read from the document's settings. */
  guard(): SpendGuard;
  /** A date cell as YYYY-MM-DD in the spreadsheet's time zone. */
  formatDay(date: Date): string;
  /**
   * Keeps an Enrichment-log row for what a paid batch charged (a custom function cannot write the log
   * sheet; the sidebar appends the rows kept). Absent where nothing is logged.
   */
  logCharge?(charge: FormulaCharge): void;
  /**
   * Keeps an Enrichment-log row for credits a request may have cost when its answer was lost after it went
   * out (a "possibly charged" row), and counts them in the day's money apart from what answers proved.
   */
  logPossible?(loss: FormulaLoss): void;
  /**
   * When this execution surely ends (Sheets ends a custom function 30 s after it starts), recorded with each
   * request's intent: past it, an unsettled request's answer can no longer come. Absent outside a cell.
   */
  endsBy?: number;
  /** Midnight of a calendar day in the spreadsheet's time zone: what a date a formula returns must be. */
  day(year: number, month: number, date: number): Date;
  /** The formula's filled-down siblings, for fetching the whole column at once; absent outside a cell. */
  siblings?: Siblings;
}

/** One paid formula batch, as the Enrichment log shows it. */
export interface FormulaCharge {
  /** What was bought: "ORG_ATTR (Industry)", "job title lookups". */
  what: string;
  /** Organizations or texts the batch asked about. */
  rows: number;
  creditsUsed: number;
  /** The balance after it, when the answer said. */
  creditsRemaining: number | null;
  /** The outcome in a few words: "18 matched, 1 not matched". */
  result: string;
}

/** A formula request whose answer was lost after it went out, as the Enrichment log shows it. */
export interface FormulaLoss {
  /** What was asked: "ORG_ATTR (Industry)", "job title lookups". */
  what: string;
  /** The most the lost requests could have charged. */
  credits: number;
  /** What the person can do about it, after "possibly charged: …; ". */
  notRepeated: string;
}

export interface Siblings {
  /**
   * The identifiers of every sibling cell (the running one included), or null when there are none to find.
   * Read only before a purchase, and always followed by sheetUses: both come from one read of the sheet.
   */
  identifiers(): unknown[] | null;
  /** The ORG_ATTR formulas on the sheet (siblings or not), as what each asks for; read only before a purchase. */
  sheetUses(): OrgAttrUse[];
  /**
   * Runs `fn` alone among the document's executions, with an environment whose cache and guard are
   * already inside that lock; `{acquired: false}` when the lock is not had within `waitMs` (default: the
   * formulas' own wait for a sibling fetching the column).
   */
  exclusive<T>(fn: (env: FormulaEnv) => T, waitMs?: number): Exclusive<T>;
  /** Waits `ms` (Utilities.sleep): a cell watching the cache for a sibling's answers. */
  pause(ms: number): void;
}
