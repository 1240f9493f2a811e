// The Refreshes section's view of each rule's last run: what it checked, changed and spent, what moved first.

import { isoTime } from "../../api/words/format";
import { DEFAULT_THRESHOLDS } from "../../core/changes/change";
import { type NotableChange, summarizeChanges } from "../../core/changes/notable";
import type { RefreshRule } from "../../core/jobs/refresh-rules";
import type { WorkbookPort } from "../../core/sheet/port";
import { jobServices } from "../jobs/services";
import { lastRunChanges } from "./changed-cells";

/** Notable changes sent to the sidebar per rule; the rest are counted ("and 40 more"). */
export const NOTABLE_SHOWN = 25;

export interface RefreshRunView {
  ruleId: string;
  /** The rule's threshold for counts, in percent. */
  thresholdPercent: number;
  lastRun: {
    at: string;
    rowsChecked: number;
    rowsBought: number;
    cellsChanged: number;
    credits: number;
    /** Notable changes in words, the first NOTABLE_SHOWN. */
    notable: Array<Pick<NotableChange, "kind" | "organization" | "row" | "words">>;
    notableTotal: number;
    /** Other changed cells (including any the sidebar could not read back from the Changes sheet). */
    others: number;
  } | null;
}

export function thresholdPercent(rule: RefreshRule): number {
  return Math.round((rule.thresholds ?? DEFAULT_THRESHOLDS).countChange * 10_000) / 100;
}

export function runView(rule: RefreshRule, workbook: WorkbookPort): RefreshRunView {
  const report = rule.lastRun ?? null;
  if (!report) return { ruleId: rule.id, thresholdPercent: thresholdPercent(rule), lastRun: null };
  const { changes, unread } = lastRunChanges(rule, workbook);
  const summary = summarizeChanges(changes, rule.thresholds ?? DEFAULT_THRESHOLDS);
  return {
    ruleId: rule.id,
    thresholdPercent: thresholdPercent(rule),
    lastRun: {
      at: isoTime(report.at),
      rowsChecked: report.rowsChecked,
      rowsBought: report.rowsBought,
      cellsChanged: report.cellsChanged,
      credits: report.credits,
      notable: summary.notable
        .slice(0, NOTABLE_SHOWN)
        .map(({ kind, organization, row, words }) => ({ kind, organization, row, words })),
      notableTotal: summary.notable.length,
      others: summary.others + unread,
    },
  };
}

/** Every rule's last run, in the order listRefreshRules gives them. */
export function refreshRuns(): RefreshRunView[] {
  const services = jobServices();
  return services.rules.list().map((rule) => runView(rule, services.workbook));
}
