// Draws the part of a sheet in view as a table (virtual rows and columns): headers, cells, selection, fill handle.
import { cellA1, columnLetters } from "../../harness/a1";
import type { CellView, GridWindow, SheetView } from "../protocol";
import { contains, type Rect, rect, type Selection } from "./selection";

export const ROW_HEIGHT = 23;
const HEADER_HEIGHT = 23;
const ROW_HEADER_WIDTH = 46;
const MIN_WIDTH = 100;
const MAX_WIDTH = 280;
const CHAR_WIDTH = 7.5;
/** Rows and columns drawn beyond the edges of the view, so a small scroll needs no redraw. */
const OVERSCAN_ROWS = 15;
const OVERSCAN_COLS = 3;
/** Rows and columns asked of the server beyond what is drawn, so scrolling rarely waits for cells. */
const FETCH_ROWS = 150;
const FETCH_COLS = 20;
/** How long the grid stays still before the margin's cells are asked for. */
const MARGIN_DELAY_MS = 120;

/** Text drawn instead of a cell's contents: typed text the server has not answered yet, or "Loading…". */
export type Pending = (row: number, col: number) => string | undefined;

export class GridView {
  readonly table = document.createElement("table");
  readonly #space = document.createElement("div");
  readonly #handle = document.createElement("div");
  /** The note of the cell under the mouse, beside the cell, as Sheets shows it. */
  readonly #note = document.createElement("div");
  #sheet: { name: string; rows: number; cols: number } | null = null;
  #cells = new Map<number, CellView>();
  #fetched: GridWindow | null = null;
  #lefts: number[] = [0];
  #selection: Selection | null = null;
  #fillTo: number | null = null;
  #pending: Pending = () => undefined;
  #frame = 0;
  /** The next request is for the margin around what is drawn (its cells have just arrived). */
  #widen = false;
  #widenTimer: ReturnType<typeof setTimeout> | undefined;

