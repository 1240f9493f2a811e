// A rule's last run as the Changes sheet keeps it: the rows its report names, read in one range read.

import type { CellChange } from "../../core/changes/change";
import { readChangeRow, ruleFields } from "../../core/changes/change-rows";
import { CHANGES_HEADER, CHANGES_SHEET } from "../../core/changes/change-sheet";
import type { RefreshRule } from "../../core/jobs/refresh-rules";
import type { WorkbookPort } from "../../core/sheet/port";

/** The most rows read for one run: past it the sidebar words the first ones and counts the rest. */
export const MAX_CHANGE_ROWS_READ = 5_000;

export interface RunChanges {
  changes: CellChange[];
  /** Rows the run appended that were not read (past MAX_CHANGE_ROWS_READ) or no longer read as changes. */
  unread: number;
}

/** The changes of `rule`'s last run; none when it has not run, changed nothing or the sheet is gone. */
export function lastRunChanges(rule: RefreshRule, workbook: WorkbookPort): RunChanges {
  const rows = rule.lastRun?.changeRows;
  if (!rows || rows.last < rows.first) return { changes: [], unread: 0 };
  const total = rows.last - rows.first + 1;
  const sheet = workbook.sheet(CHANGES_SHEET);
  if (!sheet) return { changes: [], unread: total };
  const count = Math.min(total, MAX_CHANGE_ROWS_READ);
  const values = sheet.readValues(rows.first, 1, count, CHANGES_HEADER.length);
  const fieldOf = ruleFields(rule.request.fields, rule.outputColumn);
  const changes: CellChange[] = [];
  for (const row of values) {
    const change = readChangeRow(row, rule.id, fieldOf);
    if (change) changes.push(change);
  }
  return { changes, unread: total - changes.length };
}
