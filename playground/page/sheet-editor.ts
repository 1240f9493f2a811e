// How a person works the grid: select with the mouse, headers or keys, type, clear, fill, copy, paste, undo.
import type { GridView } from "./grid-view";
import { type Cell, rect, type Selection, single, step, toA1 } from "./selection";

export type Direction = "up" | "down" | "left" | "right";

export interface EditorHooks {
  selectionChanged(selection: Selection): void;
  /** Rows of typed text written from `at` (typing, pasting text, or "" to clear). */
  write(at: Cell, values: string[][]): void;
  /** Fill down over the selection's rectangle, from its top row. */
  fill(selection: Selection): void;
  /** Pastes the range `from`, copied in this grid on the sheet `fromSheet`, with its top-left at `to`. */
  pasteCopy(fromSheet: string, from: string, to: Cell): void;
  undo(): void;
  /** Where Ctrl+arrow from `from` lands. */
  edge(from: Cell, direction: Direction): Promise<Cell>;
  /** Ctrl+End's cell: the last row and column with data. */
  lastCell(): Promise<Cell>;
  /** A range's text for the clipboard when not all its cells are loaded. */
  text(a1: string): string;
}

const ARROWS: Record<string, [number, number, Direction]> = {
  ArrowUp: [-1, 0, "up"],
  ArrowDown: [1, 0, "down"],
  ArrowLeft: [0, -1, "left"],
  ArrowRight: [0, 1, "right"],
};

export class SheetEditor {
  #selection: Selection = single({ row: 1, col: 1 });
  readonly #input = document.createElement("textarea");
  #editing: Cell | null = null;
  /** What the mouse is dragging: the selection's far corner, or the fill handle down to a row. */
  #drag: "select" | "fill" | null = null;
  #fillTo: number | null = null;
  /**
   * The range last copied in this grid, its sheet, and the text it put on the clipboard, to paste it with
   * formulas (on whichever tab it is pasted).
   */
  #copied: { sheet: string; a1: string; text: string } | null = null;

