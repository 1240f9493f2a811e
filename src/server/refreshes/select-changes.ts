// "Select changed cells": the cells a rule's last run changed, selected on its sheet as one RangeList.

import { plural } from "../../api/words/format";
import { quoteInput } from "../../api/words/quote-input";
import { cellRanges } from "../../core/changes/change-rows";
import { RequestError } from "../../core/text/user-errors";
import { selectRanges } from "../../platform/active-range";
import { readRuleId, unknownRule } from "../jobs/refresh";
import { jobServices } from "../jobs/services";
import { lastRunChanges } from "./changed-cells";

export interface ChangedCellsSelection {
  sheetName: string;
  cells: number;
  /** The A1 ranges selected ("D5:D7", "F9"). */
  ranges: string[];
  message: string;
}

export function selectChangedCells(ruleId: unknown): ChangedCellsSelection {
  const id = readRuleId(ruleId);
  const services = jobServices();
  const rule = services.rules.get(id);
  if (!rule) throw unknownRule(id);
  const sheetName = rule.request.sheetName;
  if (!rule.lastRun) throw new RequestError("This refresh has not run yet; there is nothing to select.");
  const { changes } = lastRunChanges(rule, services.workbook);
  const cells = changes.filter((c) => c.sheetName === sheetName);
  if (cells.length === 0) {
    throw new RequestError(
      rule.lastRun.cellsChanged === 0
        ? "The last run of this refresh changed no cells."
        : "The Changes sheet no longer holds the rows of this refresh's last run, so its cells cannot be found.",
    );
  }
  const ranges = cellRanges(cells);
  if (!selectRanges(sheetName, ranges)) {
    throw new RequestError(`There is no sheet named ${quoteInput(sheetName)} in this spreadsheet any more.`);
  }
  const count = new Set(cells.map((c) => `${c.row}:${c.column}`)).size;
  return {
    sheetName,
    cells: count,
    ranges,
    message: `Selected ${plural(count, "changed cell")} on ${sheetName}.`,
  };
}
