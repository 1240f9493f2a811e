// Relevance feedback on priority signals (free): one item marked from the sidebar with the digest sheet
// following, or the sheet's "Relevant?" column sent where it differs from what the service last heard.

import { plural } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { RequestError } from "../../core/text/user-errors";
import { activeWorkbook } from "../../platform/spreadsheet";
import { makeClient } from "../runtime";
import { readId, readRequest } from "../sidebar/args";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";
import { cellLabel, readIdCell } from "../sidebar/cells";
import { digestSheet, readRelevanceCell } from "./digest";
import { loadDigest, type StoredDigest, saveDigest } from "./store";

export interface RelevanceSet {
  id: number;
  relevant: boolean | null;
  message: string;
}

function readRelevance(value: unknown): boolean | null {
  if (value === null || typeof value === "boolean") return value;
  throw new RequestError(`relevant must be true, false or null (to clear); got ${quoteInput(value)}.`);
}

function relevanceWord(value: boolean | null): string {
  return value === null ? "cleared" : value ? "marked relevant" : "marked not relevant";
}

export function setPriorityRelevance(input: unknown): RelevanceSet {
  const request = readRequest(input, "{itemId, relevant: true | false | null}");
  const itemId = readId(request["itemId"], "a priority signal", "itemId");
  if (!("relevant" in request)) {
    throw new RequestError("Say whether the item is relevant (relevant: true, false, or null to clear).");
  }
  const relevant = readRelevance(request["relevant"]);
  // The sheet's column follows, so the sidebar and the sheet never disagree: its header is checked
  // before the service hears anything, so a broken sheet refuses the change rather than half-making it.
  const stored = loadDigest();
  const digest = stored && activeWorkbook().sheet(stored.sheetName) ? digestSheet(stored) : null;
  const answer = makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS }).setRelevance(itemId, relevant);
  const value = answer.is_relevant ?? null;
  if (stored && digest) {
    const index = digest.rows.findIndex((row) => readIdCell(row[digest.idColumn]) === itemId);
    if (index >= 0) digest.sheet.writeValues(index + 2, digest.relevantColumn + 1, [[value ?? ""]]);
    saveDigest({ ...stored, relevance: { ...stored.relevance, [String(itemId)]: value } });
  }
  return { id: itemId, relevant: value, message: `Priority signal ${itemId} ${relevanceWord(value)}.` };
}

export interface RelevanceSync {
  sent: number;
  relevant: number;
  notRelevant: number;
  cleared: number;
  /** Rows whose cell is not TRUE, FALSE or blank, said per row. */
  problems: string[];
  message: string;
}

/** Sends the "Relevant?" column's feedback that differs from what the service last heard (free). */
export function syncPriorityRelevance(): RelevanceSync {
  const stored = loadDigest();
  const digest = digestSheet(stored);
  const relevance = { ...(stored as StoredDigest).relevance };
  const api = makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS });
  const result: RelevanceSync = {
    sent: 0,
    relevant: 0,
    notRelevant: 0,
    cleared: 0,
    problems: [],
    message: "",
  };
  digest.rows.forEach((row, index) => {
    const id = readIdCell(row[digest.idColumn]);
    if (id === null) return;
    const cell = readRelevanceCell(row[digest.relevantColumn]);
    if (!cell.ok) {
      result.problems.push(
        `Row ${index + 2}: ${cellLabel(row[digest.relevantColumn])} is not TRUE, FALSE or blank.`,
      );
      return;
    }
    const known = relevance[String(id)];
    if (known !== undefined && known === cell.value) return;
    const answer = api.setRelevance(id, cell.value);
    relevance[String(id)] = answer.is_relevant ?? null;
    result.sent++;
    if (cell.value === null) result.cleared++;
    else if (cell.value) result.relevant++;
    else result.notRelevant++;
    // Saved after each item: a failure later leaves the record true to what the service heard.
    saveDigest({ sheetName: digest.sheet.name, relevance });
  });
  const parts =
    result.sent === 0
      ? ["Nothing to send: the service already has this feedback."]
      : [
          `Sent ${plural(result.sent, "change")}: ${result.relevant} relevant, ${result.notRelevant} not relevant, ${result.cleared} cleared.`,
        ];
  if (result.problems.length) parts.push(`${plural(result.problems.length, "row")} skipped.`);
  result.message = parts.join(" ");
  return result;
}
