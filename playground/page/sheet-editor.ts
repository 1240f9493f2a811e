// How a person works the grid: select with the mouse or the keys, type into cells, clear, copy and paste.
import type { GridView } from "./grid-view";
import { type Cell, rect, type Selection, single, step } from "./selection";

export interface EditorHooks {
  selectionChanged(selection: Selection): void;
  /** Rows of typed text written from `at` (typing, pasting, or "" to clear). */
  write(at: Cell, values: string[][]): void;
}

export class SheetEditor {
  #selection: Selection = single({ row: 1, col: 1 });
  readonly #input = document.createElement("textarea");
  #editing: Cell | null = null;
  #dragging = false;

  constructor(
    private readonly grid: GridView,
    private readonly hooks: EditorHooks,
  ) {
    const container = grid.container;
    this.#input.className = "cell-editor";
    this.#input.hidden = true;
    this.#input.spellcheck = false;
    this.#input.setAttribute("aria-label", "Cell contents");
    container.append(this.#input);
    container.addEventListener("mousedown", (event) => this.#mouseDown(event));
    container.addEventListener("mouseover", (event) => this.#mouseOver(event));
    window.addEventListener("mouseup", () => {
      this.#dragging = false;
    });
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

  select(selection: Selection, notify = true): void {
    this.#selection = selection;
    this.grid.paintSelection(selection);
    if (notify) this.hooks.selectionChanged(selection);
  }

  /** Opens the cell editor on the active cell, with `initial` typed (or the cell's contents when null). */
  startEditing(initial: string | null): void {
    const at = this.#selection.focus;
    const td = this.grid.element(at.row, at.col);
    if (!td) return;
    const cell = this.grid.cell(at.row, at.col);
    this.#editing = at;
    const input = this.#input;
    input.value = initial ?? cell?.formula ?? cell?.display ?? "";
    input.style.left = `${td.offsetLeft}px`;
    input.style.top = `${td.offsetTop}px`;
    input.style.minWidth = `${td.offsetWidth}px`;
    input.style.height = `${td.offsetHeight}px`;
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
    const cell = cellOf(event.target);
    if (!cell || event.button !== 0) return;
    if (event.target === this.#input) return;
    event.preventDefault();
    this.commit();
    this.grid.table.focus();
    this.select(event.shiftKey ? { anchor: this.#selection.anchor, focus: cell } : single(cell));
    this.#dragging = true;
  }

  #mouseOver(event: MouseEvent): void {
    const cell = cellOf(event.target);
    if (!this.#dragging || !cell) return;
    const { focus } = this.#selection;
    if (focus.row !== cell.row || focus.col !== cell.col)
      this.select({ anchor: this.#selection.anchor, focus: cell });
  }

  #move(dRow: number, dCol: number, extend: boolean): void {
    const to = step(this.#selection.focus, this.grid.rows, this.grid.cols, dRow, dCol);
    this.select(extend ? { anchor: this.#selection.anchor, focus: to } : single(to));
  }

  #gridKey(event: KeyboardEvent): void {
    if (this.editing || event.target !== this.grid.table) return;
    const arrows: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const arrow = arrows[event.key];
    if (arrow) {
      event.preventDefault();
      this.#move(arrow[0], arrow[1], event.shiftKey);
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
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
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
    const lines: string[] = [];
    for (let row = r.top; row <= r.bottom; row++) {
      const cells: string[] = [];
      for (let col = r.left; col <= r.right; col++) cells.push(this.grid.cell(row, col)?.display ?? "");
      lines.push(cells.join("\t"));
    }
    event.clipboardData?.setData("text/plain", lines.join("\n"));
    event.preventDefault();
  }

  #paste(event: ClipboardEvent): void {
    if (this.editing) return;
    const text = event.clipboardData?.getData("text/plain") ?? "";
    if (!text) return;
    event.preventDefault();
    const lines = text.replace(/\r\n?/g, "\n").replace(/\n$/, "").split("\n");
    const rows = lines.map((line) => line.split("\t"));
    const width = Math.max(...rows.map((row) => row.length));
    const r = rect(this.#selection);
    this.hooks.write(
      { row: r.top, col: r.left },
      rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? "")),
    );
  }
}

function cellOf(target: EventTarget | null): Cell | null {
  const td = (target as HTMLElement | null)?.closest?.("td[data-a1]") as HTMLTableCellElement | null;
  if (!td) return null;
  const tr = td.parentElement as HTMLTableRowElement;
  return { row: tr.rowIndex, col: td.cellIndex };
}
