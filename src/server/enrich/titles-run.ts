// Maps a column of job titles to job function and job level columns: distinct titles looked up once
// through the formulas' cached lookup (1 credit per 100 matched), then one setValues for the whole block
// (one per run of empty cells when the columns were already there, whose filled cells are kept).

import { formatCount, plural } from "../../api/words/format";
import { cellValue } from "../../core/organizations/org-fields";
import { cellText } from "../../core/sheet/cells";
import type { CellValue } from "../../core/sheet/port";
import { SpendGuard, type StringStore } from "../../core/spending/spend-guard";
import type { FormulaEnv } from "../../functions/formula-env";
import { lookupTitles } from "../../functions/lookups";
import { activeWorkbook } from "../../platform/spreadsheet";
import { formatDay, today, zonedMidnight } from "../../platform/spreadsheet-time";
import { formulaIntents, makeClient, resultCache } from "../runtime";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";
import type { CreditsView } from "../sidebar/credits-record";
import { settlePaid } from "../sidebar/paid-log";
import { planTitles, TITLE_LABELS, type TitlePlan } from "./titles-plan";

export interface TitleMappingResult {
  sheetName: string;
  outputRange: string;
  rows: number;
  matched: number;
  unmatched: number;
  unreadable: number;
  /** Filled cells of the columns already there, left as they were. */
  kept: number;
  /** Rows whose title an unsettled earlier request may have bought: not looked up again by this run. */
  held: number;
  creditsUsed: number;
  credits: CreditsView | null;
  message: string;
}

function memoryStore(): StringStore {
  const values = new Map<string, string>();
  return { get: (key) => values.get(key) ?? null, put: (key, value) => void values.set(key, value) };
}

/**
 * The lookup's environment: the formulas' cache and a client, and a guard that only counts. The formula
 * spend guard is not applied: the person chose this spend in the sidebar after seeing its estimate.
 */
function sidebarEnv(): { env: FormulaEnv; tally: SpendGuard } {
  const tally = new SpendGuard({
    settings: { killSwitch: false, dailyCap: null },
    store: memoryStore(),
    today,
  });
  let client: ReturnType<typeof makeClient> | null = null;
  return {
    tally,
    env: {
      // Paid answers wait for the cache's lock as long as this call's budget allows (see ResultCache.put).
      cache: resultCache(undefined, undefined, { writeDeadline: Date.now() + SIDEBAR_CALL_BUDGET_MS }),
      client: () => (client ??= makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS })),
      guard: () => tally,
      intents: () => formulaIntents(),
      formatDay,
      day: zonedMidnight,
    },
  };
}

/** The run's sentence for rows held back: how many, and where each says why. */
export function heldMessage(rows: number): string {
  return `${plural(rows, "row")} not looked up: an earlier request for ${rows === 1 ? "its title" : "their titles"} has no answer yet (see ${rows === 1 ? "its" : "their"} Job function cell).`;
}

/** " 2 filled cells kept as they were." after the run's sentence, or nothing. */
export function keptSentence(kept: number): string {
  return kept > 0 ? ` ${plural(kept, "filled cell")} kept as ${kept === 1 ? "it was" : "they were"}.` : "";
}

/**
 * Writes the rows' values: one block when both columns are new; else, per column, each run of cells
 * that were empty (a new column's label included), so nothing already in a cell is replaced.
 */
export function writeTitleValues(
  plan: Pick<TitlePlan, "target" | "labelsRow" | "sheet" | "column">,
  rows: CellValue[][],
): void {
  const { target, labelsRow, sheet } = plan;
  const first = plan.column.firstDataRow;
  if (target.existing[0] === null && target.existing[1] === null) {
    const block = labelsRow === null ? rows : [[...TITLE_LABELS], ...rows];
    sheet.writeValues(labelsRow ?? first, target.columns[0], block);
    return;
  }
  target.columns.forEach((column, c) => {
    const cells: { row: number; value: CellValue | null }[] = rows.map((line, r) => ({
      row: first + r,
      value: target.filled[r]?.[c] ? null : (line[c] ?? ""),
    }));
    if (target.existing[c] === null && labelsRow !== null)
      cells.unshift({ row: labelsRow, value: TITLE_LABELS[c] ?? "" });
    let run: CellValue[][] = [];
    let start = 0;
    const flush = () => {
      if (run.length > 0) sheet.writeValues(start, column, run);
      run = [];
    };
    for (const cell of cells) {
      if (cell.value === null) {
        flush();
        continue;
      }
      if (run.length === 0) start = cell.row;
      run.push([cell.value]);
    }
    flush();
  });
}

export function mapJobTitles(input: unknown): TitleMappingResult {
  const plan = planTitles(input);
  const { env, tally } = sidebarEnv();
  const { found, held } = lookupTitles(env, [...plan.titles.values()]);
  const creditsUsed = tally.spentToday();
  let matched = 0;
  let unmatched = 0;
  let unreadable = 0;
  let heldRows = 0;
  const rows: CellValue[][] = plan.column.reads.map((read, r) => {
    if (read.kind === "blank") return ["", ""];
    // Both cells kept: the title was not looked up for this row.
    if (plan.target.filled[r]?.[0] && plan.target.filled[r]?.[1]) return ["", ""];
    if (read.kind === "invalid") {
      unreadable++;
      return ["", ""];
    }
    // Its function cell says why, in the formulas' words; its level cell stays empty.
    const why = held.get(read.key);
    if (why !== undefined) {
      heldRows++;
      return [why, ""];
    }
    const hit = found.get(read.key);
    if (!hit?.matched) {
      unmatched++;
      return ["", ""];
    }
    matched++;
    return [cellText(cellValue(hit.values["function"])), cellText(cellValue(hit.values["level"]))];
  });
  writeTitleValues(plan, rows);

  const message =
    `Mapped ${plural(plan.column.summary.rows, "row")} into ${plan.outputRange}: ${formatCount(matched)} matched, ` +
    `${formatCount(unmatched)} not recognised, for ${plural(creditsUsed, "credit")}.` +
    keptSentence(plan.target.kept) +
    (heldRows > 0 ? ` ${heldMessage(heldRows)}` : "");
  // Titles all answered from the cache cost nothing and send nothing: there is no charge to log.
  const remaining = creditsUsed > 0 ? env.client().creditsRemaining : null;
  const credits =
    remaining === null
      ? null
      : settlePaid(activeWorkbook(), {
          action: `Job title mapping ${plan.sheet.name}!${plan.dataRange}`,
          rows: plan.column.summary.rows,
          creditsUsed,
          creditsRemaining: remaining,
          result: message,
        }).credits;
  return {
    sheetName: plan.sheet.name,
    outputRange: plan.outputRange,
    rows: plan.column.summary.rows,
    matched,
    unmatched,
    unreadable,
    kept: plan.target.kept,
    held: heldRows,
    creditsUsed,
    credits,
    message,
  };
}
