// Runs a sidebar-callable function so that any failure reaches the sidebar as one readable sentence.
import { ApiError } from "../../api/errors";
import { LOG_HEADER, LOG_SHEET, possiblyChargedRow } from "../../core/jobs/enrichment-log";
import { activeWorkbook } from "../../platform/spreadsheet";
import { appendRows } from "../jobs/append-rows";

/** How long a sidebar call may wait on the service; the person is watching a spinner meanwhile. */
export const SIDEBAR_CALL_BUDGET_MS = 30_000;

/**
 * A paid answer lost after its request went out may have been charged: the Enrichment log gets a row
 * saying so, with the most it can have cost, so the log never falls short of what the service charged.
 */
function logPossibleCharge(error: ApiError): void {
  try {
    appendRows(activeWorkbook(), LOG_SHEET, LOG_HEADER, [
      possiblyChargedRow(
        new Date(),
        "Sidebar action (answer lost)",
        error.possibleCredits,
        "it was not sent again",
      ),
    ]);
  } catch {
    // The log is a record, not the action: the person still reads why the action failed.
  }
}

/**
 * google.script.run hands the failure handler an Error built from what the server threw; rethrowing a
 * plain Error with only the message keeps class names and stacks out of what the person reads.
 */
export function sidebarCall<T>(body: () => T): T {
  try {
    return body();
  } catch (error) {
    if (error instanceof ApiError && error.outcomeUnknown && error.possibleCredits > 0)
      logPossibleCharge(error);
    throw new Error(error instanceof Error ? error.message : String(error));
  }
}
