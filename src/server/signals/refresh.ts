// Refresh of a feed sheet: the same search as its import, newest first, appending only the signals the
// sheet does not have yet and stopping at the first one it has, in pages that start small.

import { plural } from "../../api/words/format";
import type { SheetPort } from "../../core/sheet/port";
import { RequestError } from "../../core/text/user-errors";
import { activeWorkbook } from "../../platform/spreadsheet";
import { readRequest } from "../sidebar/args";
import { afterPaidMatch } from "../sidebar/organization-match";
import { settlePaid } from "../sidebar/paid-log";
import type { FeedResult } from "./feed";
import { appendSignals, page, resolveFeedOrganizations, stoppedNote } from "./paging";
import { readMaxSignals, refreshPages } from "./request";
import { rowKey, signalKey } from "./rows";
import { loadFeed } from "./store";

export function notAFeedMessage(sheetName: string): string {
  return `"${sheetName}" was not imported from the signal feed in this spreadsheet. Import the feed first, then refresh that sheet.`;
}

/** Keys of the signals a feed sheet already has. */
function knownKeys(sheet: SheetPort): Set<string> {
  const last = sheet.lastRow();
  const width = Math.max(sheet.lastColumn(), 1);
  if (last < 1) return new Set();
  const rows = sheet.readValues(1, 1, last, width);
  const header = rows[0] ?? [];
  const keys = new Set<string>();
  for (const row of rows.slice(1)) {
    const key = rowKey(row, header);
    if (key) keys.add(key);
  }
  return keys;
}

export function refreshSignalFeed(input: unknown): FeedResult {
  const request = readRequest(input, "{sheetName}");
  const sheetName = typeof request["sheetName"] === "string" ? request["sheetName"].trim() : "";
  if (sheetName === "") throw new RequestError("Choose the feed sheet to refresh (sheetName).");
  const stored = loadFeed(sheetName);
  const workbook = activeWorkbook();
  const sheet = workbook.sheet(sheetName);
  if (!stored || !sheet) throw new RequestError(notAFeedMessage(sheetName));
  const max = request["maxSignals"] === undefined ? stored.maxSignals : readMaxSignals(request["maxSignals"]);
  const known = knownKeys(sheet);
  let added = 0;
  // The feed is newest first: from the first signal the sheet has, everything after is older and known.
  const { ids, matchCredits } = resolveFeedOrganizations(stored);
  const paged = afterPaidMatch(matchCredits, () =>
    page(stored, ids, refreshPages(max), (signals) => {
      const index = signals.findIndex((signal) => known.has(signalKey(signal)));
      const fresh = (index < 0 ? signals : signals.slice(0, index)).filter((s) => !known.has(signalKey(s)));
      appendSignals(sheet, fresh);
      added += fresh.length;
      return index < 0;
    }),
  );
  const message =
    added > 0
      ? `${plural(added, "new signal")} added to "${sheetName}".${stoppedNote(paged)}`
      : `No new signals for "${sheetName}".${stoppedNote(paged)}`;
  const spent = settlePaid(workbook, {
    action: `Refresh signal feed "${sheetName}"`,
    rows: added,
    creditsUsed: paged.creditsUsed,
    creditsRemaining: paged.creditsRemaining ?? 0,
    result: message,
  });
  return {
    sheetName,
    signals: added,
    pages: paged.pages,
    stopped: paged.stopped,
    message,
    ...spent,
    // Domains or names new to the column are matched (once): that is spent too (its own log row).
    creditsUsed: spent.creditsUsed + matchCredits,
  };
}
