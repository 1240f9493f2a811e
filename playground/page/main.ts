// The playground page: a spreadsheet window whose every cell, menu and sidebar call is served by the harness.

import { parseA1 } from "../../harness/a1";
import type { ActionResponse, PlaygroundState, ServiceView, SheetView } from "../protocol";
import { act } from "./actions";
import { ApiError, fetchState, get, getNow, onBusyChange, post } from "./api";
import { Frames } from "./frames";
import { GridView } from "./grid-view";
import { HOST_GLOBAL, type PlaygroundHost } from "./host-api";
import { MenuBar } from "./menu-bar";
import { type Cell, fromA1, type Rect, readNameBox, rect, type Selection, single, toA1 } from "./selection";
import { SheetEditor } from "./sheet-editor";
import { SheetTabs } from "./sheet-tabs";
import { Toasts } from "./toasts";

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const grid = new GridView(byId("grid"), () => refresh());
const frames = new Frames();
const toasts = new Toasts(byId("toasts"));
const formulaBar = byId<HTMLInputElement>("formula-bar");
const nameBox = byId<HTMLInputElement>("name-box");
const status = byId("status");
const problem = byId("problem");

let state: PlaygroundState | null = null;
/** How many times a script has moved the selection, as far as the states applied so far say (see apply). */
let selectionMovesSeen = 0;
/** Cells typed into whose new contents the server has not answered yet: what to show meanwhile. */
const pending = new Map<string, string>();
/** Ranges filled or pasted whose contents the server has not answered yet: they show "Loading…". */
const pendingRanges: Rect[] = [];
let working = false;
grid.setPending((row, col) => {
  const typed = pending.get(toA1(single({ row, col })));
  if (typed !== undefined) return typed;
  return pendingRanges.some((r) => row >= r.top && row <= r.bottom && col >= r.left && col <= r.right)
    ? "Loading…"
    : undefined;
});

const editor = new SheetEditor(grid, {
  selectionChanged(selection) {
    showSelection(selection);
    const a1 = toA1(selection);
    if (state) post("/api/select", { sheet: state.activeSheet, a1 }).catch(report);
  },
  write(at, values) {
    write(at, values);
  },
  fill(selection) {
    const r = rect(selection);
    edit("/api/fill", { a1: toA1(selection) }, { ...r, top: r.top + 1 });
  },
  pasteCopy(fromSheet, from, to) {
    // The source's size, whatever the size of the sheet pasted on: a paste past its edge grows it.
    const source = parseA1(from);
    if (!source || source.endRow === null || source.endCol === null) return;
    const at = {
      top: to.row,
      left: to.col,
      bottom: to.row + source.endRow - source.startRow,
      right: to.col + source.endCol - source.startCol,
    };
    edit("/api/copy", { fromSheet, from, to: toA1(single(to)) }, at);
  },
  undo() {
    if (!state) return;
    // Sent with the window drawn: the answer brings its cells as they are after the undo, drawn at once.
    const v = grid.drawn;
    const view = { sheet: state.activeSheet, rows: `${v.top}-${v.bottom}`, cols: `${v.left}-${v.right}` };
    post("/api/undo", view).then((response) => {
      if (
        response.sheet &&
        state &&
        response.version >= state.version &&
        response.sheet.name === state.activeSheet
      )
        grid.load(response.sheet);
      afterAction(response);
    }, report);
  },
  async edge(from, direction) {
    const sheet = encodeURIComponent(state?.activeSheet ?? "");
    const a1 = toA1(single(from));
    // With the window drawn, the answer brings the cells around the landing cell: one round trip, not two.
    const v = grid.drawn;
    const answer = await get<{ a1: string; version?: number; sheet?: SheetView }>(
      `/api/edge?sheet=${sheet}&a1=${a1}&direction=${direction}&rows=${v.top}-${v.bottom}&cols=${v.left}-${v.right}`,
    );
    // Cells no older than what the page shows, of the sheet still shown; the select that follows draws them.
    if (answer.sheet && state && answer.version !== undefined && answer.version >= state.version) {
      if (answer.sheet.name === state.activeSheet) grid.load(answer.sheet, false);
    }
    return fromA1(answer.a1, grid.rows, grid.cols)?.anchor ?? from;
  },
  async lastCell() {
    const sheet = encodeURIComponent(state?.activeSheet ?? "");
    const answer = await get<{ a1: string }>(`/api/last-cell?sheet=${sheet}`);
    return fromA1(answer.a1, grid.rows, grid.cols)?.anchor ?? { row: 1, col: 1 };
  },
  text(a1) {
    const sheet = encodeURIComponent(state?.activeSheet ?? "");
    return getNow<{ text: string }>(`/api/text?sheet=${sheet}&a1=${a1}`).text;
  },
});
const menu = new MenuBar(byId("menubar"), (label) => {
  act("/api/menu", { label }).then(afterAction, report);
});
const tabs = new SheetTabs(byId("tabs"), (sheet) => {
  // The tab already shown keeps its selection, as in Sheets; another opens at A1. Sent even for the tab
  // shown, in case a script has just activated another sheet the page has not heard of yet.
  const a1 = sheet === state?.activeSheet ? toA1(editor.selection) : "A1";
  post("/api/select", { sheet, a1 }).then(refresh, report);
});

