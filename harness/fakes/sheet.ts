// Sheet: ranges, the data range, size and growth, hiding, freezing and activation.
import { argTypes } from "../arg-types.ts";
import { readInput } from "../cell-values.ts";
import { GAS, UNSUPPORTED } from "../errors.ts";
import { SheetState } from "../state/spreadsheet-state.ts";
import { createRange } from "./range.ts";
import { checkGrid, gridFromA1, rangeOf, type SpreadsheetContext, sheetOf } from "./spreadsheet-context.ts";

export function createSheet(ctx: SpreadsheetContext, sheet: SheetState, parent: () => object) {
  const { exec, doc, recalc } = ctx;
  const fail = (message: string): never => exec.fail(message);
  const count = (n: unknown, what: string): number => {
    const value = Number(n);
    if (!Number.isInteger(value) || value < 1) fail(GAS.invalidArgument(what));
    return value;
  };
  const self = (): object => object;
  const range = (grid: { row: number; col: number; rows: number; cols: number }) =>
    createRange(ctx, sheet, checkGrid(ctx, sheet, grid), self);

  const object = {
    getName: exec.method("Sheet.getName", () => sheet.name),
    setName(name: unknown) {
      exec.call("Sheet.setName");
      exec.write("setName");
      const text = String(name);
      const clash = doc.sheetByName(text);
      if (clash && clash !== sheet) fail(GAS.sheetNameTaken(text));
      sheet.name = text;
      return object;
    },
    getSheetId: exec.method("Sheet.getSheetId", () => sheet.id),
    getIndex: exec.method("Sheet.getIndex", () => doc.sheets.indexOf(sheet) + 1),
    getParent: exec.method("Sheet.getParent", () => parent()),
    getRange(...args: unknown[]) {
      exec.call("Sheet.getRange");
      if (args.length === 1 && typeof args[0] === "string")
        return createRange(ctx, sheet, gridFromA1(ctx, sheet, args[0]), self);
      if (args.length < 2 || args.length > 4 || !args.every((a) => typeof a === "number")) {
        return fail(GAS.signature(argTypes(args), "SpreadsheetApp.Sheet.getRange"));
      }
      const [row, col, rows = 1, cols = 1] = args as number[];
      return range({ row: row!, col: col!, rows, cols });
    },
    getRangeList(a1Notations: unknown) {
      exec.call("Sheet.getRangeList");
      if (!Array.isArray(a1Notations) || !a1Notations.every((a) => typeof a === "string")) {
        return fail(GAS.signature(argTypes([a1Notations]), "SpreadsheetApp.Sheet.getRangeList"));
      }
      const grids = (a1Notations as string[]).map((a1) => gridFromA1(ctx, sheet, a1));
      const list = {
        getRanges: exec.method("RangeList.getRanges", () =>
          grids.map((grid) => createRange(ctx, sheet, grid, self)),
        ),
        // Apps Script: selects every range; the last one becomes the active range.
        activate() {
          exec.call("RangeList.activate");
          exec.write("activate");
          const last = grids[grids.length - 1];
          if (!last) return list;
          doc.activeSheetId = sheet.id;
          doc.selection = { sheetId: sheet.id, range: { ...last }, ranges: grids.map((g) => ({ ...g })) };
          return list;
        },
      };
      return list;
    },
    getDataRange() {
      exec.call("Sheet.getDataRange");
      return range({
        row: 1,
        col: 1,
        rows: Math.max(1, sheet.lastRow()),
        cols: Math.max(1, sheet.lastColumn()),
      });
    },
    getLastRow: exec.method("Sheet.getLastRow", () => sheet.lastRow()),
    getLastColumn: exec.method("Sheet.getLastColumn", () => sheet.lastColumn()),
    getMaxRows: exec.method("Sheet.getMaxRows", () => sheet.maxRows),
    getMaxColumns: exec.method("Sheet.getMaxColumns", () => sheet.maxCols),
    insertRowsAfter(afterPosition: unknown, howMany: unknown) {
      exec.call("Sheet.insertRowsAfter");
      exec.write("insertRowsAfter");
      const after = Number(afterPosition);
      if (!Number.isInteger(after) || after < 1 || after > sheet.maxRows) fail(GAS.outsideSheet);
      if (after !== sheet.maxRows) {
        return fail(UNSUPPORTED.insertRowsInside);
      }
      sheet.maxRows += count(howMany, "howMany");
      return object;
    },
    insertColumnsAfter(afterPosition: unknown, howMany: unknown) {
      exec.call("Sheet.insertColumnsAfter");
      exec.write("insertColumnsAfter");
      const after = Number(afterPosition);
      if (!Number.isInteger(after) || after < 1 || after > sheet.maxCols) fail(GAS.outsideSheet);
      if (after !== sheet.maxCols) {
        return fail(UNSUPPORTED.insertColumnsInside);
      }
      sheet.maxCols += count(howMany, "howMany");
      return object;
    },
    appendRow(rowContents: unknown) {
      exec.call("Sheet.appendRow");
      exec.write("appendRow");
      if (!Array.isArray(rowContents))
        return fail(GAS.signature(argTypes([rowContents]), "SpreadsheetApp.Sheet.appendRow"));
      const row = sheet.lastRow() + 1;
      // appendRow grows the sheet when it is full, unlike getRange.
      sheet.maxRows = Math.max(sheet.maxRows, row);
      sheet.maxCols = Math.max(sheet.maxCols, rowContents.length);
      if (rowContents.length === 0) return object;
      const grid = { row, col: 1, rows: 1, cols: rowContents.length };
      exec.edits(doc.id).push(...recalc.write(sheet, grid, [rowContents.map((v) => readInput(v, fail))]));
      return object;
    },
    clear() {
      exec.call("Sheet.clear");
      exec.write("clear");
      exec
        .edits(doc.id)
        .push(...recalc.clear(sheet, { row: 1, col: 1, rows: sheet.maxRows, cols: sheet.maxCols }, false));
      return object;
    },
    clearContents() {
      exec.call("Sheet.clearContents");
      exec.write("clearContents");
      exec
        .edits(doc.id)
        .push(...recalc.clear(sheet, { row: 1, col: 1, rows: sheet.maxRows, cols: sheet.maxCols }, false));
      return object;
    },
    clearNotes() {
      exec.call("Sheet.clearNotes");
      exec.write("clearNotes");
      for (const [key, cell] of [...sheet.cells]) {
        if (!cell.note) continue;
        const { note: _note, ...rest } = cell;
        const { row, col } = SheetState.position(key);
        sheet.put(row, col, rest);
      }
      return object;
    },
    protect() {
      exec.call("Sheet.protect");
      exec.write("protect");
      // One sheet protection per sheet: protecting again hands back the one there (as Sheets keeps one).
      sheet.protection ??= { warningOnly: false, description: "" };
      const held = sheet.protection;
      const protection = {
        setWarningOnly(warningOnly: unknown) {
          exec.call("Protection.setWarningOnly");
          held.warningOnly = warningOnly === true;
          return protection;
        },
        isWarningOnly: exec.method("Protection.isWarningOnly", () => held.warningOnly),
        setDescription(description: unknown) {
          exec.call("Protection.setDescription");
          held.description = String(description);
          return protection;
        },
        getDescription: exec.method("Protection.getDescription", () => held.description),
      };
      return protection;
    },
    isSheetHidden: exec.method("Sheet.isSheetHidden", () => sheet.hidden),
    hideSheet() {
      exec.call("Sheet.hideSheet");
      exec.write("hideSheet");
      if (doc.sheets.filter((s) => !s.hidden && s !== sheet).length === 0) fail(GAS.lastSheet);
      sheet.hidden = true;
      return object;
    },
    showSheet() {
      exec.call("Sheet.showSheet");
      exec.write("showSheet");
      sheet.hidden = false;
      return object;
    },
    activate() {
      exec.call("Sheet.activate");
      exec.write("activate");
      doc.activeSheetId = sheet.id;
      sheet.hidden = false;
      return object;
    },
    getFrozenRows: exec.method("Sheet.getFrozenRows", () => sheet.frozenRows),
    setFrozenRows(rows: unknown) {
      exec.call("Sheet.setFrozenRows");
      exec.write("setFrozenRows");
      sheet.frozenRows = Number(rows);
      return object;
    },
    getFrozenColumns: exec.method("Sheet.getFrozenColumns", () => sheet.frozenCols),
    setFrozenColumns(columns: unknown) {
      exec.call("Sheet.setFrozenColumns");
      exec.write("setFrozenColumns");
      sheet.frozenCols = Number(columns);
      return object;
    },
    getActiveRange() {
      exec.call("Sheet.getActiveRange");
      const selection = doc.selection;
      if (!selection || selection.sheetId !== sheet.id) return range({ row: 1, col: 1, rows: 1, cols: 1 });
      return range(selection.range);
    },
    setActiveRange(target: unknown) {
      exec.call("Sheet.setActiveRange");
      exec.write("setActiveRange");
      const held = rangeOf.get(target as object);
      if (!held || held.sheet !== sheet)
        return fail(GAS.signature(argTypes([target]), "SpreadsheetApp.Sheet.setActiveRange"));
      doc.activeSheetId = sheet.id;
      doc.selection = { sheetId: sheet.id, range: { ...held.grid } };
      return createRange(ctx, sheet, held.grid, self);
    },
  };
  sheetOf.set(object, sheet);
  return object;
}