  /** `wantCells` is called when the rows or columns drawn are not all loaded. */
  constructor(
    readonly container: HTMLElement,
    private readonly wantCells: () => void,
  ) {
    this.table.className = "sheet";
    // The ARIA grid pattern: the table takes focus and the arrow keys move the active cell within it.
    this.table.setAttribute("role", "grid");
    this.table.setAttribute("aria-label", "Sheet");
    this.table.tabIndex = 0;
    this.#space.className = "grid-space";
    this.#handle.className = "fill-handle";
    this.#handle.hidden = true;
    this.#note.className = "cell-note";
    this.#note.setAttribute("role", "tooltip");
    this.#note.hidden = true;
    this.#space.append(this.table, this.#handle, this.#note);
    container.addEventListener("mouseover", (event) => this.#hoverNote(event.target));
    container.addEventListener("mouseleave", () => this.#hoverNote(null));
    container.append(this.#space);
    container.addEventListener("scroll", () => this.#schedule(), { passive: true });
    new ResizeObserver(() => this.#schedule()).observe(container);
  }

  get rows(): number {
    return this.#sheet?.rows ?? 0;
  }

  get cols(): number {
    return this.#sheet?.cols ?? 0;
  }

  get sheetName(): string | null {
    return this.#sheet?.name ?? null;
  }

  /** The content area the cell editor and the fill handle are placed in. */
  get space(): HTMLElement {
    return this.#space;
  }

  cell(row: number, col: number): CellView | undefined {
    return this.#cells.get(key(row, col));
  }

  /** True when the cells of `r` are loaded (empty ones included). */
  loaded(r: Rect): boolean {
    const f = this.#fetched;
    return !!f && r.top >= f.top && r.bottom <= f.bottom && r.left >= f.left && r.right <= f.right;
  }

  element(row: number, col: number): HTMLTableCellElement | null {
    return this.table.querySelector<HTMLTableCellElement>(`td[data-a1="${cellA1(row, col)}"]`);
  }

  /** Where a cell sits in the content area, in pixels. */
  box(row: number, col: number): { left: number; top: number; width: number; height: number } {
    return {
      left: this.#lefts[col - 1]! + ROW_HEADER_WIDTH,
      top: HEADER_HEIGHT + (row - 1) * ROW_HEIGHT,
      width: this.#lefts[col]! - this.#lefts[col - 1]!,
      height: ROW_HEIGHT,
    };
  }

  /**
   * The rows and columns to ask the server for: first only what is drawn, so a jump, an undo or any change
   * shows as soon as those few cells arrive; then (`load` asks again) what is drawn and a margin around it,
   * so scrolling rarely waits for cells.
   */
  wanted(): { window: GridWindow; margin: boolean } {
    const v = this.#visible();
    if (!this.#widen) return { window: v, margin: false };
    this.#widen = false;
    return { window: this.#withMargin(v), margin: true };
  }

  #withMargin(v: GridWindow): GridWindow {
    return {
      top: Math.max(1, v.top - FETCH_ROWS),
      bottom: Math.min(this.rows || 1, v.bottom + FETCH_ROWS),
      left: Math.max(1, v.left - FETCH_COLS),
      right: Math.min(this.cols || 1, v.right + FETCH_COLS),
    };
  }

  /** Takes the server's cells for a window of a sheet, then redraws. */
  load(view: SheetView): void {
    const changed = this.#sheet?.name !== view.name;
    this.#sheet = { name: view.name, rows: view.rows, cols: view.cols };
    this.#cells = new Map(view.cells.map((c) => [key(c.row, c.col), c]));
    this.#fetched = view.window;
    const widths = view.textWidths.map((chars) =>
      Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, chars * CHAR_WIDTH + 16))),
    );
    this.#lefts = [0];
    for (const w of widths) this.#lefts.push(this.#lefts[this.#lefts.length - 1]! + w);
    this.#space.style.width = `${ROW_HEADER_WIDTH + this.#lefts[this.#lefts.length - 1]!}px`;
    this.#space.style.height = `${HEADER_HEIGHT + view.rows * ROW_HEIGHT}px`;
    if (changed) this.container.scrollTo(0, 0);
    this.draw();
    // The cells in view came without their margin: ask for it once the grid has been still a moment, so
    // the next key (another Ctrl+Down, a PageDown) does not wait behind it.
    const v = this.#visible();
    clearTimeout(this.#widenTimer);
    if (this.loaded(v) && !this.loaded(this.#withMargin(v))) {
      this.#widenTimer = setTimeout(() => {
        this.#widen = true;
        this.wantCells();
      }, MARGIN_DELAY_MS);
    }
  }

  setPending(pending: Pending): void {
    this.#pending = pending;
    this.draw();
  }

  /** Marks the selection (and, while the fill handle is dragged, the rows it will fill to). */
  paintSelection(selection: Selection, fillTo: number | null = null): void {
    this.#selection = selection;
    this.#fillTo = fillTo;
    this.draw();
  }

  /** Rows a PageDown moves: those the view shows whole under the column headers. */
  get pageRows(): number {
    return Math.max(1, Math.floor((this.container.clientHeight - HEADER_HEIGHT) / ROW_HEIGHT));
  }

  /** Scrolls the view by whole rows (down when positive). */
  scrollRows(rows: number): void {
    if (rows === 0) return;
    this.container.scrollTop += rows * ROW_HEIGHT;
    this.draw();
  }

  /** Scrolls the least needed to show a cell whole; redraws unless `redraw` is false (the caller draws next). */
  reveal(row: number, col: number, redraw = true): void {
    const c = this.container;
    const b = this.box(row, col);
    let top = c.scrollTop;
    let left = c.scrollLeft;
    if (b.top - HEADER_HEIGHT < top) top = b.top - HEADER_HEIGHT;
    else if (b.top + b.height > top + c.clientHeight) top = b.top + b.height - c.clientHeight;
    if (b.left - ROW_HEADER_WIDTH < left) left = b.left - ROW_HEADER_WIDTH;
    else if (b.left + b.width > left + c.clientWidth) left = b.left + b.width - c.clientWidth;
    if (top !== c.scrollTop || left !== c.scrollLeft) {
      c.scrollTo(left, top);
      if (redraw) this.draw();
    }
  }

  #schedule(): void {
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.draw();
    });
  }

