// Range: values, display values, formulas and notes of a rectangle; writes are recalculated and counted.

import { type GridRange, rangeA1 } from "../a1.ts";
import { argTypes } from "../arg-types.ts";
import { type CellInput, displayValue, readInput } from "../cell-values.ts";
import { GAS } from "../errors.ts";
import { SheetState } from "../state/spreadsheet-state.ts";

/** What getNumberFormat answers for a cell nobody formatted. */
const AUTOMATIC_FORMAT = "0.###############";

import { type RichText, richTextOf, richTextValue } from "./rich-text.ts";
import { checkGrid, rangeOf, type SpreadsheetContext } from "./spreadsheet-context.ts";

export function createRange(
  ctx: SpreadsheetContext,
  sheet: SheetState,
  grid: GridRange,
  sheetObject: () => object,
) {
  const { exec, doc, recalc } = ctx;
  const cells = <T>(read: (row: number, col: number) => T): T[][] =>
    Array.from({ length: grid.rows }, (_, r) =>
      Array.from({ length: grid.cols }, (_, c) => read(grid.row + r, grid.col + c)),
    );
  const fail = (message: string): never => exec.fail(message);

  const checkShape = (data: unknown, method: string): unknown[][] => {
    if (!Array.isArray(data) || !data.every(Array.isArray))
      fail(GAS.signature(argTypes([data]), `SpreadsheetApp.Range.${method}`));
    const rows = data as unknown[][];
    if (rows.length !== grid.rows) fail(GAS.rowsMismatch(rows.length, grid.rows));
    for (const row of rows) if (row.length !== grid.cols) fail(GAS.columnsMismatch(row.length, grid.cols));
    return rows;
  };
  const write = (inputs: CellInput[][]) => exec.edits(doc.id).push(...recalc.write(sheet, grid, inputs));
  const writeNotes = (notes: (row: number, col: number) => string) => {
    for (let r = grid.row; r < grid.row + grid.rows; r++) {
      for (let c = grid.col; c < grid.col + grid.cols; c++) {
        const cell = sheet.cell(r, c) ?? { value: "" };
        const note = notes(r, c);
        const { note: _old, ...rest } = cell;
        sheet.put(r, c, note ? { ...rest, note } : rest);
      }
    }
  };
  // A Rich Text value is text as it is: never read as a formula, number or date; its links go with it.
  const writeRichText = (rich: (row: number, col: number) => RichText) => {
    write(cells((r, c) => ({ value: rich(r, c).text })));
    for (let r = grid.row; r < grid.row + grid.rows; r++) {
      for (let c = grid.col; c < grid.col + grid.cols; c++) {
        const { links } = rich(r, c);
        if (links.length > 0) sheet.put(r, c, { ...sheet.cell(r, c)!, links: links.map((l) => ({ ...l })) });
      }
    }
  };
  const richArg = (value: unknown, method: string): RichText => {
    const rich = value !== null && typeof value === "object" ? richTextOf.get(value) : undefined;
    return rich ?? fail(GAS.signature(argTypes([value]), `SpreadsheetApp.Range.${method}`));
  };
  /** What getRichTextValue answers for a cell: its text and links, or null when its value is not text. */
  const richOf = (row: number, col: number): object | null => {
    const cell = sheet.cell(row, col);
    const value = cell?.value ?? "";
    if (typeof value !== "string" || cell?.formula || cell?.spilledFrom !== undefined) return null;
    return richTextValue(exec, { text: value, links: cell?.links ?? [] });
  };
  const writeFormats = (format: (row: number, col: number) => string) => {
    for (let r = grid.row; r < grid.row + grid.rows; r++) {
      for (let c = grid.col; c < grid.col + grid.cols; c++) {
        const key = SheetState.key(r, c);
        const chosen = format(r, c);
        if (chosen === "" || chosen === AUTOMATIC_FORMAT) sheet.formats.delete(key);
        else sheet.formats.set(key, chosen);
      }
    }
  };
  const sub = (row: number, col: number, rows: number, cols: number) =>
    createRange(ctx, sheet, checkGrid(ctx, sheet, { row, col, rows, cols }), sheetObject);

  const range = {
    getValues() {
      exec.call("Range.getValues");
      return exec.realm.of(cells((r, c) => sheet.value(r, c)));
    },
    getValue() {
      exec.call("Range.getValue");
      return exec.realm.of(sheet.value(grid.row, grid.col));
    },
    getDisplayValues() {
      exec.call("Range.getDisplayValues");
      return exec.realm.of(
        cells((r, c) => displayValue(sheet.value(r, c), doc.timeZone, sheet.format(r, c))),
      );
    },
    getDisplayValue() {
      exec.call("Range.getDisplayValue");
      return displayValue(sheet.value(grid.row, grid.col), doc.timeZone, sheet.format(grid.row, grid.col));
    },
    getFormulas() {
      exec.call("Range.getFormulas");
      return exec.realm.of(cells((r, c) => sheet.cell(r, c)?.formula ?? ""));
    },
    getFormula() {
      exec.call("Range.getFormula");
      return sheet.cell(grid.row, grid.col)?.formula ?? "";
    },
    getNotes() {
      exec.call("Range.getNotes");
      return exec.realm.of(cells((r, c) => sheet.cell(r, c)?.note ?? ""));
    },
    getNote() {
      exec.call("Range.getNote");
      return sheet.cell(grid.row, grid.col)?.note ?? "";
    },
    getRichTextValue() {
      exec.call("Range.getRichTextValue");
      return richOf(grid.row, grid.col);
    },
    getRichTextValues() {
      exec.call("Range.getRichTextValues");
      return exec.realm.list(cells((r, c) => richOf(r, c)).map((row) => exec.realm.list(row)));
    },
    setRichTextValue(value: unknown) {
      exec.call("Range.setRichTextValue");
      exec.write("setRichTextValue");
      const rich = richArg(value, "setRichTextValue");
      if (rich.text.length > 50_000) fail(GAS.cellTooLong);
      writeRichText(() => rich);
      return range;
    },
    setRichTextValues(values: unknown) {
      exec.call("Range.setRichTextValues");
      exec.write("setRichTextValues");
      const rows = checkShape(values, "setRichTextValues").map((row) =>
        row.map((value) => richArg(value, "setRichTextValues")),
      );
      if (rows.some((row) => row.some((rich) => rich.text.length > 50_000))) fail(GAS.cellTooLong);
      writeRichText((r, c) => rows[r - grid.row]![c - grid.col]!);
      return range;
    },
    isBlank() {
      exec.call("Range.isBlank");
      return cells((r, c) => sheet.hasContent(r, c)).every((row) => row.every((has) => !has));
    },
    setValues(values: unknown) {
      exec.call("Range.setValues");
      exec.write("setValues");
      const rows = checkShape(values, "setValues");
      write(
        rows.map((row, r) => row.map((v, c) => readInput(v, fail, sheet.format(grid.row + r, grid.col + c)))),
      );
      doc.setValuesLog.push({
        sheet: sheet.name,
        a1: rangeA1(grid),
        rows: grid.rows,
        cols: grid.cols,
        executionId: exec.id,
      });
      return range;
    },
    setValue(value: unknown) {
      exec.call("Range.setValue");
      exec.write("setValue");
      write(cells((r, c) => readInput(value, fail, sheet.format(r, c))));
      return range;
    },
    setFormulas(formulas: unknown) {
      exec.call("Range.setFormulas");
      exec.write("setFormulas");
      const rows = checkShape(formulas, "setFormulas");
      write(rows.map((row) => row.map((f) => readInput(f, fail))));
      return range;
    },
    setFormula(formula: unknown) {
      exec.call("Range.setFormula");
      exec.write("setFormula");
      const input = readInput(formula, fail);
      write(cells(() => input));
      return range;
    },
    setNote(note: unknown) {
      exec.call("Range.setNote");
      exec.write("setNote");
      const text = note === null || note === undefined ? "" : String(note);
      writeNotes(() => text);
      return range;
    },
    setNotes(notes: unknown) {
      exec.call("Range.setNotes");
      exec.write("setNotes");
      const rows = checkShape(notes, "setNotes");
      writeNotes((r, c) => {
        const note = rows[r - grid.row]![c - grid.col];
        return note === null || note === undefined ? "" : String(note);
      });
      return range;
    },
    getNumberFormats() {
      exec.call("Range.getNumberFormats");
      return exec.realm.of(cells((r, c) => sheet.format(r, c) || AUTOMATIC_FORMAT));
    },
    getNumberFormat() {
      exec.call("Range.getNumberFormat");
      return sheet.format(grid.row, grid.col) || AUTOMATIC_FORMAT;
    },
    setNumberFormat(format: unknown) {
      exec.call("Range.setNumberFormat");
      exec.write("setNumberFormat");
      if (typeof format !== "string")
        fail(GAS.signature(argTypes([format]), "SpreadsheetApp.Range.setNumberFormat"));
      writeFormats(() => format as string);
      return range;
    },
    setNumberFormats(formats: unknown) {
      exec.call("Range.setNumberFormats");
      exec.write("setNumberFormats");
      const rows = checkShape(formats, "setNumberFormats");
      writeFormats((r, c) => String(rows[r - grid.row]![c - grid.col] ?? ""));
      return range;
    },
    clearNote() {
      exec.call("Range.clearNote");
      exec.write("clearNote");
      writeNotes(() => "");
      return range;
    },
    clear() {
      exec.call("Range.clear");
      exec.write("clear");
      // clear() empties formats too; clearContent() keeps them.
      writeFormats(() => "");
      exec.edits(doc.id).push(...recalc.clear(sheet, grid, false));
      return range;
    },
    clearContent() {
      exec.call("Range.clearContent");
      exec.write("clearContent");
      exec.edits(doc.id).push(...recalc.clear(sheet, grid, false));
      return range;
    },
    activate() {
      exec.call("Range.activate");
      exec.write("activate");
      doc.activeSheetId = sheet.id;
      doc.selection = { sheetId: sheet.id, range: { ...grid } };
      return range;
    },
    getA1Notation: exec.method("Range.getA1Notation", () => rangeA1(grid)),
    getRow: exec.method("Range.getRow", () => grid.row),
    getRowIndex: exec.method("Range.getRowIndex", () => grid.row),
    getColumn: exec.method("Range.getColumn", () => grid.col),
    getNumRows: exec.method("Range.getNumRows", () => grid.rows),
    getNumColumns: exec.method("Range.getNumColumns", () => grid.cols),
    getLastRow: exec.method("Range.getLastRow", () => grid.row + grid.rows - 1),
    getLastColumn: exec.method("Range.getLastColumn", () => grid.col + grid.cols - 1),
    getSheet: exec.method("Range.getSheet", () => sheetObject()),
    getCell(row: unknown, column: unknown) {
      exec.call("Range.getCell");
      const r = Number(row);
      const c = Number(column);
      if (!Number.isInteger(r) || !Number.isInteger(c) || r < 1 || c < 1 || r > grid.rows || c > grid.cols) {
        fail(GAS.cellOutOfRange);
      }
      return sub(grid.row + r - 1, grid.col + c - 1, 1, 1);
    },
    offset(rowOffset: unknown, columnOffset: unknown, numRows?: unknown, numColumns?: unknown) {
      exec.call("Range.offset");
      return sub(
        grid.row + Number(rowOffset),
        grid.col + Number(columnOffset),
        numRows === undefined ? grid.rows : Number(numRows),
        numColumns === undefined ? grid.cols : Number(numColumns),
      );
    },
  };
  rangeOf.set(range, { sheet, grid });
  return range;
}
