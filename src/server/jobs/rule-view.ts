// A scheduled refresh as the sidebar shows it, and the readers of a rule's options and id.

import { isoTime } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import type { BulkRequest } from "../../core/bulk/request";
import { DEFAULT_THRESHOLDS, type NotableThresholds, type RefreshRunReport } from "../../core/changes/change";
import { copiedFrom } from "../../core/jobs/home";
import type { Frequency, RefreshRule } from "../../core/jobs/refresh-rules";
import { columnRangeA1 } from "../../core/sheet/a1";
import { fieldLabel } from "../../core/sheet/cells";
import { RequestError } from "../../core/text/user-errors";
import { formatMoment } from "../../platform/spreadsheet-time";
import { isRecord } from "../sidebar/args";
import { fieldHeader } from "../sidebar/headers";

export interface RuleView {
  ruleId: string;
  sheetName: string;
  inputRange: string;
  /** The fields by their API names, and as the columns' headers name them ("Employee count"). */
  fields: string[];
  fieldLabels: string[];
  mode: BulkRequest["output"]["mode"];
  frequency: Frequency;
  nextRunAt: string;
  /** When it runs next, as the sidebar says it: "2026-11-28 20:17 (Los Angeles)". */
  nextRunText: string;
  lastRunAt: string | null;
  lastCredits: number | null;
  lastResult: string | null;
  newRowsOnly: boolean;
  thresholds: NotableThresholds;
  lastRun: RefreshRunReport | null;
  /**
   * The name of the spreadsheet this rule was copied from (File ▸ Make a copy), or null: a copied rule
   * does not run here until someone resumes it here (`updateRefreshRule({ruleId, resumeHere: true})`).
   */
  copiedFrom: string | null;
}

export function view(rule: RefreshRule, here: string): RuleView {
  return {
    ruleId: rule.id,
    sheetName: rule.request.sheetName,
    inputRange: columnRangeA1(rule.request.range),
    fields: rule.request.fields.map(fieldLabel),
    fieldLabels: rule.request.fields.map((field) => fieldHeader(field).label),
    mode: rule.request.output.mode,
    frequency: rule.frequency,
    nextRunAt: isoTime(rule.nextRunAt),
    nextRunText: formatMoment(rule.nextRunAt),
    lastRunAt: rule.lastRunAt === null ? null : isoTime(rule.lastRunAt),
    lastCredits: rule.lastCredits,
    lastResult: rule.lastResult,
    newRowsOnly: rule.newRowsOnly === true,
    thresholds: rule.thresholds ?? DEFAULT_THRESHOLDS,
    lastRun: rule.lastRun ?? null,
    copiedFrom: copiedFrom(rule, here),
  };
}

/** "new rows only": absent or a boolean. */
export function readNewRowsOnly(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== "boolean") {
    throw new RequestError(`"newRowsOnly" must be true or false; got ${quoteInput(value)}.`);
  }
  return value;
}

/** Thresholds: absent (the defaults) or {countChange} as a fraction between 0 and 10 (0.1 is ±10%). */
export function readThresholds(value: unknown): NotableThresholds | undefined {
  if (value === undefined || value === null) return undefined;
  const change = isRecord(value) ? value["countChange"] : undefined;
  if (typeof change !== "number" || !Number.isFinite(change) || change <= 0 || change > 10) {
    throw new RequestError(
      `The threshold for counts must be a fraction above 0 and at most 10 (0.1 is ±10%); got ${quoteInput(change ?? value)}.`,
    );
  }
  return { countChange: change };
}

export function readRuleId(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "")
    throw new RequestError("Give the id of a scheduled refresh (ruleId).");
  return value.trim();
}

export function unknownRule(id: string): RequestError {
  return new RequestError(`There is no scheduled refresh ${quoteInput(id)} in this spreadsheet.`);
}