  /** The rows and columns in view, with the overscan. */
  #visible(): GridWindow {
    const c = this.container;
    const rows = this.rows || 1;
    const cols = this.cols || 1;
    const top = Math.floor(c.scrollTop / ROW_HEIGHT) + 1;
    const bottom = Math.ceil((c.scrollTop + c.clientHeight) / ROW_HEIGHT) + 1;
    const left = this.#columnAt(c.scrollLeft);
    const right = this.#columnAt(c.scrollLeft + c.clientWidth);
    return {
      top: Math.max(1, top - OVERSCAN_ROWS),
      bottom: Math.min(rows, bottom + OVERSCAN_ROWS),
      left: Math.max(1, left - OVERSCAN_COLS),
      right: Math.min(cols, right + OVERSCAN_COLS),
    };
  }

  /** The column under an x offset of the cells (binary search over the columns' left edges). */
  #columnAt(x: number): number {
    let lo = 1;
    let hi = Math.max(1, this.#lefts.length - 1);
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.#lefts[mid - 1]! <= x) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Redraws the rows and columns in view from the cells loaded; asks for more when some are missing. */
  draw(): void {
    if (!this.#sheet) return;
    const w = this.#visible();
    // Cells missing are asked for first, so the request is out while the table is built.
    if (!this.loaded(w)) this.wantCells();
    const selection = this.#selection;
    const area = selection ? rect(selection) : null;
    const multiple = !!area && (area.top !== area.bottom || area.left !== area.right);
    const fill =
      area && this.#fillTo !== null && this.#fillTo > area.bottom
        ? { ...area, top: area.bottom + 1, bottom: this.#fillTo }
        : null;
    const colgroup = document.createElement("colgroup");
    const head = document.createElement("tr");
    const headerCol = document.createElement("col");
    headerCol.style.width = `${ROW_HEADER_WIDTH}px`;
    colgroup.append(headerCol);
    head.append(Object.assign(document.createElement("th"), { className: "corner" }));
    for (let c = w.left; c <= w.right; c++) {
      const col = document.createElement("col");
      col.style.width = `${this.#lefts[c]! - this.#lefts[c - 1]!}px`;
      colgroup.append(col);
      const th = document.createElement("th");
      th.className = "col-header";
      th.scope = "col";
      th.dataset.col = String(c);
      th.textContent = columnLetters(c);
      if (area && c >= area.left && c <= area.right) th.classList.add("selected");
      head.append(th);
    }
    const body = document.createElement("tbody");
    for (let r = w.top; r <= w.bottom; r++) {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.className = "row-header";
      th.scope = "row";
      th.dataset.row = String(r);
      th.textContent = String(r);
      if (area && r >= area.top && r <= area.bottom) th.classList.add("selected");
      tr.append(th);
      for (let c = w.left; c <= w.right; c++) {
        const td = this.#td(r, c);
        if (multiple && area && contains(area, { row: r, col: c })) td.classList.add("selected");
        if (fill && contains(fill, { row: r, col: c })) td.classList.add("fill-target");
        if (selection && selection.anchor.row === r && selection.anchor.col === c) td.classList.add("active");
        tr.append(td);
      }
      body.append(tr);
    }
    const thead = document.createElement("thead");
    thead.append(head);
    const focused = document.activeElement === this.table;
    this.table.replaceChildren(colgroup, thead, body);
    // A fixed-layout table takes its columns' widths only when its own width is their sum.
    this.table.style.width = `${ROW_HEADER_WIDTH + this.#lefts[w.right]! - this.#lefts[w.left - 1]!}px`;
    this.table.style.left = `${this.#lefts[w.left - 1]!}px`;
    this.table.style.top = `${(w.top - 1) * ROW_HEIGHT}px`;
    if (focused) this.table.focus({ preventScroll: true });
    this.#placeHandle(area);
  }

  /** Shows the note of the cell under the mouse to the right of it, or hides it off a cell with a note. */
  #hoverNote(target: EventTarget | null): void {
    const td = (target as HTMLElement | null)?.closest?.("td[data-a1]") as HTMLTableCellElement | null;
    const cell = td ? this.cell(Number(td.dataset.row), Number(td.dataset.col)) : undefined;
    if (!cell?.note) {
      this.#note.hidden = true;
      return;
    }
    const b = this.box(cell.row, cell.col);
    this.#note.textContent = cell.note;
    this.#note.style.left = `${b.left + b.width + 2}px`;
    this.#note.style.top = `${b.top}px`;
    this.#note.hidden = false;
  }

  #placeHandle(area: Rect | null): void {
    if (!area) {
      this.#handle.hidden = true;
      return;
    }
    const b = this.box(area.bottom, area.right);
    this.#handle.hidden = false;
    this.#handle.style.left = `${b.left + b.width - 4}px`;
    this.#handle.style.top = `${b.top + b.height - 4}px`;
  }

  #td(row: number, col: number): HTMLTableCellElement {
    const td = document.createElement("td");
    td.dataset.a1 = cellA1(row, col);
    td.dataset.row = String(row);
    td.dataset.col = String(col);
    const waiting = this.#pending(row, col);
    const cell = this.#cells.get(key(row, col));
    if (waiting !== undefined) {
      td.textContent = waiting;
      td.classList.add("pending");
    } else if (cell?.loading) {
      td.textContent = "Loading…";
      td.classList.add("pending");
    } else if (cell) {
      td.textContent = cell.display;
      td.classList.add(`kind-${cell.kind}`);
      if (cell.error) td.title = cell.error;
    }
    if (cell?.note) {
      // Sheets' note mark: a small black triangle in the cell's top-right corner; the note shows on hover.
      const mark = document.createElement("span");
      mark.className = "note-mark";
      mark.setAttribute("aria-hidden", "true");
      td.append(mark);
      td.classList.add("has-note");
      td.setAttribute("aria-description", `Note: ${cell.note}`);
    }
    return td;
  }
}

function key(row: number, col: number): number {
  return row * 100_000 + col;
}
