// Signals as sheet rows: one row per signal with its suggested contacts flattened into columns, and the
// key that tells a signal already in the sheet from a new one (its id, or what identifies it without one).
import type { Signal } from "../../api/contract";
import { cellText } from "../../core/sheet/cells";
import type { CellValue } from "../../core/sheet/port";
import type { HeaderCell } from "../../core/sheet/values";
import { API_VALUE_NOTE, apiValueWords } from "../../core/text/api-values";

/** Suggested contacts flattened per signal: enough to act on, few enough to keep rows readable. */
export const CONTACT_COLUMNS = 3;

interface Column {
  header: string;
  value: (signal: Signal) => CellValue;
  /** The header's note: the API field, for a column whose enumerated values are shown in words. */
  note?: string;
}

const text = (value: string | null | undefined): CellValue => cellText(value ?? "");
const num = (value: number | null | undefined): CellValue => value ?? "";
/** An enumerated value in words ("technology_recent_hires" → "Technology recent hires"). */
const words = (value: string | null | undefined): CellValue => text(value ? apiValueWords(value) : value);
const wordsNote = (field: string) => `${field}\n${API_VALUE_NOTE}`;
/** The API's spelling of a value a sheet shows in words (or already spelt so): keys match either way. */
const apiSpelling = (value: unknown): unknown =>
  typeof value === "string" ? value.trim().toLowerCase().replace(/\s+/g, "_") : value;

/** Dates go in as dates (so the column sorts); text the clock cannot read stays text. */
function dateCell(iso: string): CellValue {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? cellText(iso) : new Date(time);
}

function contactColumns(index: number): Column[] {
  const person = (s: Signal) => s.suggested_contacts?.people[index];
  const n = index + 1;
  return [
    { header: `Contact ${n}`, value: (s) => text(person(s)?.name) },
    { header: `Contact ${n} title`, value: (s) => text(person(s)?.title) },
    { header: `Contact ${n} LinkedIn`, value: (s) => text(person(s)?.linkedin_url) },
    { header: `Contact ${n} person id`, value: (s) => num(person(s)?.person_id) },
    { header: `Contact ${n} score`, value: (s) => num(person(s)?.score) },
  ];
}

export const SIGNAL_ID_HEADER = "Signal id";

const COLUMNS: Column[] = [
  { header: SIGNAL_ID_HEADER, value: (s) => num(s.signal_id) },
  { header: "Date", value: (s) => dateCell(s.date) },
  { header: "Title", value: (s) => text(s.title) },
  { header: "Subtitle", value: (s) => text(s.subtitle) },
  { header: "Signal", value: (s) => text(s.display_type) },
  { header: "Type", value: (s) => words(s.type), note: wordsNote("type") },
  { header: "Priority", value: (s) => text(s.priority) },
  { header: "Organization id", value: (s) => num(s.organization_id) },
  { header: "Organization", value: (s) => text(s.organization_name) },
  { header: "Person id", value: (s) => num(s.person_id) },
  { header: "Job post id", value: (s) => num(s.job_post_id) },
  { header: "Job function", value: (s) => text(s.job_function) },
  { header: "Location", value: (s) => text(s.location) },
  { header: "Technologies", value: (s) => text(s.matched_technologies?.map((t) => t.name).join(", ")) },
  { header: "Config id", value: (s) => num(s.signal_config_id) },
  { header: "Config", value: (s) => text(s.signal_config_name) },
  { header: "Account status", value: (s) => words(s.account_status), note: wordsNote("account_status") },
  { header: "Explanation", value: (s) => text(s.explanation) },
  { header: "Sales angle", value: (s) => text(s.sales_angle) },
  { header: "LinkedIn", value: (s) => text(s.linkedin_url) },
  { header: "Link", value: (s) => text(s.service_url) },
  ...Array.from({ length: CONTACT_COLUMNS }, (_v, i) => contactColumns(i)).flat(),
  { header: "All suggested contacts", value: (s) => text(s.suggested_contacts?.service_url) },
];

export const SIGNAL_HEADER: readonly string[] = COLUMNS.map((column) => column.header);

/** The header as a new feed sheet writes it, with the notes of the columns shown in words. */
export const SIGNAL_HEADER_CELLS: readonly HeaderCell[] = COLUMNS.map((column) => ({
  label: column.header,
  note: column.note ?? "",
}));

export function signalRow(signal: Signal): CellValue[] {
  return COLUMNS.map((column) => column.value(signal));
}

function isoOf(value: unknown): string {
  if (Object.prototype.toString.call(value) === "[object Date]") return (value as Date).toISOString();
  const time = Date.parse(String(value));
  return Number.isNaN(time) ? String(value) : new Date(time).toISOString();
}

function compositeKey(parts: unknown[]): string {
  return `k:${parts.map((part) => String(part ?? "")).join("|")}`;
}

/** The signal's id; without one (the real service's examples omit it), what identifies it instead. */
export function signalKey(signal: Signal): string {
  if (signal.signal_id !== null && signal.signal_id !== undefined) return `id:${signal.signal_id}`;
  return compositeKey([
    isoOf(signal.date),
    signal.organization_id,
    signal.title,
    apiSpelling(signal.type),
    signal.person_id,
    signal.job_post_id,
  ]);
}

/**
 * The key of a row already in a feed sheet, read by header so columns moved by the user still count;
 * null for a row that is not a signal (blank, or the header missing).
 */
export function rowKey(row: readonly unknown[], header: readonly unknown[]): string | null {
  const at = (name: string) => {
    const index = header.indexOf(name);
    return index < 0 ? "" : row[index];
  };
  const id = at(SIGNAL_ID_HEADER);
  if (typeof id === "number" || (typeof id === "string" && /^\d+$/.test(id.trim()))) {
    return `id:${Number(id)}`;
  }
  const date = at("Date");
  if (date === "" || date === null || date === undefined) return null;
  const blankToEmpty = (value: unknown) => (value === "" ? "" : value);
  return compositeKey([
    isoOf(date),
    blankToEmpty(at("Organization id")),
    at("Title"),
    apiSpelling(at("Type")),
    blankToEmpty(at("Person id")),
    blankToEmpty(at("Job post id")),
  ]);
}
