// One row in the "Enrichment log" for a paid call the sidebar makes itself (a search into a sheet, a
// title mapping, a technology search), in the same sheet and columns as the background jobs' rows.
import { LOG_HEADER, LOG_SHEET } from "../core/jobs/enrichment-log";
import { activeWorkbook } from "../platform/spreadsheet";
import { appendRows } from "./jobs/append-rows";

export interface PaidCall {
  action: string;
  rows: number;
  credits: number;
  creditsRemaining: number | null;
  result: string;
}

export function logPaidCall(call: PaidCall, now: Date = new Date()): void {
  appendRows(activeWorkbook(), LOG_SHEET, LOG_HEADER, [
    [now, call.action, call.rows, call.credits, call.creditsRemaining ?? "", call.result],
  ]);
}
