// What moved in a refresh run, in words: counts past the rule's threshold, categories that changed, and
// technologies or job functions that appeared, ahead of everything else the run changed.

import { ORGANIZATION_ATTRIBUTES } from "../../api/contract";
import { formatCount } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { attributeLabel, attributeValueWords, METRIC_LABELS } from "../organizations/field-names";
import { apiValueWords } from "../text/api-values";
import { RequestError } from "../text/user-errors";
import type { CellChange, NotableThresholds } from "./change";

export type NotableKind = "count" | "category" | "appeared";

export interface NotableChange {
  kind: NotableKind;
  organization: string;
  sheetName: string;
  row: number;
  column: number;
  field: string;
  /** The change in a person's words: "Employee count 1,200 → 1,450 (+21%)", "Started using Snowflake". */
  words: string;
}

export interface ChangeSummary {
  /** The notable changes, in the run's order. */
  notable: NotableChange[];
  /** How many other cells the run changed. */
  others: number;
}

/** Categorical attributes whose every change is worth a look (the organization's kind, life and stage). */
const CATEGORICAL = new Set<string>([
  "industry",
  "status",
  "funding_last_round_type",
  "headquarters_country",
  "account_status",
]);

/** Numbers that are names, not amounts: a new id is not a move by some percent. */
const IDENTIFIER_NUMBERS = new Set<string>(["id", "parent_id"]);

/** List fields whose new members are notable, and how an addition reads. */
const LIST_APPEARED: Record<string, (name: string) => string> = {
  technologies: (name) => `Started using ${name}`,
  job_functions: (name) => `Started hiring for ${name}`,
};

/** Metric entities (spec §2.2) whose first appearance is notable, and how it reads. */
const METRIC_APPEARED: Record<string, (name: string) => string> = {
  technology: (name) => `Started using ${name}`,
  job_function: (name) => `Started hiring for ${name}`,
};

/** The thresholds a person may set, in percent: below 1% every wobble would be notable. */
export const THRESHOLD_MIN_PERCENT = 1;
export const THRESHOLD_MAX_PERCENT = 1000;

/** A per-rule threshold given in percent ("10" or 10), checked; the fraction kept on the rule. */
export function readThresholdPercent(value: unknown): NotableThresholds {
  const number = typeof value === "string" && value.trim() !== "" ? Number(value.trim()) : value;
  if (
    typeof number !== "number" ||
    !Number.isFinite(number) ||
    number < THRESHOLD_MIN_PERCENT ||
    number > THRESHOLD_MAX_PERCENT
  ) {
    throw new RequestError(
      `A count is notable past a change of ${THRESHOLD_MIN_PERCENT}% to ${formatCount(THRESHOLD_MAX_PERCENT)}%; got ${quoteInput(value)}.`,
    );
  }
  return { countChange: Math.round(number * 100) / 10_000 };
}

/** A cell value as a number, when it is one (Sheets may hand back "1,200" for a number typed as text). */
function asNumber(value: CellChange["before"]): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value !== "string") return null;
  const text = value.replace(/,/g, "").trim();
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(text)) return null;
  return Number(text);
}

function isBlank(value: CellChange["before"]): boolean {
  return value === null || value === "";
}

/** A value shown in a sentence: an enumerated value in words, a blank cell as "blank". */
function shown(field: string, value: CellChange["before"]): string {
  if (isBlank(value)) return "blank";
  if (typeof value === "number") return formatCount(value);
  return String(attributeValueWords(field, value));
}

