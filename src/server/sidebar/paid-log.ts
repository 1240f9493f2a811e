// What every paid action of the Lists, Signals and More screens leaves behind: a row in the "Enrichment
// log" sheet (the same writer and columns as background jobs) and the balance the credits chip shows.
import type { WorkbookPort } from "../../core/sheet/port";
import { appendLogOrDefer } from "../log/deferred-log";
import { currentCredits } from "./credits";
import type { CreditsView } from "./credits-record";

export interface PaidAction {
  /** What was done, as the log's Action column reads: "Import organization list "Q3 targets"". */
  action: string;
  rows: number;
  creditsUsed: number;
  creditsRemaining: number;
  /** The outcome in one sentence. */
  result: string;
}

/** Credits a paid action spent and the balance after it, for the sidebar's footer and chip. */
export interface Spent {
  creditsUsed: number;
  credits: CreditsView;
}

/**
 * Logs a paid action and notes the balance. The answer is already paid for and written: a log the lock
 * keeps out now gets the row from the next paid sidebar call instead (see deferred-log.ts).
 */
export function settlePaid(workbook: WorkbookPort, paid: PaidAction): Spent {
  const now = new Date();
  appendLogOrDefer(workbook, [
    [now, paid.action, paid.rows, paid.creditsUsed, paid.creditsRemaining, paid.result],
  ]);
  // The paid answer is in the money record already (every client folds its answers in): the chip shows it.
  let credits: CreditsView | null = null;
  try {
    credits = currentCredits();
  } catch {
    // Shown as answered below.
  }
  credits ??= {
    remaining: paid.creditsRemaining,
    asOf: now.toISOString(),
    from: "paid",
    topUp: paid.creditsRemaining,
    spentToday: 0,
    formulasToday: 0,
    possiblyToday: 0,
    balanceBeforeLoss: false,
    version: "",
  };
  return { creditsUsed: paid.creditsUsed, credits };
}
