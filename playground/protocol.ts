// The playground's API between the page and the server: the shim's path, requests, state and results.

/** Where the page loads google.script's stand-in from, inside the sidebar's and dialogs' frames. */
export const SCRIPT_SHIM_PATH = "/script-shim.js";

export type DialogButton = "OK" | "CANCEL" | "YES" | "NO" | "CLOSE";

/** How the person answered an alert or a prompt. */
export interface DialogAnswer {
  button: DialogButton;
  /** A prompt's text. */
  text?: string;
}

/** An alert or prompt the server needs answered before it can finish an action. */
export interface DialogRequest {
  kind: "alert" | "prompt";
  title: string;
  prompt: string;
  buttons: DialogButton[];
}

export type MenuNode = { label: string } | { separator: true } | { label: string; items: MenuNode[] };

export interface CellView {
  row: number;
  col: number;
  /** What the cell shows (Sheets' automatic format). */
  display: string;
  kind: "number" | "text" | "boolean" | "date" | "error";
  /** The formula on a formula's anchor cell. */
  formula?: string;
  /** The message behind an error value. */
  error?: string;
  /** The cell's note, when it has one. */
  note?: string;
  /** The number format set on the cell ("yyyy-mm-dd"), when one was. */
  format?: string;
  /** A formula waiting to run: the page shows "Loading…", as Sheets does while custom functions run. */
  loading?: true;
}

/** Rows and columns from–to, 1-based and inclusive. */
export interface GridWindow {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

export interface SheetView {
  name: string;
  rows: number;
  cols: number;
  /** The part of the sheet whose cells `cells` holds (what was asked for, within the sheet). */
  window: GridWindow;
  /** Cells of the window holding a value, a formula or a note; no others. */
  cells: CellView[];
  /** Per column, the longest display text (characters) in the sheet's first rows: the grid's widths. */
  textWidths: number[];
}

/** A sidebar or dialog an execution showed, with its HtmlService content. */
export interface HtmlPanelView {
  /** The showing execution's id: a new one means a new panel. */
  id: number;
  kind: "sidebar" | "modalDialog" | "modelessDialog";
  title: string;
  html: string;
  width: number | null;
  height: number | null;
}

export interface ServiceView {
  kind: "emulator" | "real";
  /** The service's base address (without /v9). */
  baseUrl: string;
  /** The emulator's demo key; absent for a real service. */
  demoKey?: string;
}

export interface PlaygroundState {
  /** Grows with every change to what the page shows. */
  version: number;
  /** Formulas are still running after an edit (their cells say loading). */
  calculating: boolean;
  spreadsheetName: string;
  sheets: Array<{ name: string; hidden: boolean }>;
  activeSheet: string;
  /** The selection on the active sheet in A1 notation. */
  selection: string | null;
  /** The sheet asked for (by default the active one). */
  sheet: SheetView;
  addonMenu: { title: string; items: MenuNode[] };
  sidebar: HtmlPanelView | null;
  /** The latest modal or modeless dialog. */
  dialog: HtmlPanelView | null;
  /** The latest toasts, oldest first; `id` counts every toast shown so far. */
  toasts: Array<{ id: number; title: string; message: string }>;
  service: ServiceView;
  /** Functions google.script.run may call. */
  serverFunctions: string[];
}

export type ActionResult =
  | { status: "done"; value: unknown }
  | { status: "failed"; error: string }
  | { status: "dialog"; dialog: DialogRequest };

/** What every successful POST answers: the action's result and the state version after it. */
export interface ActionResponse {
  version: number;
  result: ActionResult;
}

export interface SetCellsRequest {
  sheet: string;
  /** The top-left cell; `values` fills from there. */
  a1: string;
  /** Rows of typed text ("=…" is a formula, "" clears). */
  values: string[][];
}

/** Fill down: the range's top row copied into the rows below it, relative references moving per row. */
export interface FillRequest {
  sheet: string;
  a1: string;
}

/** Paste of a range copied in the page: contents (formulas moved by the offset) from `from` into `to`. */
export interface CopyRequest {
  sheet: string;
  from: string;
  /** The sheet `from` was copied on, when not `sheet` (a copy on one tab pasted on another). */
  fromSheet?: string;
  /** The top-left cell pasted into. */
  to: string;
}

export interface SelectRequest {
  sheet: string;
  a1: string;
}

export interface MenuRequest {
  label: string;
  answers?: DialogAnswer[];
}

export interface RunRequest {
  name: string;
  args?: unknown[];
  answers?: DialogAnswer[];
}

/** Every 4xx/5xx body. */
export interface ApiError {
  error: string;
}
