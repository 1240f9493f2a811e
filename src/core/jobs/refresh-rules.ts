// Scheduled refresh rules: a bulk enrichment saved with a frequency, and when it is next due.

import { quoteInput } from "../../api/words/quote-input";
import type { BulkRequest } from "../bulk/request";
import type { NotableThresholds, RefreshRunReport } from "../changes/change";
import { columnRangeA1 } from "../sheet/a1";
import { RequestError } from "../text/user-errors";
import type { ChunkedStore } from "./chunked-store";
import type { Home } from "./job";

export const FREQUENCIES = ["hourly", "daily", "weekly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

export const PERIOD_MS: Record<Frequency, number> = {
  hourly: 60 * 60_000,
  daily: 24 * 60 * 60_000,
  weekly: 7 * 24 * 60 * 60_000,
};

export const RULE_PREFIX = "rule:";
/** Each rule costs trigger time and storage; a sheet rarely needs more. */
export const MAX_RULES = 20;

export interface RefreshRule {
  id: string;
  request: BulkRequest;
  frequency: Frequency;
  createdAt: number;
  nextRunAt: number;
  /** The first column the rule writes; for "new-columns" it is fixed by the rule's first run. */
  outputColumn: number | null;
  lastRunAt: number | null;
  lastCredits: number | null;
  lastResult: string | null;
  /** The job of the latest run. */
  jobId: string | null;
  /** Whose executions run it, with their key: absent in rules saved before it existed. */
  ownerId?: string;
  /** Each run buys only rows added or whose identifier was edited since the last run (absent: every row). */
  newRowsOnly?: boolean;
  /** What counts as notable in this rule's changes (absent: DEFAULT_THRESHOLDS). */
  thresholds?: NotableThresholds;
  /** Saved from a finished run, whose row prints it kept at once (absent: its first run keeps them). */
  printsKept?: boolean;
  /** What the latest finished run did (absent before the first run, and in rules saved before it existed). */
  lastRun?: RefreshRunReport;
  /** Where it was saved (see home.ts): absent in rules saved before it existed. */
  home?: Home;
}

/** A rule as saved: due a period from now, never run; the options it was saved with, or none. */
export function newRefreshRule(saved: {
  id: string;
  request: BulkRequest;
  frequency: Frequency;
  now: number;
  outputColumn: number | null;
  ownerId: string;
  newRowsOnly: boolean;
  thresholds: NotableThresholds | undefined;
  /** Saved from a finished run, whose row prints were kept with it. */
  printsKept: boolean;
}): RefreshRule {
  return {
    id: saved.id,
    request: saved.request,
    frequency: saved.frequency,
    createdAt: saved.now,
    nextRunAt: saved.now + PERIOD_MS[saved.frequency],
    outputColumn: saved.outputColumn,
    lastRunAt: null,
    lastCredits: null,
    lastResult: null,
    jobId: null,
    ownerId: saved.ownerId,
    ...(saved.newRowsOnly ? { newRowsOnly: true } : {}),
    ...(saved.thresholds ? { thresholds: saved.thresholds } : {}),
    ...(saved.printsKept ? { printsKept: true } : {}),
  };
}

/** The key of a rule's row prints (see row-prints.ts) in the add-on's hidden prints sheet. */
export const PRINTS_PREFIX = "prints:";

/**
 * Whether the rule has row prints to lose: kept by its last run, or at its saving from a finished run. A
 * rule that has them and finds none lost them (its prints are rebuilt), not one that never had any.
 */
export function hasKeptPrints(rule: Pick<RefreshRule, "lastRunAt" | "printsKept">): boolean {
  return rule.lastRunAt !== null || rule.printsKept === true;
}

export function readFrequency(value: unknown): Frequency {
  if (typeof value === "string" && (FREQUENCIES as readonly string[]).includes(value))
    return value as Frequency;
  if (value === undefined || value === null || value === "")
    throw new RequestError(`Choose how often to refresh: ${FREQUENCIES.join(", ")}.`);
  throw new RequestError(`Unknown frequency ${quoteInput(value)}. Use one of: ${FREQUENCIES.join(", ")}.`);
}

/** The first run time after `from` on the rule's period (runs that were missed are not made up). */
export function nextRunAfter(rule: Pick<RefreshRule, "nextRunAt" | "frequency">, from: number): number {
  const period = PERIOD_MS[rule.frequency];
  if (rule.nextRunAt > from) return rule.nextRunAt;
  return rule.nextRunAt + (Math.floor((from - rule.nextRunAt) / period) + 1) * period;
}

export function isDue(rule: RefreshRule, now: number, jobActive: (jobId: string) => boolean): boolean {
  return rule.nextRunAt <= now && !(rule.jobId !== null && jobActive(rule.jobId));
}

/** Whether two requests read rows in common on one sheet (an open-ended range runs to the sheet's end). */
function rowsOverlap(a: BulkRequest, b: BulkRequest): boolean {
  if (a.sheetName !== b.sheetName) return false;
  const aLast = a.range.lastRow ?? Number.POSITIVE_INFINITY;
  const bLast = b.range.lastRow ?? Number.POSITIVE_INFINITY;
  return a.range.firstRow <= bLast && b.range.firstRow <= aLast;
}

/**
 * The saved rule whose rows `request` would refresh again, if any: each rule buys its rows once a period,
 * so a second rule over any of them buys those rows twice (and an hourly rule's runs keep a daily one over
 * the same cells from ever starting).
 */
export function overlappingRule(rules: readonly RefreshRule[], request: BulkRequest): RefreshRule | null {
  return rules.find((rule) => rowsOverlap(rule.request, request)) ?? null;
}

/** The refusal of a second rule over `rule`'s rows: which rule, on what schedule, and what to do instead. */
export function overlappingRuleMessage(rule: RefreshRule): string {
  const range = `${rule.request.sheetName}!${columnRangeA1(rule.request.range)}`;
  return `${range} already has a scheduled refresh over these rows (${rule.frequency}): a second one would buy them again. Change that one instead: delete it in More ▸ Scheduled refreshes, then save the schedule you want.`;
}

export class RuleStore {
  /** `home`: the spreadsheet the store belongs to, written on a rule saved without one (see home.ts). */
  constructor(
    private readonly store: ChunkedStore,
    private readonly home?: () => Home,
  ) {}

  list(): RefreshRule[] {
    return this.store
      .readAll<RefreshRule>(RULE_PREFIX)
      .map((r) => r.value)
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  get(id: string): RefreshRule | null {
    return this.store.read<RefreshRule>(RULE_PREFIX + id);
  }

  put(rule: RefreshRule): void {
    if (this.home && !rule.home) rule.home = this.home();
    this.store.write(RULE_PREFIX + rule.id, rule);
  }

  remove(id: string): void {
    this.store.remove(RULE_PREFIX + id);
  }
}
