// A rule's last run as the Changes sheet keeps it: the rows its report names, read in one range read.

import { fieldLabel } from "../../core/bulk/cells";
import type { WorkbookPort } from "../../core/bulk/sheet-port";
import type { CellChange } from "../../core/changes/change";
import { CHANGE_ROW_HEADERS, CHANGES_SHEET, readChangeRow } from "../../core/changes/change-rows";
import type { RefreshRule } from "../../core/jobs/refresh-rules";
import { fieldKey } from "../../core/organizations/org-fields";

/** The most rows read for one run: past it the sidebar words the first ones and counts the rest. */
export const MAX_CHANGE_ROWS_READ = 5_000;

export interface RunChanges {
  changes: CellChange[];
  /** Rows the run appended that were not read (past MAX_CHANGE_ROWS_READ) or no longer read as changes. */
  unread: number;
}

/** Where a field's values are in the rule's columns, for rows written without their Column. */
function fieldColumns(rule: RefreshRule): (field: string) => number | null {
  const first = rule.outputColumn;
  return (field) => {
    if (first === null) return null;
    const index = rule.request.fields.findIndex(
      (f) =>
        fieldLabel(f) === field ||
        fieldKey(f) === field ||
        (f.kind === "attribute" && `a:${f.name}` === field),
    );
    return index < 0 ? null : first + index;
  };
}

/** The changes of `rule`'s last run; none when it has not run, changed nothing or the sheet is gone. */
export function lastRunChanges(rule: RefreshRule, workbook: WorkbookPort): RunChanges {
  const rows = rule.lastRun?.changeRows;
  if (!rows || rows.last < rows.first) return { changes: [], unread: 0 };
  const total = rows.last - rows.first + 1;
  const sheet = workbook.sheet(CHANGES_SHEET);
  if (!sheet) return { changes: [], unread: total };
  const count = Math.min(total, MAX_CHANGE_ROWS_READ);
  const values = sheet.readValues(rows.first, 1, count, CHANGE_ROW_HEADERS.length);
  const columnOf = fieldColumns(rule);
  const changes: CellChange[] = [];
  for (const row of values) {
    const change = readChangeRow(row, rule.id, columnOf);
    if (change) changes.push(change);
  }
  return { changes, unread: total - changes.length };
}