  constructor(
    private readonly grid: GridView,
    private readonly hooks: EditorHooks,
  ) {
    const container = grid.container;
    this.#input.className = "cell-editor";
    this.#input.hidden = true;
    this.#input.spellcheck = false;
    this.#input.setAttribute("aria-label", "Cell contents");
    grid.space.append(this.#input);
    container.addEventListener("mousedown", (event) => this.#mouseDown(event));
    container.addEventListener("mouseover", (event) => this.#mouseOver(event));
    window.addEventListener("mouseup", () => this.#mouseUp());
    container.addEventListener("dblclick", (event) => {
      if (cellOf(event.target)) this.startEditing(null);
    });
    grid.table.addEventListener("keydown", (event) => this.#gridKey(event));
    this.#input.addEventListener("keydown", (event) => this.#editorKey(event));
    this.#input.addEventListener("blur", () => this.commit());
    container.addEventListener("copy", (event) => this.#copy(event));
    container.addEventListener("paste", (event) => this.#paste(event));
  }

  get selection(): Selection {
    return this.#selection;
  }

  get editing(): boolean {
    return this.#editing !== null;
  }

  /** Selects and scrolls to show `reveal`: the far corner as it moves, else the active cell. */
  select(selection: Selection, notify = true, reveal: Cell = selection.anchor): void {
    this.#selection = selection;
    // Scroll first, then draw once where the view lands.
    this.grid.reveal(reveal.row, reveal.col, false);
    this.grid.paintSelection(selection, this.#fillTo);
    if (notify) this.hooks.selectionChanged(selection);
  }

  /** Opens the cell editor on the active cell, with `initial` typed (or the cell's contents when null). */
  startEditing(initial: string | null): void {
    const at = this.#selection.anchor;
    this.grid.reveal(at.row, at.col);
    const cell = this.grid.cell(at.row, at.col);
    this.#editing = at;
    const input = this.#input;
    const box = this.grid.box(at.row, at.col);
    input.value = initial ?? cell?.formula ?? cell?.display ?? "";
    input.style.left = `${box.left}px`;
    input.style.top = `${box.top}px`;
    input.style.minWidth = `${box.width}px`;
    input.style.height = `${box.height}px`;
    input.hidden = false;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }

  /** Writes what the editor holds, if it is open. */
  commit(): void {
    const at = this.#editing;
    if (!at) return;
    this.#editing = null;
    this.#input.hidden = true;
    const cell = this.grid.cell(at.row, at.col);
    const before = cell?.formula ?? cell?.display ?? "";
    if (this.#input.value !== before) this.hooks.write(at, [[this.#input.value]]);
  }

  cancel(): void {
    this.#editing = null;
    this.#input.hidden = true;
    this.grid.table.focus();
  }

  #mouseDown(event: MouseEvent): void {
    if (event.button !== 0 || event.target === this.#input) return;
    const target = event.target as HTMLElement;
    const { rows, cols } = this.grid;
    const { anchor } = this.#selection;
    let next: Selection | null = null;
    if (target.classList.contains("fill-handle")) {
      event.preventDefault();
      this.commit();
      this.#drag = "fill";
      this.#fillTo = rect(this.#selection).bottom;
      return;
    }
    const cell = cellOf(target);
    const header = target.closest("th") as HTMLTableCellElement | null;
    if (cell) {
      next = event.shiftKey ? { anchor, focus: cell } : single(cell);
    } else if (header?.classList.contains("col-header")) {
      const col = Number(header.dataset.col);
      // A column: the active cell at its top, the selection to the sheet's last row.
      next = event.shiftKey
        ? { anchor: { row: 1, col: anchor.col }, focus: { row: rows, col } }
        : { anchor: { row: 1, col }, focus: { row: rows, col } };
    } else if (header?.classList.contains("row-header")) {
      const row = Number(header.dataset.row);
      next = event.shiftKey
        ? { anchor: { row: anchor.row, col: 1 }, focus: { row, col: cols } }
        : { anchor: { row, col: 1 }, focus: { row, col: cols } };
    } else if (header?.classList.contains("corner")) {
      next = { anchor: { row: 1, col: 1 }, focus: { row: rows, col: cols } };
    }
    if (!next) return;
    event.preventDefault();
    this.commit();
    this.grid.table.focus({ preventScroll: true });
    this.select(next, true, cell ?? next.anchor);
    this.#drag = cell ? "select" : null;
  }

  #mouseOver(event: MouseEvent): void {
    const cell = cellOf(event.target);
    if (!this.#drag || !cell) return;
    if (this.#drag === "fill") {
      const to = Math.max(cell.row, rect(this.#selection).bottom);
      if (to !== this.#fillTo) {
        this.#fillTo = to;
        this.grid.paintSelection(this.#selection, to);
      }
      return;
    }
    const { focus } = this.#selection;
    if (focus.row !== cell.row || focus.col !== cell.col)
      this.select({ anchor: this.#selection.anchor, focus: cell }, true, cell);
  }

  #mouseUp(): void {
    const drag = this.#drag;
    this.#drag = null;
    if (drag !== "fill") return;
    const to = this.#fillTo;
    this.#fillTo = null;
    const r = rect(this.#selection);
    if (to === null || to <= r.bottom) {
      this.grid.paintSelection(this.#selection);
      return;
    }
    const filled = { anchor: { row: r.top, col: r.left }, focus: { row: to, col: r.right } };
    this.select(filled, true, filled.anchor);
    this.hooks.fill(filled);
  }

  #move(dRow: number, dCol: number, extend: boolean): void {
    const { anchor, focus } = this.#selection;
    if (extend) {
      const to = step(focus, this.grid.rows, this.grid.cols, dRow, dCol);
      this.select({ anchor, focus: to }, true, to);
    } else {
      this.select(single(step(anchor, this.grid.rows, this.grid.cols, dRow, dCol)));
    }
  }

  /** Moves the active cell to `to`, or with Shift the selection's far corner, as Ctrl+Home and Ctrl+End do. */
  #to(to: Cell, extend: boolean): void {
    if (extend) this.select({ anchor: this.#selection.anchor, focus: to }, true, to);
    else this.select(single(to));
  }

  /**
   * PageDown/PageUp: the active cell (with Shift the far corner) a screen of rows down or up, and the view
   * with it, so the cell keeps its place on the screen, as Sheets does.
   */
  #page(direction: 1 | -1, extend: boolean): void {
    const { anchor, focus } = this.#selection;
    const from = extend ? focus : anchor;
    const rows = this.grid.pageRows;
    const to = step(from, this.grid.rows, this.grid.cols, direction * rows, 0);
    this.grid.scrollRows(to.row - from.row);
    this.#to(to, extend);
  }

  /** Ctrl+arrow: to the data's edge, the active cell (or with Shift the far corner) moving there. */
  #jump(direction: Direction, extend: boolean): void {
    const { anchor, focus } = this.#selection;
    this.hooks.edge(extend ? focus : anchor, direction).then((to) => {
      if (extend) this.select({ anchor, focus: to }, true, to);
      else this.select(single(to));
    });
  }

  #gridKey(event: KeyboardEvent): void {
    if (this.editing || event.target !== this.grid.table) return;
    const ctrl = event.ctrlKey || event.metaKey;
    const arrow = ARROWS[event.key];
    const letter = event.key.toLowerCase();
    const { rows, cols } = this.grid;
    const { anchor } = this.#selection;
    if (arrow) {
      event.preventDefault();
      if (ctrl) this.#jump(arrow[2], event.shiftKey);
      else this.#move(arrow[0], arrow[1], event.shiftKey);
    } else if (event.key === "PageDown" || event.key === "PageUp") {
      event.preventDefault();
      this.#page(event.key === "PageDown" ? 1 : -1, event.shiftKey);
    } else if (event.key === "Home" && ctrl) {
      event.preventDefault();
      this.#to({ row: 1, col: 1 }, event.shiftKey);
    } else if (event.key === "Home") {
      event.preventDefault();
      this.#to({ row: (event.shiftKey ? this.#selection.focus : anchor).row, col: 1 }, event.shiftKey);
    } else if (event.key === "End" && ctrl) {
      event.preventDefault();
      const extend = event.shiftKey;
      this.hooks.lastCell().then((to) => this.#to(to, extend));
    } else if (ctrl && letter === "d") {
      event.preventDefault();
      const r = rect(this.#selection);
      // One row selected: Sheets copies the row above into it.
      if (r.top === r.bottom && r.top > 1) {
        this.hooks.fill({ anchor: { row: r.top - 1, col: r.left }, focus: { row: r.bottom, col: r.right } });
      } else if (r.top !== r.bottom) this.hooks.fill(this.#selection);
    } else if (ctrl && letter === "z" && !event.shiftKey) {
      event.preventDefault();
      this.hooks.undo();
    } else if (ctrl && letter === "a") {
      event.preventDefault();
      this.select({ anchor: { row: 1, col: 1 }, focus: { row: rows, col: cols } });
    } else if (ctrl && event.key === " ") {
      event.preventDefault();
      this.select({ anchor: { row: 1, col: anchor.col }, focus: { row: rows, col: anchor.col } });
    } else if (event.shiftKey && event.key === " ") {
      event.preventDefault();
      this.select({ anchor: { row: anchor.row, col: 1 }, focus: { row: anchor.row, col: cols } });
    } else if (event.key === "Enter" || event.key === "F2") {
      event.preventDefault();
      this.startEditing(null);
    } else if (event.key === "Tab") {
      event.preventDefault();
      this.#move(0, event.shiftKey ? -1 : 1, false);
    } else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      const r = rect(this.#selection);
      const blank = Array.from({ length: r.bottom - r.top + 1 }, () =>
        Array.from({ length: r.right - r.left + 1 }, () => ""),
      );
      this.hooks.write({ row: r.top, col: r.left }, blank);
    } else if (event.key.length === 1 && !ctrl && !event.altKey) {
      event.preventDefault();
      this.startEditing(event.key);
    }
  }

  #editorKey(event: KeyboardEvent): void {
    if (event.key === "Enter" && !event.shiftKey && !event.altKey) {
      event.preventDefault();
      this.commit();
      this.grid.table.focus();
      this.#move(1, 0, false);
    } else if (event.key === "Tab") {
      event.preventDefault();
      this.commit();
      this.grid.table.focus();
      this.#move(0, event.shiftKey ? -1 : 1, false);
    } else if (event.key === "Escape") {
      event.preventDefault();
      this.cancel();
    }
  }

  #copy(event: ClipboardEvent): void {
    if (this.editing) return;
    const r = rect(this.#selection);
    const a1 = toA1(this.#selection);
    let text: string;
    if (this.grid.loaded(r)) {
      const lines: string[] = [];
      for (let row = r.top; row <= r.bottom; row++) {
        const cells: string[] = [];
        for (let col = r.left; col <= r.right; col++) cells.push(this.grid.cell(row, col)?.display ?? "");
        lines.push(cells.join("\t"));
      }
      text = lines.join("\n");
    } else {
      text = this.hooks.text(a1);
    }
    this.#copied = { sheet: this.grid.sheetName ?? "", a1, text };
    event.clipboardData?.setData("text/plain", text);
    event.preventDefault();
  }

  #paste(event: ClipboardEvent): void {
    if (this.editing) return;
    const text = event.clipboardData?.getData("text/plain") ?? "";
    if (!text) return;
    event.preventDefault();
    const r = rect(this.#selection);
    const at = { row: r.top, col: r.left };
    // What this grid copied pastes as Sheets pastes it within a spreadsheet: formulas moved, not their text.
    if (this.#copied && this.#copied.text === text.replace(/\r\n?/g, "\n")) {
      this.hooks.pasteCopy(this.#copied.sheet, this.#copied.a1, at);
      return;
    }
    const lines = text.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n");
    const rows = lines.map((line) => line.split("\t"));
    const width = Math.max(...rows.map((row) => row.length));
    this.hooks.write(
      at,
      rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? "")),
    );
  }
}

function cellOf(target: EventTarget | null): Cell | null {
  const td = (target as HTMLElement | null)?.closest?.("td[data-a1]") as HTMLTableCellElement | null;
  if (!td) return null;
  return { row: Number(td.dataset.row), col: Number(td.dataset.col) };
}
