// What every paid action of the Lists, Signals and More screens leaves behind: a row in the "Enrichment
// log" sheet (the same writer and columns as background jobs) and the balance the credits chip shows.
import type { WorkbookPort } from "../../core/bulk/sheet-port";
import { LOG_HEADER, LOG_SHEET } from "../../core/jobs/enrichment-log";
import { appendRows } from "../jobs/append-rows";
import { noteBalance } from "../settings/credits";
import type { CreditsView } from "../settings/credits-record";

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

export function settlePaid(workbook: WorkbookPort, paid: PaidAction): Spent {
  const now = new Date();
  appendRows(workbook, LOG_SHEET, LOG_HEADER, [
    [now, paid.action, paid.rows, paid.creditsUsed, paid.creditsRemaining, paid.result],
  ]);
  return { creditsUsed: paid.creditsUsed, credits: noteBalance(paid.creditsRemaining, now) };
}