const host: PlaygroundHost = {
  functions: [],
  async call(name, args) {
    try {
      // Apps Script runs each google.script.run call as its own execution, beside any still running.
      const response = await act("/api/run", { name, args }, true);
      afterAction(response, false);
      const result = response.result;
      return result.status === "done"
        ? { ok: true, value: result.value }
        : { ok: false, error: result.status === "failed" ? result.error : "" };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  },
  close: (frame) => frames.close(frame),
  focusEditor: () => grid.table.focus(),
  resize: (frame, size) => frames.resize(frame, size),
};
(window as unknown as Record<string, PlaygroundHost>)[HOST_GLOBAL] = host;

function report(error: unknown): void {
  problem.textContent = error instanceof ApiError || error instanceof Error ? error.message : String(error);
  problem.hidden = false;
}

/** After a menu item or a server call: a failure is shown (menu items only; a sidebar shows its own). */
function afterAction(response: ActionResponse, showFailure = true): void {
  if (showFailure && response.result.status === "failed") report(new Error(response.result.error));
  if (!state || response.version > state.version) refresh();
}

function write(at: Cell, values: string[][]): void {
  if (!state) return;
  problem.hidden = true;
  values.forEach((row, r) => {
    row.forEach((text, c) => {
      const a1 = toA1(single({ row: at.row + r, col: at.col + c }));
      pending.set(a1, text.startsWith("=") ? "Loading…" : text);
    });
  });
  grid.draw();
  showStatus();
  post("/api/cells", { sheet: state.activeSheet, a1: toA1(single(at)), values })
    .then(refresh, report)
    .finally(() => {
      pending.clear();
      grid.draw();
      showStatus();
    });
}

/** A fill or a paste: the range shows "Loading…" until the server has answered and the page has re-read. */
function edit(path: string, body: Record<string, string>, shows: Rect): void {
  if (!state) return;
  problem.hidden = true;
  pendingRanges.push(shows);
  grid.draw();
  showStatus();
  post(path, { sheet: state.activeSheet, ...body })
    .then(refresh, report)
    .finally(() => {
      pendingRanges.splice(pendingRanges.indexOf(shows), 1);
      grid.draw();
      showStatus();
    });
}

/**
 * The name box and the formula bar show the selection; one the person is typing in is left alone (a state
 * arriving meanwhile would otherwise put the old cell back under their Enter) unless `force`d (Escape).
 */
function showSelection(selection: Selection, force = false): void {
  if (force || document.activeElement !== nameBox) nameBox.value = toA1(selection);
  const cell = grid.cell(selection.anchor.row, selection.anchor.col);
  if (force || document.activeElement !== formulaBar) formulaBar.value = cell?.formula ?? cell?.display ?? "";
}

function serviceLine(service: ServiceView): string {
  return service.kind === "emulator"
    ? `Emulator ${service.baseUrl} · demo key ${service.demoKey}`
    : `Service ${service.baseUrl}`;
}

let refreshing: Promise<void> | null = null;
let again = false;
/** Aborts the request in flight when it is only for the margin around the view (see GridView.wanted). */
let abortMargin: (() => void) | null = null;

/**
 * Reads the state and draws it; calls made while one is in flight collapse into one more, except that a
 * request for the margin alone is dropped for the new one, so a key pressed meanwhile does not wait for it.
 */
function refresh(): Promise<void> {
  if (refreshing && abortMargin) abortMargin();
  else if (refreshing) {
    again = true;
    return refreshing;
  }
  const { window, margin } = grid.wanted();
  const controller = new AbortController();
  const current = fetchState(window, controller.signal)
    .then(apply, (error) => {
      if (!controller.signal.aborted) report(error);
    })
    .finally(() => {
      if (refreshing !== current) return;
      refreshing = null;
      abortMargin = null;
      if (again) {
        again = false;
        refresh();
      }
    });
  refreshing = current;
  abortMargin = margin ? () => controller.abort() : null;
  return current;
}

function apply(next: PlaygroundState): void {
  // A state read before the one shown (its answer overtaken on the way) would take back a newer selection.
  if (state && next.seq < state.seq) return;
  const first = state === null;
  const sheetChanged = state?.activeSheet !== next.activeSheet;
  state = next;
  host.functions.splice(0, host.functions.length, ...next.serverFunctions);
  byId("doc-name").textContent = next.spreadsheetName;
  byId("service").textContent = serviceLine(next.service);
  document.title = `${next.spreadsheetName} — Enrichment for Sheets playground`;
  menu.update(next.addonMenu.title, next.addonMenu.items);
  tabs.update(next.sheets, next.activeSheet);
  toasts.update(next.toasts);
  // A reloaded page starts without the panels an earlier visit opened, as reopening Sheets does.
  if (first) frames.remember(next.sidebar, next.dialog);
  else frames.update(next.sidebar, next.dialog);
  // A script that selected a range (a run showing its results) moves the view there, as Sheets does; the
  // server counts those moves, so a selection the page itself sent, however its answers arrive, never does.
  const scriptMoved = !sheetChanged && next.selection !== null && next.selectionMoves > selectionMovesSeen;
  selectionMovesSeen = Math.max(selectionMovesSeen, next.selectionMoves);
  const selection =
    sheetChanged || scriptMoved
      ? (fromA1(next.selection ?? "A1", next.sheet.rows, next.sheet.cols) ?? single({ row: 1, col: 1 }))
      : editor.selection;
  // Formulas of the cells just read that have never run count too, whatever the server's pump says.
  working = next.calculating || next.sheet.cells.some((cell) => cell.loading);
  showStatus();
  if (sheetChanged || scriptMoved) {
    grid.load(next.sheet);
    editor.select(selection, false);
  } else {
    // One draw per state: the selection is marked as the new cells are drawn.
    grid.paintSelection(selection, null, false);
    grid.load(next.sheet);
  }
  showSelection(selection);
}

formulaBar.addEventListener("keydown", (event) => {
  if (event.key === "Enter") {
    event.preventDefault();
    write(editor.selection.anchor, [[formulaBar.value]]);
    grid.table.focus();
  } else if (event.key === "Escape") {
    showSelection(editor.selection, true);
    grid.table.focus();
  }
});

const nameBoxProblem = byId("name-box-problem");

/**
 * The name box: Enter goes to the cell or range typed and hands the keys back to the grid there. Text it
 * cannot go to says why and keeps the keys in the name box, so the next keystroke never lands in the cell
 * selected before (Sheets says "Invalid range" too). Escape puts the selection back and returns to the grid.
 */
nameBox.addEventListener("keydown", (event) => {
  if (event.key === "Escape") {
    event.preventDefault();
    nameBoxProblem.hidden = true;
    showSelection(editor.selection, true);
    grid.table.focus();
    return;
  }
  if (event.key !== "Enter") return;
  event.preventDefault();
  const read = readNameBox(nameBox.value, grid.rows, grid.cols);
  if (typeof read === "string") {
    nameBoxProblem.textContent = read;
    nameBoxProblem.hidden = false;
    nameBox.select();
    return;
  }
  nameBoxProblem.hidden = true;
  // The keys go back to the grid first, so the name box then shows the selection as Sheets writes it.
  grid.table.focus();
  editor.select(read);
});
nameBox.addEventListener("input", () => {
  nameBoxProblem.hidden = true;
});
nameBox.addEventListener("blur", () => {
  nameBoxProblem.hidden = true;
});

byId("add-sheet").addEventListener("click", () => {
  post("/api/sheets", {}).then(afterAction, report);
});

byId("problem").addEventListener("click", () => {
  problem.hidden = true;
});

let busy = false;
/**
 * "Working…" while a request is out, formulas are still running on the server, or any cell shows
 * "Loading…" (an edit whose answer has come back but whose cells have not been read again yet).
 */
function showStatus(): void {
  const loading = working || pending.size > 0 || pendingRanges.length > 0;
  status.textContent = busy || loading ? "Working…" : "All changes computed";
  document.body.classList.toggle("busy", busy);
}

onBusyChange((now) => {
  busy = now;
  showStatus();
});

new EventSource("/api/events").addEventListener("message", (event) => {
  const { version } = JSON.parse((event as MessageEvent<string>).data) as { version: number };
  if (!state || version > state.version) refresh();
});

refresh().then(() => grid.table.focus());
