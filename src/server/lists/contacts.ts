// Contact lists from the sidebar: browse, import one into a new sheet (contact details when the service
// has them), create one, and add a selected column of person ids (counted added / already on the list).
import type { ContactListPerson, ContactListSummary } from "../../api/contract";
import { LIMITS } from "../../api/contract";
import { estimateListRead } from "../../api/pricing";
import { formatCount, plural } from "../../api/words/format";
import { columnRangeA1 } from "../../core/sheet/a1";
import { cellText } from "../../core/sheet/cells";
import type { CellValue } from "../../core/sheet/port";
import { RequestError } from "../../core/text/user-errors";
import { activeWorkbook } from "../../platform/spreadsheet";
import { makeClient } from "../runtime";
import { readColumnRef, readId, readListName, readRequest } from "../sidebar/args";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";
import { isBlankCell, readIdCell } from "../sidebar/cells";
import { type Spent, settlePaid } from "../sidebar/paid-log";
import { type ImportedSheet, namedSheetBase, writeNewSheet } from "../sidebar/result-sheets";
import { readColumnCells } from "../sidebar/selection";
import { rememberListsRead } from "./read-memory";

export interface ContactListView {
  id: number;
  name: string;
  url: string;
  count: number;
  /** What importing it costs: 1 credit per person. */
  importCredits: number;
}

export interface ContactListsView extends Spent {
  lists: ContactListView[];
}

export interface CreatedContactList {
  id: number;
  name: string;
  url: string;
}

export interface ContactsAdded {
  added: number;
  alreadyOnList: number;
  /** Cells that hold something other than a person id; they are not sent. */
  skipped: number;
  message: string;
}

export const CONTACT_HEADER = [
  "Person id",
  "Name",
  "Job title",
  "Job function",
  "Organization id",
  "Organization",
  "LinkedIn",
  "Link",
];
export const CONTACT_INFO_HEADER = ["E-mails", "Phone"];

const client = () => makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS });
const LIST = "a contact list";

function view(list: ContactListSummary): ContactListView {
  return {
    id: list.id,
    name: list.name,
    url: list.url,
    count: list.people_count,
    importCredits: estimateListRead(list.people_count).credits,
  };
}

function personRow(person: ContactListPerson, withContactInfo: boolean): CellValue[] {
  const text = (value: string | null | undefined) => cellText(value ?? "");
  const row: CellValue[] = [
    typeof person.id === "number" ? person.id : text(person.id),
    text(person.name),
    text(person.job_title),
    text(person.job_function_name),
    person.organization_id ?? "",
    text(person.organization_name),
    text(person.linkedin_url),
    text(person.url),
  ];
  if (withContactInfo) {
    row.push(text(person.contact_info?.emails.join(", ")), text(person.contact_info?.phone));
  }
  return row;
}

export function getContactLists(): ContactListsView {
  const response = client().contactLists();
  const lists = response.contact_lists.map(view);
  const spent = settlePaid(activeWorkbook(), {
    action: "Read contact lists",
    rows: lists.length,
    creditsUsed: response.credits_used,
    creditsRemaining: response.credits_remaining,
    result: `${plural(lists.length, "list")} read.`,
  });
  rememberListsRead("contact", lists.length);
  return { lists, ...spent };
}

export function importContactList(input: unknown): ImportedSheet {
  const request = readRequest(input, "{listId}");
  const listId = readId(request["listId"], LIST, "listId");
  const response = client().contactList(listId);
  const workbook = activeWorkbook();
  const name = response.list_info.name;
  // E-mail and phone columns only when the service has contact details for someone on the list.
  const withContactInfo = response.people.some((person) => person.contact_info);
  const header = withContactInfo ? [...CONTACT_HEADER, ...CONTACT_INFO_HEADER] : CONTACT_HEADER;
  const sheetName = writeNewSheet(
    workbook,
    namedSheetBase("Contacts", name),
    header,
    response.people.map((person) => personRow(person, withContactInfo)),
  ).name;
  const rows = response.people.length;
  const message = `${plural(rows, "person", "people")} of "${name}" written to "${sheetName}".`;
  const spent = settlePaid(workbook, {
    action: `Import contact list "${name}"`,
    rows,
    creditsUsed: response.credits_used,
    creditsRemaining: response.credits_remaining,
    result: message,
  });
  return { sheetName, rows, message, ...spent };
}

export function createContactList(input: unknown): CreatedContactList {
  const request = readRequest(input, "{name}");
  const name = readListName(request["name"]);
  const created = client().createContactList(name);
  return { id: created.id, name: created.name, url: created.url };
}

export function noPersonIdsMessage(where: string): string {
  return `Nothing to add: ${where} holds no person ids.`;
}

export function tooManyPeopleMessage(count: number): string {
  return `Add at most ${formatCount(LIMITS.listMax)} people at a time; the selection has ${formatCount(count)} person ids.`;
}

export function addSelectionToContactList(input: unknown): ContactsAdded {
  const request = readRequest(input, '{listId, selection: {sheetName: "Sheet1", range: "A2:A50"}}');
  const listId = readId(request["listId"], LIST, "listId");
  const ref = readColumnRef(request["selection"]);
  const cells = readColumnCells(ref);
  const ids = new Set<number>();
  let skipped = 0;
  for (const value of cells.values) {
    if (isBlankCell(value)) continue;
    const id = readIdCell(value);
    if (id === null) skipped++;
    else ids.add(id);
  }
  if (ids.size === 0) throw new RequestError(noPersonIdsMessage(`${ref.sheetName}!${columnRangeA1(ref)}`));
  // The service adds all of a request or none of it, so the whole column goes in one request.
  if (ids.size > LIMITS.listMax) throw new RequestError(tooManyPeopleMessage(ids.size));
  const answer = client().addContacts(listId, [...ids]);
  const parts = [`${plural(answer.added, "person", "people")} added`];
  parts.push(`${formatCount(answer.already_on_list)} already on the list`);
  if (skipped) parts.push(`${plural(skipped, "cell")} skipped (not person ids)`);
  return {
    added: answer.added,
    alreadyOnList: answer.already_on_list,
    skipped,
    message: `${parts.join(", ")}.`,
  };
}
