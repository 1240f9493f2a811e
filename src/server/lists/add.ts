// Filling an organization list from a selected column: a new list from the column, or the column added
// to a list; the column is read and planned first, its domains and names matched to ids (paid), then
// sent, and each row's result written beside it.

import type { EnrichmentClient } from "../../api/client";
import { estimateListRead } from "../../api/pricing";
import { plural } from "../../api/words/format";
import { columnRangeA1 } from "../../core/sheet/a1";
import { RequestError } from "../../core/text/user-errors";
import { makeClient } from "../runtime";
import { readColumnRef, readId, readListName, readRequest } from "../sidebar/args";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";
import { afterPaidMatch, matchOrganizations } from "../sidebar/organization-match";
import { type ColumnCells, readColumnCells } from "../sidebar/selection";
import type { OrganizationListView } from "./org";
import { listWrite } from "./refusal";
import { writeRowReport } from "./report";
import { addRequests, type ListAddPlan, listAddStatuses, planListAdd, type RowStatuses } from "./rows";

export interface AddReport {
  /** Rows added (a row naming an organization another row names counts too). */
  added: number;
  /** Organizations the service reports added; some may have been on the list already. */
  organizationsAdded: number;
  notFound: number;
  skipped: number;
  /** Where each row's status was written ("C1:C9"). */
  reportRange: string | null;
  /** What matching domains and names to ids cost (adding is free). */
  creditsUsed: number;
  message: string;
}

/** A new list as the Lists tab shows it (a new list is the account's own: writable, in signals). */
export interface CreatedList {
  list: OrganizationListView;
  report: AddReport | null;
}

const client = () => makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS });

function addMessage(counts: RowStatuses, where: string | null, creditsUsed: number | null): string {
  const parts = [`${plural(counts.added, "row")} added`];
  if (counts.notFound) parts.push(`${plural(counts.notFound, "row")} not found`);
  if (counts.skipped) parts.push(`${plural(counts.skipped, "row")} skipped`);
  const matched =
    creditsUsed === null ? "" : ` Matching domains and names to ids cost ${plural(creditsUsed, "credit")}.`;
  return `${parts.join(", ")}.${where ? ` Each row's result is in ${where}.` : ""}${matched}`;
}

export function nothingToAddMessage(where: string): string {
  return `Nothing to add: ${where} holds no organization ids, slugs, domains or names.`;
}

interface PreparedColumn {
  sheetName: string;
  cells: ColumnCells;
  plan: ListAddPlan;
}

/** Reads the selected column and plans what to send; refuses a column with nothing to add. */
function prepareColumn(selection: unknown): PreparedColumn {
  const ref = readColumnRef(selection);
  const cells = readColumnCells(ref);
  const plan = planListAdd(cells.values);
  if (plan.ids.length + plan.slugs.length + plan.toMatch.length === 0) {
    throw new RequestError(nothingToAddMessage(`${ref.sheetName}!${columnRangeA1(ref)}`));
  }
  return { sheetName: ref.sheetName, cells, plan };
}

/** Matches the column's domains and names to ids (paid, logged); returns the credits it cost, null when none needed it. */
function matchColumn(api: EnrichmentClient, prepared: PreparedColumn, listName: string): number | null {
  const { plan } = prepared;
  if (plan.toMatch.length === 0) return null;
  const match = matchOrganizations(
    api,
    plan.toMatch,
    (count) => `Find the ids of ${plural(count, "organization")} to add to ${listName}`,
  );
  plan.matched = match.idOf;
  return match.creditsUsed;
}

/** Sends the column's ids (given and matched) and slugs, then writes each row's result beside it. */
function sendColumn(
  api: EnrichmentClient,
  listId: number,
  label: string,
  prepared: PreparedColumn,
  matchCredits: number | null,
): { report: AddReport; addedIds: Set<number> } {
  const requests = addRequests(prepared.plan);
  const answers = requests.map((body) => listWrite(() => api.addOrganizationsToList(listId, body)));
  const statuses = listAddStatuses(prepared.plan, answers);
  const range = writeRowReport(prepared.cells, label, statuses.statuses);
  const where = range ? `${prepared.sheetName}!${range}` : null;
  const addedIds = new Set(answers.flatMap((answer) => answer.added));
  const report = {
    added: statuses.added,
    organizationsAdded: addedIds.size,
    notFound: statuses.notFound,
    skipped: statuses.skipped,
    reportRange: where,
    creditsUsed: matchCredits ?? 0,
    message: addMessage(statuses, where, matchCredits),
  };
  return { report, addedIds };
}

/** The report column's title; a list name given is held to the list-name rules before anything is sent. */
function listLabel(request: Record<string, unknown>, listId: number): string {
  const given = request["listName"];
  const blank = given === undefined || given === null || (typeof given === "string" && given.trim() === "");
  return blank ? `List ${listId}` : `List "${readListName(given)}"`;
}

const SELECTION_REQUEST = '{listId, selection: {sheetName: "Sheet1", range: "A2:A50"}}';

export function addSelectionToOrganizationList(input: unknown): AddReport {
  const request = readRequest(input, SELECTION_REQUEST);
  const listId = readId(request["listId"], "a list", "listId");
  const label = listLabel(request, listId);
  const prepared = prepareColumn(request["selection"]);
  const api = client();
  const matchCredits = matchColumn(api, prepared, label.replace(/^List/, "list"));
  return afterPaidMatch(matchCredits ?? 0, () => sendColumn(api, listId, label, prepared, matchCredits))
    .report;
}

export function createOrganizationList(input: unknown): CreatedList {
  const request = readRequest(input, '{name, selection?: {sheetName: "Sheet1", range: "A2:A50"}}');
  const name = readListName(request["name"]);
  const selection = request["selection"];
  // The column is read before the list exists, so a bad selection leaves no empty list behind.
  const prepared = selection === undefined || selection === null ? null : prepareColumn(selection);
  const api = client();
  // Matched before the list exists too: a match that fails (out of credits) leaves no empty list behind.
  const matchCredits = prepared ? matchColumn(api, prepared, `list "${name}"`) : null;
  const { created, sent } = afterPaidMatch(matchCredits ?? 0, () => {
    const created = api.createOrganizationList(name);
    return {
      created,
      sent: prepared ? sendColumn(api, created.id, `List "${created.name}"`, prepared, matchCredits) : null,
    };
  });
  const count = sent?.addedIds.size ?? 0;
  return {
    list: {
      id: created.id,
      name: created.name,
      url: created.url ?? "",
      count,
      type: "user",
      readOnly: false,
      deletable: true,
      deleted: false,
      includeInSignals: true,
      importCredits: estimateListRead(count).credits,
    },
    report: sent?.report ?? null,
  };
}