/** A list cell's members ("Python, AWS" → ["Python", "AWS"]). */
function members(value: CellChange["before"]): string[] {
  if (isBlank(value)) return [];
  return String(value)
    .split(/[,;\n]/)
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** The field's words and whether it is a count, for an attribute or a metric key ("m:technology:…"). */
interface FieldShape {
  label: string;
  numeric: boolean;
  /** A metric entity whose first appearance reads as words ("Started using Snowflake"). */
  appeared?: (name: string) => string;
  term?: string;
}

/** The result cache's key shape for a metric: m:<type>:<term>:<metric>:<since>. */
function metricShape(field: string): FieldShape | null {
  const parts = field.split(":");
  if (parts.length < 4 || parts[0] !== "m") return null;
  const [, type = "", term = "", metric = ""] = parts;
  const metricWords = (METRIC_LABELS as Record<string, string>)[metric] ?? apiValueWords(metric);
  const name = apiValueWords(term.replace(/[- ]/g, "_"));
  return { label: `${name}: ${metricWords}`, numeric: true, appeared: METRIC_APPEARED[type], term: name };
}

function fieldShape(field: string): FieldShape {
  const metric = metricShape(field);
  if (metric) return metric;
  const name = field.startsWith("a:") ? field.slice(2) : field;
  const info = (ORGANIZATION_ATTRIBUTES as Record<string, { type: string } | undefined>)[name];
  const numeric = info !== undefined && (info.type === "integer" || info.type === "number");
  return { label: attributeLabel(name), numeric: numeric && !IDENTIFIER_NUMBERS.has(name) };
}

/** A change's field in words, as the Changes sheet's Field column shows it ("Employee count", "Snowflake: Job posts"). */
export function changeFieldLabel(field: string): string {
  return fieldShape(field).label;
}

function attributeName(field: string): string {
  return field.startsWith("a:") ? field.slice(2) : field;
}

/** "+21%" / "−8%": the move rounded to a whole percent, signed. */
function percentWords(fraction: number): string {
  const percent = Math.round(fraction * 100);
  return `${percent >= 0 ? "+" : "−"}${formatCount(Math.abs(percent))}%`;
}

/** Whether a count moved by at least the threshold (compared in whole amounts, so 10% of 1,000 is 100). */
function pastThreshold(before: number, after: number, threshold: number): boolean {
  const moved = Math.abs(after - before);
  const needed = threshold * Math.abs(before);
  return moved >= needed - 1e-9 * Math.max(1, Math.abs(before));
}

/** The words of one change when it is notable, else null. */
function notableWords(change: CellChange, thresholds: NotableThresholds): [NotableKind, string][] {
  const name = attributeName(change.field);
  const appearedList = LIST_APPEARED[name];
  if (appearedList) {
    const before = new Set(members(change.before).map((m) => m.toLowerCase()));
    return members(change.after)
      .filter((m) => !before.has(m.toLowerCase()))
      .map((m) => ["appeared", appearedList(m)]);
  }
  if (CATEGORICAL.has(name)) {
    return [
      ["category", `${attributeLabel(name)} ${shown(name, change.before)} → ${shown(name, change.after)}`],
    ];
  }
  const shape = fieldShape(change.field);
  if (!shape.numeric) return [];
  const before = asNumber(change.before);
  const after = asNumber(change.after);
  if (shape.appeared && shape.term && (before === null || before === 0) && after !== null && after > 0) {
    return [["appeared", shape.appeared(shape.term)]];
  }
  if (before === null || after === null || before === 0 || before === after) return [];
  if (!pastThreshold(before, after, thresholds.countChange)) return [];
  const move = percentWords((after - before) / Math.abs(before));
  return [["count", `${shape.label} ${formatCount(before)} → ${formatCount(after)} (${move})`]];
}

/** A run's changes split into the notable ones, in words, and the count of the rest. */
export function summarizeChanges(
  changes: readonly CellChange[],
  thresholds: NotableThresholds,
): ChangeSummary {
  const notable: NotableChange[] = [];
  let others = 0;
  for (const change of changes) {
    // A cell that changed because another organization sits in its row now, or refilled free from what was
    // bought: nothing moved.
    const found = change.newOrganization || change.filled ? [] : notableWords(change, thresholds);
    if (found.length === 0) {
      others += 1;
      continue;
    }
    for (const [kind, words] of found) {
      notable.push({
        kind,
        words,
        organization: change.organization,
        sheetName: change.sheetName,
        row: change.row,
        column: change.column,
        field: change.field,
      });
    }
  }
  return { notable, others };
}
