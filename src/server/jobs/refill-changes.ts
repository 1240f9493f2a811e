// The cells a refresh refills free in other runs' blocks over its rows, listed in "Changes" as their own kind.

import type { ChangedCell } from "../../core/bulk/runner";
import { recordValue } from "../../core/changes/change-sheet";
import { fieldWords } from "../../core/organizations/field-names";
import { isEmptyCell } from "../../core/sheet/cells";
import type { CellValue, WorkbookPort } from "../../core/sheet/port";
import { changeLog } from "./refresh-changes";
import type { RefilledCell } from "./refresh-others";

/**
 * Collects refillOtherBlocks' cells (`cell`) that held a value as changes of rule `ruleId`'s run at `at`,
 * identifiers from `inputs` (the rows as typed); `flush` appends them to "Changes" before the run's own,
 * Why "Filled free from what was bought" (never notable). They stay out of the run's report (its changed
 * cells and Changes rows): its "Select changed cells" places a row by the rule's own columns, and these are
 * another block's.
 */
export function refillChanges(
  workbook: WorkbookPort,
  ruleId: string,
  inputs: readonly unknown[],
  at: number,
): { cell: RefilledCell; flush(): void } {
  const cells: ChangedCell[] = [];
  return {
    cell: (block, offset, c, before, after) => {
      // As a run's own: a cell filled for the first time is not a change.
      if (isEmptyCell(before, undefined)) return;
      const field = block.request.fields[c];
      cells.push({
        change: {
          at,
          ruleId,
          sheetName: block.request.sheetName,
          row: block.firstDataRow + offset,
          column: block.outputColumn + c,
          organization: String(inputs[offset] ?? ""),
          field: field ? fieldWords(field) : "",
          before: recordValue(before),
          after: recordValue(after),
          filled: true,
        },
        before: before as CellValue,
        after,
      });
    },
    flush: () => {
      if (cells.length === 0) return;
      changeLog(workbook, ruleId).append(cells);
      cells.length = 0;
    },
  };
}
