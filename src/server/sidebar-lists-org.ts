// Organization lists from the sidebar: browse (deleted ones on request), import one into a new sheet,
// create one from a selected column, add a column to one (each row told what became of it), rename,
// delete and restore, and whether a list feeds the signal feed.
import type { OrganizationListMember, OrganizationListSummary } from "../api/contract";
import { estimateListRead } from "../api/pricing";
import { columnRangeA1 } from "../core/bulk/a1";
import { cellText } from "../core/bulk/cells";
import { RequestError } from "../core/bulk/request";
import { type CellValue, uniqueSheetName } from "../core/bulk/sheet-port";
import { plural } from "../core/jobs/format";
import { MAX_SHEET_NAME } from "../core/jobs/people";
import { activeWorkbook } from "../platform/spreadsheet";
import { makeClient } from "./runtime";
import { SIDEBAR_CALL_BUDGET_MS } from "./sidebar-call";
import { listWrite } from "./sidebar-lists-refusal";
import { writeRowReport } from "./sidebar-lists-report";
import {
  addRequests,
  type ListAddPlan,
  listAddStatuses,
  planListAdd,
  type RowStatuses,
} from "./sidebar-lists-rows";
import {
  readBoolean,
  readColumnRef,
  readId,
  readListName,
  readOptionalBoolean,
  readRequest,
} from "./sidebar-more-args";
import { type Spent, settlePaid } from "./sidebar-more-log";
import { type ColumnCells, readColumnCells } from "./sidebar-more-selection";

export interface OrganizationListView {
  id: number;
  name: string;
  url: string;
  count: number;
  type: "user" | "group";
  readOnly: boolean;
  deletable: boolean;
  deleted: boolean;
  includeInSignals: boolean;
  /** What importing it costs: 1 credit per organization. */
  importCredits: number;
}

export interface OrganizationListsView extends Spent {
  lists: OrganizationListView[];
}

export interface ImportedSheet extends Spent {
  sheetName: string;
  rows: number;
  message: string;
}

export interface AddReport {
  /** Rows added (a row naming an organization another row names counts too). */
  added: number;
  /** Organizations the service reports added; some may have been on the list already. */
  organizationsAdded: number;
  notFound: number;
  skipped: number;
  /** Where each row's status was written ("C1:C9"). */
  reportRange: string | null;
  message: string;
}

/** A new list as the Lists tab shows it (a new list is the account's own: writable, in signals). */
export interface CreatedList {
  list: OrganizationListView;
  report: AddReport | null;
}

export const ORGANIZATION_LIST_HEADER = [
  "Organization id",
  "Name",
  "Slug",
  "Domain",
  "Employees",
  "Account status",
  "Link",
  "CRM link",
];

const client = () => makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS });
const LIST = "a list";

function view(list: OrganizationListSummary): OrganizationListView {
  return {
    id: list.id,
    name: list.name,
    url: list.url,
    count: list.organizations_count,
    type: list.type,
    readOnly: list.read_only,
    deletable: list.deletable,
    deleted: list.deleted ?? false,
    includeInSignals: list.include_in_signals ?? true,
    importCredits: estimateListRead(list.organizations_count).credits,
  };
}

function memberRow(member: OrganizationListMember): CellValue[] {
  const text = (value: string | null | undefined) => cellText(value ?? "");
  return [
    member.id ?? "",
    text(member.name),
    text(member.slug),
    text(member.url),
    member.employee_count ?? "",
    text(member.account_status),
    text(member.service_url),
    text(member.crm_url),
  ];
}

/** "List - Q3 targets", cut to Sheets' limit on sheet names and made unique in the workbook. */
export function listSheetBase(prefix: string, name: string): string {
  return `${prefix} - ${name.replace(/\s+/g, " ").trim()}`.slice(0, MAX_SHEET_NAME).trim();
}

export function getOrganizationLists(input: unknown): OrganizationListsView {
  const request = input === undefined || input === null ? {} : readRequest(input, "{includeDeleted: false}");
  const includeDeleted = readOptionalBoolean(request["includeDeleted"], "includeDeleted");
  const response = client().organizationLists(includeDeleted);
  const lists = response.organization_lists.map(view);
  const spent = settlePaid(activeWorkbook(), {
    action: includeDeleted ? "Read organization lists (deleted ones too)" : "Read organization lists",
    rows: lists.length,
    creditsUsed: response.credits_used,
    creditsRemaining: response.credits_remaining,
    result: `${plural(lists.length, "list")} read.`,
  });
  return { lists, ...spent };
}

