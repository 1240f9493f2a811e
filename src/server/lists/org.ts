// Organization lists from the sidebar: browse (deleted ones on request), import one into a new sheet,
// rename, delete and restore, and whether a list feeds the signal feed.
import type { OrganizationListMember, OrganizationListSummary } from "../../api/contract";
import { estimateListRead } from "../../api/pricing";
import { plural } from "../../api/words/format";
import { bareDomain } from "../../core/organizations/identifiers";
import { cellText } from "../../core/sheet/cells";
import type { CellValue } from "../../core/sheet/port";
import { apiValueWords } from "../../core/text/api-values";
import { activeWorkbook } from "../../platform/spreadsheet";
import { makeClient } from "../runtime";
import { readBoolean, readId, readListName, readOptionalBoolean, readRequest } from "../sidebar/args";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";
import { type Spent, settlePaid } from "../sidebar/paid-log";
import { type ImportedSheet, namedSheetBase, writeNewSheet } from "../sidebar/result-sheets";
import { rememberListsRead } from "./read-memory";
import { listWrite } from "./refusal";

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

export function organizationListView(list: OrganizationListSummary): OrganizationListView {
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
    // Bare, as Find writes domains; the status in the words the Signals sheet uses ("Not in CRM").
    member.url ? cellText(bareDomain(member.url)) : "",
    member.employee_count ?? "",
    member.account_status ? cellText(apiValueWords(member.account_status)) : "",
    text(member.service_url),
    text(member.crm_url),
  ];
}

export function getOrganizationLists(input: unknown): OrganizationListsView {
  const request = input === undefined || input === null ? {} : readRequest(input, "{includeDeleted: false}");
  const includeDeleted = readOptionalBoolean(request["includeDeleted"], "includeDeleted");
  const response = client().organizationLists(includeDeleted);
  const lists = response.organization_lists.map(organizationListView);
  const spent = settlePaid(activeWorkbook(), {
    action: includeDeleted ? "Read organization lists (deleted ones too)" : "Read organization lists",
    rows: lists.length,
    creditsUsed: response.credits_used,
    creditsRemaining: response.credits_remaining,
    result: `${plural(lists.length, "list")} read.`,
  });
  rememberListsRead("organization", lists.filter((list) => !list.deleted).length);
  return { lists, ...spent };
}

export function importOrganizationList(input: unknown): ImportedSheet {
  const request = readRequest(input, "{listId}");
  const listId = readId(request["listId"], LIST, "listId");
  // A deleted list shown with "show deleted" imports like any other.
  const response = client().organizationList(listId, true);
  const workbook = activeWorkbook();
  const name = response.list_info.name;
  const sheetName = writeNewSheet(
    workbook,
    namedSheetBase("List", name),
    ORGANIZATION_LIST_HEADER,
    response.organizations.map(memberRow),
  ).name;
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
