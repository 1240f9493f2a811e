// SpreadsheetApp and Spreadsheet: the current document, its sheets, selection, toasts and getUi().

import { type GridRange, parseA1, toGrid } from "../a1.ts";
import { removeSheet } from "../actions/sheets.ts";
import { argTypes } from "../arg-types.ts";
import { GAS } from "../errors.ts";
import type { SheetState, SpreadsheetState } from "../state/spreadsheet-state.ts";
import { createRange } from "./range.ts";
import { richTextBuilder } from "./rich-text.ts";
import { createSheet } from "./sheet.ts";
import { bookOf, checkGrid, rangeOf, type SpreadsheetContext, sheetOf } from "./spreadsheet-context.ts";

export const SPREADSHEETS_SCOPE = "https://www.googleapis.com/auth/spreadsheets";

export interface SpreadsheetAppDeps {
  /** The active document, or null where there is none (a published add-on's clock trigger). */
  doc: SpreadsheetState | null;
  /** Every spreadsheet of the harness, by id (openById looks files up here). */
  find: (id: string) => SpreadsheetState | undefined;
  /** The scopes the manifest asks for. */
  scopes: string[];
}

export function createSpreadsheetApp(
  base: Omit<SpreadsheetContext, "doc">,
  deps: SpreadsheetAppDeps,
  ui: () => object,
) {
  const { exec } = base;
  const fail = (message: string): never => exec.fail(message);
  type Book = ReturnType<typeof createBook>;
  const books = new Map<string, Book>();
  const bookFor = (doc: SpreadsheetState): Book => {
    let book = books.get(doc.id);
    if (!book) {
      book = createBook({ ...base, doc });
      books.set(doc.id, book);
    }
    return book;
  };
  const active = deps.doc ? bookFor(deps.doc) : null;
  // Without an active document these return null, as Apps Script does in a trigger with no container.
  const fromActive =
    <T>(method: string, read: (book: Book) => T) =>
    (): T | null => {
      exec.call(`SpreadsheetApp.${method}`);
      return active ? read(active) : null;
    };
  const withActive =
    <T>(method: string, act: (book: Book, target: unknown) => T) =>
    (target: unknown): T => {
      exec.call(`SpreadsheetApp.${method}`);
      exec.write(method);
      if (!active) return fail(GAS.noActiveSpreadsheet(method));
      return act(active, target);
    };
  const denied = (method: string) => () => {
    exec.call(`SpreadsheetApp.${method}`);
    return fail(GAS.permission(`SpreadsheetApp.${method}`, SPREADSHEETS_SCOPE));
  };
  const open = (method: string, idOf: (arg: string) => string | null) => (arg: unknown) => {
    exec.call(`SpreadsheetApp.${method}`);
    // Opening a file by id or URL needs the full spreadsheets scope; spreadsheets.currentonly reaches only
    // the file the add-on runs in (https://developers.google.com/workspace/add-ons/concepts/editor-scopes).
    if (!deps.scopes.includes(SPREADSHEETS_SCOPE)) {
      return fail(GAS.permission(`SpreadsheetApp.${method}`, SPREADSHEETS_SCOPE));
    }
    if (exec.kind === "customFunction") return fail(GAS.permission(`SpreadsheetApp.${method}`));
    const id = typeof arg === "string" ? idOf(arg) : null;
    const doc = id === null ? undefined : deps.find(id);
    if (!doc) return fail(GAS.openMissing(method));
    if (!doc.users.has(exec.init.user)) return fail(GAS.openDenied);
    return bookFor(doc).book;
  };
  const app = {
    getActiveSpreadsheet: fromActive("getActiveSpreadsheet", (b) => b.book),
    getActive: fromActive("getActive", (b) => b.book),
    getActiveSheet: fromActive("getActiveSheet", (b) => b.onActive.activeSheet()),
    getActiveRange: fromActive("getActiveRange", (b) => b.onActive.activeRange()),
    setActiveSheet: withActive("setActiveSheet", (b, target) =>
      b.onActive.selectSheet(target, "SpreadsheetApp.setActiveSheet"),
    ),
    setActiveRange: withActive("setActiveRange", (b, target) =>
      b.onActive.selectRange(target, "SpreadsheetApp.setActiveRange"),
    ),
    getUi() {
      exec.call("SpreadsheetApp.getUi");
      if (exec.kind === "customFunction" || exec.kind === "trigger") fail(GAS.uiContext);
      return ui();
    },
    // Writes are applied at once, so there is nothing to flush; it stays callable as in Apps Script.
    flush: () => exec.call("SpreadsheetApp.flush"),
    newRichTextValue: () => {
      exec.call("SpreadsheetApp.newRichTextValue");
      return richTextBuilder(exec);
    },
    openById: open("openById", (id) => id),
    openByUrl: open("openByUrl", (url) => /\/spreadsheets\/d\/([\w-]+)/.exec(url)?.[1] ?? null),
    create: denied("create"),
  };
  return { app, book: active?.book ?? null };
}

