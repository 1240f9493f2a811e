// Turns search results of any shape into a sheet table: nested objects become "parent.child" columns,
// lists are joined with ", " (a list of objects by each one's name), every field the service sent gets
// a column, and text that Sheets would read as a formula is written as text.
import { cellText } from "../../core/sheet/cells";
import type { CellValue } from "../../core/sheet/port";

export interface Table {
  header: string[];
  rows: CellValue[][];
}

/** Keys that name an object in a list, in order of preference. */
const NAME_KEYS = ["name", "title", "slug", "term", "value"] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function itemText(item: unknown): string {
  if (item === null || item === undefined) return "";
  if (typeof item === "string" || typeof item === "number" || typeof item === "boolean") return String(item);
  if (Array.isArray(item)) return item.map(itemText).filter(Boolean).join(", ");
  if (isRecord(item)) {
    for (const key of NAME_KEYS) {
      const named = item[key];
      if (typeof named === "string" || typeof named === "number") return String(named);
    }
    return JSON.stringify(item);
  }
  return String(item);
}

/** One record as column → value; `prefix` is the path of the object it sits in. */
export function flattenRecord(value: Record<string, unknown>, prefix = ""): Map<string, CellValue> {
  const cells = new Map<string, CellValue>();
  for (const [key, item] of Object.entries(value)) {
    const column = `${prefix}${key}`;
    if (isRecord(item)) {
      for (const [inner, cell] of flattenRecord(item, `${column}.`)) cells.set(inner, cell);
    } else if (Array.isArray(item)) {
      cells.set(column, cellText(item.map(itemText).filter(Boolean).join(", ")));
    } else if (item === null || item === undefined) {
      cells.set(column, "");
    } else if (typeof item === "string" || typeof item === "number" || typeof item === "boolean") {
      cells.set(column, cellText(item));
    } else {
      cells.set(column, cellText(String(item)));
    }
  }
  return cells;
}

export interface TableOrder {
  /** Columns placed first, in this order, when present (ids and names). */
  leading?: readonly string[];
  /** Columns placed last (links). */
  trailing?: readonly string[];
  /** Columns that appear even when no record has them (asked for, but the service left them out). */
  always?: readonly string[];
}

/** Every column any record has, in first-seen order between the leading and trailing ones. */
export function toTable(records: readonly Record<string, unknown>[], order: TableOrder = {}): Table {
  const flat = records.map((record) => flattenRecord(record));
  const seen = new Set<string>(order.always ?? []);
  for (const cells of flat) for (const column of cells.keys()) seen.add(column);
  const leading = (order.leading ?? []).filter((c) => seen.has(c));
  const trailing = (order.trailing ?? []).filter((c) => seen.has(c) && !leading.includes(c));
  const middle = [...seen].filter((c) => !leading.includes(c) && !trailing.includes(c));
  const header = [...leading, ...middle, ...trailing];
  return { header, rows: flat.map((cells) => header.map((column) => cells.get(column) ?? "")) };
}
