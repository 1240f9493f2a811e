// Draws a sheet as a table: column letters, row numbers, cells with Sheets' display text, the selection.
import { cellA1, columnLetters } from "../../harness/a1";
import type { CellView, SheetView } from "../protocol";
import { contains, type Rect, rect, type Selection } from "./selection";

const MIN_ROWS = 60;
const ROWS_BELOW_DATA = 30;
/** Rows drawn before any scrolling, however long the data: more come as the grid is scrolled down. */
const FIRST_ROWS_LIMIT = 300;
const MORE_ROWS = 100;
const MIN_WIDTH = 100;
const MAX_WIDTH = 280;
const CHAR_WIDTH = 7.5;
const ROW_HEADER_WIDTH = 46;

export class GridView {
  readonly table = document.createElement("table");
  #sheet: SheetView | null = null;
  #cells = new Map<string, CellView>();
  #rows = 0;
  #extraRows = 0;
  #painted: Rect | null = null;
  #active: HTMLTableCellElement | null = null;
  #selection: Selection | null = null;
  #pending = new Map<string, string>();

  constructor(readonly container: HTMLElement) {
    this.table.className = "sheet";
    // The ARIA grid pattern: the table takes focus and the arrow keys move the active cell within it.
    this.table.setAttribute("role", "grid");
    this.table.setAttribute("aria-label", "Sheet");
    this.table.tabIndex = 0;
    container.append(this.table);
    container.addEventListener("scroll", () => {
      const sheet = this.#sheet;
      const nearEnd = container.scrollTop + container.clientHeight > container.scrollHeight - 200;
      if (sheet && nearEnd && this.#rows < sheet.rows) {
        this.#extraRows += MORE_ROWS;
        this.render(sheet, this.#selection, this.#pending);
      }
    });
  }

  get rows(): number {
    return this.#rows;
  }

  get cols(): number {
    return this.#sheet?.cols ?? 0;
  }

  get sheetName(): string | null {
    return this.#sheet?.name ?? null;
  }

  cell(row: number, col: number): CellView | undefined {
    return this.#cells.get(`${row}:${col}`);
  }

  element(row: number, col: number): HTMLTableCellElement | null {
    return this.table.querySelector<HTMLTableCellElement>(`td[data-a1="${cellA1(row, col)}"]`);
  }

  /** Redraws the sheet; `pending` shows text for cells whose new contents the server has not answered yet. */
  render(sheet: SheetView, selection: Selection | null, pending: Map<string, string>): void {
    if (this.#sheet?.name !== sheet.name) this.#extraRows = 0;
    this.#sheet = sheet;
    this.#pending = pending;
    this.#cells = new Map(sheet.cells.map((c) => [`${c.row}:${c.col}`, c]));
    const lastRow = sheet.cells.reduce((max, c) => Math.max(max, c.row), 0);
    const first = Math.min(FIRST_ROWS_LIMIT, Math.max(MIN_ROWS, lastRow + ROWS_BELOW_DATA));
    this.#rows = Math.min(sheet.rows, first + this.#extraRows);
    const widths = this.#widths(sheet);
    const colgroup = document.createElement("colgroup");
    const head = document.createElement("tr");
    const header = document.createElement("col");
    header.style.width = `${ROW_HEADER_WIDTH}px`;
    colgroup.append(header);
    head.append(Object.assign(document.createElement("th"), { className: "corner" }));
    for (let c = 1; c <= sheet.cols; c++) {
      const col = document.createElement("col");
      col.style.width = `${widths[c - 1]}px`;
      colgroup.append(col);
      const th = document.createElement("th");
      th.className = "col-header";
      th.scope = "col";
      th.textContent = columnLetters(c);
      head.append(th);
    }
    const body = document.createElement("tbody");
    for (let r = 1; r <= this.#rows; r++) {
      const tr = document.createElement("tr");
      const th = document.createElement("th");
      th.className = "row-header";
      th.scope = "row";
      th.textContent = String(r);
      tr.append(th);
      for (let c = 1; c <= sheet.cols; c++) tr.append(this.#td(r, c, pending));
      body.append(tr);
    }
    // A fixed-layout table takes its columns' widths only when its own width is their sum.
    this.table.style.width = `${ROW_HEADER_WIDTH + widths.reduce((sum, w) => sum + w, 0)}px`;
    const thead = document.createElement("thead");
    thead.append(head);
    this.table.replaceChildren(colgroup, thead, body);
    this.#painted = null;
    this.#active = null;
    if (selection) this.paintSelection(selection);
  }

  /** Marks the selected cells and the active one, without redrawing the sheet. */
  paintSelection(selection: Selection): void {
    this.#selection = selection;
    const next = rect(selection);
    const previous = this.#painted;
    if (previous) {
      for (let r = previous.top; r <= previous.bottom; r++) {
        for (let c = previous.left; c <= previous.right; c++) {
          if (!contains(next, { row: r, col: c })) this.element(r, c)?.classList.remove("selected");
        }
      }
    }
    const multiple = next.top !== next.bottom || next.left !== next.right;
    for (let r = next.top; r <= Math.min(next.bottom, this.#rows); r++) {
      for (let c = next.left; c <= next.right; c++)
        this.element(r, c)?.classList.toggle("selected", multiple);
    }
    this.#painted = next;
    this.#active?.classList.remove("active");
    this.#active = this.element(selection.focus.row, selection.focus.col);
    this.#active?.classList.add("active");
    this.#active?.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  #td(row: number, col: number, pending: Map<string, string>): HTMLTableCellElement {
    const td = document.createElement("td");
    const a1 = cellA1(row, col);
    td.dataset.a1 = a1;
    const waiting = pending.get(a1);
    const cell = this.#cells.get(`${row}:${col}`);
    if (waiting !== undefined) {
      td.textContent = waiting;
      td.classList.add("pending");
    } else if (cell) {
      td.textContent = cell.display;
      td.classList.add(`kind-${cell.kind}`);
      if (cell.error) td.title = cell.error;
    }
    return td;
  }

  /** Sheets' columns are 100 px; the playground widens a column to fit what it shows, up to a limit. */
  #widths(sheet: SheetView): number[] {
    const longest = new Array<number>(sheet.cols).fill(0);
    for (const cell of sheet.cells) {
      if (cell.row <= this.#rows) {
        longest[cell.col - 1] = Math.max(longest[cell.col - 1] ?? 0, cell.display.length);
      }
    }
    return longest.map((chars) =>
      Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, chars * CHAR_WIDTH + 16))),
    );
  }
}