function createBook(ctx: SpreadsheetContext) {
  const { exec, doc } = ctx;
  const fail = (message: string): never => exec.fail(message);
  const formulaCell = exec.init.formulaCell;

  const spreadsheet = (): object => book;
  const sheetObject = (sheet: SheetState) => createSheet(ctx, sheet, spreadsheet);
  const rangeObject = (sheet: SheetState, grid: GridRange) =>
    createRange(ctx, sheet, grid, () => sheetObject(sheet));
  const sheetArg = (value: unknown, method: string): SheetState => {
    const sheet = sheetOf.get(value as object);
    if (!sheet || !doc.sheets.includes(sheet)) return fail(GAS.signature(argTypes([value]), method));
    return sheet;
  };
  const activeSheet = (): SheetState =>
    (formulaCell && doc.sheetById(formulaCell.sheetId)) || doc.activeSheet;
  const activeRange = (): { sheet: SheetState; grid: GridRange } => {
    if (formulaCell) {
      return { sheet: activeSheet(), grid: { row: formulaCell.row, col: formulaCell.col, rows: 1, cols: 1 } };
    }
    const selection = doc.selection;
    const sheet = selection ? (doc.sheetById(selection.sheetId) ?? doc.activeSheet) : doc.activeSheet;
    return {
      sheet,
      grid:
        selection && sheet.id === selection.sheetId ? selection.range : { row: 1, col: 1, rows: 1, cols: 1 },
    };
  };
  const select = (target: unknown, method: string) => {
    const held = rangeOf.get(target as object);
    if (!held || !doc.sheets.includes(held.sheet)) return fail(GAS.signature(argTypes([target]), method));
    doc.activeSheetId = held.sheet.id;
    doc.selection = { sheetId: held.sheet.id, range: { ...held.grid } };
    return rangeObject(held.sheet, held.grid);
  };

  const book = {
    getId: exec.method("Spreadsheet.getId", () => doc.id),
    getName: exec.method("Spreadsheet.getName", () => doc.name),
    rename(name: unknown) {
      exec.call("Spreadsheet.rename");
      exec.write("rename");
      doc.name = String(name);
    },
    getUrl: exec.method("Spreadsheet.getUrl", () => `https://docs.google.com/spreadsheets/d/${doc.id}/edit`),
    getSpreadsheetTimeZone: exec.method("Spreadsheet.getSpreadsheetTimeZone", () => doc.timeZone),
    getSpreadsheetLocale: exec.method("Spreadsheet.getSpreadsheetLocale", () => doc.locale),
    getOwner() {
      exec.call("Spreadsheet.getOwner");
      return { getEmail: () => doc.owner, toString: () => doc.owner };
    },
    getSheets() {
      exec.call("Spreadsheet.getSheets");
      return exec.realm.list(doc.sheets.map(sheetObject));
    },
    getNumSheets: exec.method("Spreadsheet.getNumSheets", () => doc.sheets.length),
    getSheetByName(name: unknown) {
      exec.call("Spreadsheet.getSheetByName");
      const sheet = doc.sheetByName(String(name));
      return sheet ? sheetObject(sheet) : null;
    },
    getSheetById(id: unknown) {
      exec.call("Spreadsheet.getSheetById");
      const sheet = doc.sheetById(Number(id));
      return sheet ? sheetObject(sheet) : null;
    },
    insertSheet(...args: unknown[]) {
      exec.call("Spreadsheet.insertSheet");
      exec.write("insertSheet");
      const name = typeof args[0] === "string" ? args[0] : null;
      const index =
        typeof args[0] === "number" ? args[0] : typeof args[1] === "number" ? args[1] : doc.sheets.length;
      if (!Number.isInteger(index) || index < 0 || index > doc.sheets.length)
        fail(GAS.invalidArgument("sheetIndex"));
      let finalName = name;
      if (finalName === null) {
        let n = doc.sheets.length + 1;
        while (doc.sheetByName(`Sheet${n}`)) n++;
        finalName = `Sheet${n}`;
      } else if (doc.sheetByName(finalName)) fail(GAS.sheetNameTaken(finalName));
      const sheet = doc.addSheet(finalName, index);
      doc.activeSheetId = sheet.id;
      return sheetObject(sheet);
    },
    deleteSheet(target: unknown) {
      exec.call("Spreadsheet.deleteSheet");
      exec.write("deleteSheet");
      const sheet = sheetArg(target, "SpreadsheetApp.Spreadsheet.deleteSheet");
      if (doc.sheets.filter((s) => !s.hidden && s !== sheet).length === 0) fail(GAS.lastSheet);
      removeSheet(doc, sheet);
    },
    getActiveSheet: exec.method("Spreadsheet.getActiveSheet", () => sheetObject(activeSheet())),
    setActiveSheet(target: unknown) {
      exec.call("Spreadsheet.setActiveSheet");
      exec.write("setActiveSheet");
      const sheet = sheetArg(target, "SpreadsheetApp.Spreadsheet.setActiveSheet");
      doc.activeSheetId = sheet.id;
      sheet.hidden = false;
      return sheetObject(sheet);
    },
    getActiveRange() {
      exec.call("Spreadsheet.getActiveRange");
      const { sheet, grid } = activeRange();
      return rangeObject(sheet, grid);
    },
    getActiveCell() {
      exec.call("Spreadsheet.getActiveCell");
      const { sheet, grid } = activeRange();
      return rangeObject(sheet, { row: grid.row, col: grid.col, rows: 1, cols: 1 });
    },
    setActiveRange(target: unknown) {
      exec.call("Spreadsheet.setActiveRange");
      exec.write("setActiveRange");
      return select(target, "SpreadsheetApp.Spreadsheet.setActiveRange");
    },
    getRange(a1: unknown) {
      exec.call("Spreadsheet.getRange");
      const ref = typeof a1 === "string" ? parseA1(a1) : null;
      if (!ref) return fail(GAS.rangeNotFound);
      const sheet = ref.sheet === null ? activeSheet() : doc.sheetByName(ref.sheet);
      if (!sheet) return fail(GAS.rangeNotFound);
      return rangeObject(sheet, checkGrid(ctx, sheet, toGrid(ref, sheet.maxRows, sheet.maxCols)));
    },
    getLastRow: exec.method("Spreadsheet.getLastRow", () => activeSheet().lastRow()),
    getLastColumn: exec.method("Spreadsheet.getLastColumn", () => activeSheet().lastColumn()),
    toast(message: unknown, title?: unknown) {
      exec.call("Spreadsheet.toast");
      doc.toasts.push({ message: String(message), title: title === undefined ? "" : String(title) });
    },
  };

  // What SpreadsheetApp's own methods do on the active document (they record their own call).
  const onActive = {
    activeSheet: () => sheetObject(activeSheet()),
    activeRange: () => {
      const { sheet, grid } = activeRange();
      return rangeObject(sheet, grid);
    },
    selectSheet: (target: unknown, method: string) => {
      const sheet = sheetArg(target, method);
      doc.activeSheetId = sheet.id;
      return sheetObject(sheet);
    },
    selectRange: (target: unknown, method: string) => select(target, method),
  };
  bookOf.set(book, doc);
  return { book, onActive };
}
