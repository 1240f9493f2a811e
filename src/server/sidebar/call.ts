// Runs a sidebar-callable function so that any failure reaches the sidebar as one readable sentence, with
// every paid request it sends recorded durably first and any whose answer was lost on the Enrichment log.
import { ApiError } from "../../api/errors";
import { possiblyChargedRow } from "../../core/jobs/enrichment-log";
import type { CellValue } from "../../core/sheet/port";
import { dailyQuotaMessage } from "../../core/spending/daily-quota";
import type { PaidIntent, PaidIntents } from "../../core/spending/paid-intents";
import { activeWorkbook } from "../../platform/spreadsheet";
import { appendLogOrDefer, flushDeferredLog } from "../log/deferred-log";
import { notePossiblyCharged, paidIntents, withPaidIntents } from "../runtime";

/** How long a sidebar call may wait on the service; the person is watching a spinner meanwhile. */
export const SIDEBAR_CALL_BUDGET_MS = 30_000;

/** The log's words for the paid calls a sidebar action makes. */
const CALL_WORDS: Record<string, string> = {
  organizations: "organizations",
  people: "people",
  jobs: "job posts",
  teams: "teams",
  signals: "signals",
  prioritySignals: "priority signals",
  organizationSignals: "an organization's signals",
  techStack: "a tech stack",
  contactLists: "contact lists",
  contactList: "a contact list",
  organizationLists: "organization lists",
  organizationList: "an organization list",
};

function callWords(name: string): string {
  return CALL_WORDS[name] ?? name;
}

// The log is a record, not the action: a row the sheet cannot take now is kept for the next paid call.
function appendLog(rows: CellValue[][]): void {
  try {
    appendLogOrDefer(activeWorkbook(), rows);
  } catch {
    // No spreadsheet to log in: the person still reads why the action failed.
  }
}

/**
 * A paid answer lost after its request went out may have been charged: the Enrichment log gets a row
 * saying so, with the most it can have cost, so the log never falls short of what the service charged.
 * A price the answer would have decided is said in words, as it cannot be known.
 */
function possibleChargeRow(what: string, mostCredits: number | null, notRepeated: string): CellValue[] {
  const row = possiblyChargedRow(
    new Date(),
    `Sidebar action (answer lost): ${what}`,
    mostCredits ?? 0,
    notRepeated,
  );
  if (mostCredits === null) {
    row[5] =
      "Possibly charged, amount unknown (1 credit per item the answer would have listed): an answer was lost " +
      `after its request went out; ${notRepeated}.`;
  }
  return row;
}

/** Intents left by sidebar executions that ended with a request out: logged once, then forgotten. */
function logOrphans(intents: PaidIntents): void {
  let orphans: PaidIntent[];
  try {
    orphans = intents.takeOrphans();
  } catch {
    return;
  }
  if (orphans.length === 0) return;
  notePossiblyCharged(orphans.reduce((sum, intent) => sum + (intent.mostCredits ?? 0), 0));
  appendLog(
    orphans.map((intent) =>
      possibleChargeRow(
        callWords(intent.what),
        intent.mostCredits,
        "the action ended before its answer came, and it was not sent again",
      ),
    ),
  );
}

/**
 * google.script.run hands the failure handler an Error built from what the server threw; rethrowing a
 * plain Error with only the message keeps class names and stacks out of what the person reads.
 */
export function sidebarCall<T>(body: () => T): T {
  // Made on the call's first paid request, which also logs what earlier calls left behind: calls that
  // spend nothing (polls, settings) read no journal.
  let journal: PaidIntents | null | undefined;
  const intents = (): PaidIntents | null => {
    if (journal === undefined) {
      journal = paidIntents();
      if (journal) {
        logOrphans(journal);
        try {
          flushDeferredLog(activeWorkbook());
        } catch {
          // Kept for the next paid call.
        }
      }
    }
    return journal;
  };
  try {
    return withPaidIntents(intents, body);
  } catch (error) {
    if (error instanceof ApiError && error.outcomeUnknown) {
      const what = error.callName ? callWords(error.callName) : "a paid request";
      if (error.possibleCredits > 0 || error.intentId) {
        notePossiblyCharged(error.possibleCredits);
        appendLog([
          possibleChargeRow(
            what,
            error.possibleCredits > 0 ? error.possibleCredits : null,
            "it was not sent again",
          ),
        ]);
      }
      if (error.intentId) intents()?.settle(error.intentId);
    }
    throw new Error(dailyQuotaMessage(error) ?? (error instanceof Error ? error.message : String(error)));
  }
}