export function importOrganizationList(input: unknown): ImportedSheet {
  const request = readRequest(input, "{listId}");
  const listId = readId(request["listId"], LIST, "listId");
  // A deleted list shown with "show deleted" imports like any other.
  const response = client().organizationList(listId, true);
  const workbook = activeWorkbook();
  const name = response.list_info.name;
  const sheetName = uniqueSheetName(workbook, listSheetBase("List", name));
  workbook
    .insertSheet(sheetName)
    .writeValues(1, 1, [ORGANIZATION_LIST_HEADER, ...response.organizations.map(memberRow)]);
  const rows = response.organizations.length;
  const message = `${plural(rows, "organization")} of "${name}" written to "${sheetName}".`;
  const spent = settlePaid(workbook, {
    action: `Import organization list "${name}"`,
    rows,
    creditsUsed: response.credits_used,
    creditsRemaining: response.credits_remaining,
    result: message,
  });
  return { sheetName, rows, message, ...spent };
}

function addMessage(counts: RowStatuses, where: string | null): string {
  const parts = [`${plural(counts.added, "row")} added`];
  if (counts.notFound) parts.push(`${plural(counts.notFound, "row")} not found`);
  if (counts.skipped) parts.push(`${plural(counts.skipped, "row")} skipped`);
  return `${parts.join(", ")}.${where ? ` Each row's result is in ${where}.` : ""}`;
}

export function nothingToAddMessage(where: string): string {
  return `Nothing to add: ${where} holds no organization ids or slugs.`;
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
  if (plan.ids.length + plan.slugs.length === 0) {
    throw new RequestError(nothingToAddMessage(`${ref.sheetName}!${columnRangeA1(ref)}`));
  }
  return { sheetName: ref.sheetName, cells, plan };
}

/** Sends the column's ids and slugs, then writes each row's result beside it. */
function sendColumn(
  listId: number,
  label: string,
  prepared: PreparedColumn,
): { report: AddReport; addedIds: Set<number> } {
  const api = client();
  const answers = addRequests(prepared.plan).map((body) =>
    listWrite(() => api.addOrganizationsToList(listId, body)),
  );
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
    message: addMessage(statuses, where),
  };
  return { report, addedIds };
}

function listLabel(request: Record<string, unknown>, listId: number): string {
  const name = typeof request["listName"] === "string" ? request["listName"].trim() : "";
  return name ? `List "${name}"` : `List ${listId}`;
}

const SELECTION_REQUEST = '{listId, selection: {sheetName: "Sheet1", range: "A2:A50"}}';

export function addSelectionToOrganizationList(input: unknown): AddReport {
  const request = readRequest(input, SELECTION_REQUEST);
  const listId = readId(request["listId"], LIST, "listId");
  const prepared = prepareColumn(request["selection"]);
  return sendColumn(listId, listLabel(request, listId), prepared).report;
}

export function createOrganizationList(input: unknown): CreatedList {
  const request = readRequest(input, '{name, selection?: {sheetName: "Sheet1", range: "A2:A50"}}');
  const name = readListName(request["name"]);
  const selection = request["selection"];
  // The column is read before the list exists, so a bad selection leaves no empty list behind.
  const prepared = selection === undefined || selection === null ? null : prepareColumn(selection);
  const created = client().createOrganizationList(name);
  const sent = prepared ? sendColumn(created.id, `List "${created.name}"`, prepared) : null;
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

export interface RenamedList {
  id: number;
  name: string;
}

export function renameOrganizationList(input: unknown): RenamedList {
  const request = readRequest(input, "{listId, name}");
  const listId = readId(request["listId"], LIST, "listId");
  const name = readListName(request["name"]);
  const renamed = listWrite(() => client().renameOrganizationList(listId, name));
  return { id: renamed.id, name: renamed.name };
}

export interface DeletedState {
  id: number;
  deleted: boolean;
}

export function setOrganizationListDeleted(input: unknown): DeletedState {
  const request = readRequest(input, "{listId, deleted: true}");
  const listId = readId(request["listId"], LIST, "listId");
  const deleted = readBoolean(request["deleted"], "deleted");
  const answer = listWrite(() => client().setOrganizationListDeleted(listId, deleted));
  return { id: answer.id, deleted: answer.deleted };
}

export interface SignalsState {
  id: number;
  includeInSignals: boolean;
}

export function setOrganizationListSignals(input: unknown): SignalsState {
  const request = readRequest(input, "{listId, includeInSignals: true}");
  const listId = readId(request["listId"], LIST, "listId");
  const include = readBoolean(request["includeInSignals"], "includeInSignals");
  const answer = listWrite(() => client().setOrganizationListSignals(listId, include));
  return { id: answer.id, includeInSignals: answer.include_in_signals };
}
