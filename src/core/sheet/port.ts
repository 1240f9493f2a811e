// What the bulk engine and the job writers need of a spreadsheet, so their logic runs without Apps Script.

/** What Sheets stores in a cell and setValues accepts. */
export type CellValue = string | number | boolean | Date;

/** Text with links over parts of it: `text[start, end)` opens `url` (0-based offsets, end exclusive). */
export interface LinkedText {
  text: string;
  links: { start: number; end: number; url: string }[];
}

export interface SheetPort {
  readonly name: string;
  /** The last row / column with content; 0 on an empty sheet. */
  lastRow(): number;
  lastColumn(): number;
  /** How many rows the sheet has, empty ones included: rows past it do not exist. */
  maxRows(): number;
  readValues(row: number, column: number, rows: number, columns: number): unknown[][];
  /**
   * Every cell from A1 to the last row and column with content, in one read (getDataRange): A1 alone on
   * an empty sheet. For a record read whole, without asking its size first.
   */
  readAll(): unknown[][];
  /** Formula text per cell, "" where the cell holds a plain value or nothing. */
  readFormulas(row: number, column: number, rows: number, columns: number): string[][];
  /**
   * Whether no cell of the block holds a value or a formula (one isBlank, a read: cells past the sheet's
   * edge hold nothing). A formula showing nothing is content, as Sheets' isBlank has it. Cheaper than
   * reading a block's values and formulas to find it empty.
   */
  isBlank(row: number, column: number, rows: number, columns: number): boolean;
  /** One setValues; the sheet grows first when the block reaches past its edge. */
  writeValues(row: number, column: number, values: CellValue[][]): void;
  /**
   * One appendRow under the last row with content: atomic in Sheets (no other execution's append lands in
   * the same row), and the sheet grows as needed.
   */
  appendRow(values: CellValue[]): void;
  /** Notes per cell, "" where a cell has none (cells past the sheet's edge have none). */
  readNotes(row: number, column: number, rows: number, columns: number): string[][];
  /** One setNotes over a block already inside the sheet ("" clears a note). */
  writeNotes(row: number, column: number, notes: string[][]): void;
  /**
   * One cell's text with its links (a Rich Text value): the text is written as it is, never read as a
   * formula, number or date. The cell is inside the sheet.
   */
  writeLinkedText(row: number, column: number, value: LinkedText): void;
  /** Makes the sheet at least `rows` rows tall, new empty rows at its end (one insertRowsAfter, or none). */
  growTo(rows: number): void;
  /** One setNumberFormat over a block already inside the sheet ("yyyy-mm-dd"). */
  setNumberFormat(row: number, column: number, rows: number, columns: number, format: string): void;
  /** Midnight of a calendar day in the spreadsheet's time zone, which is what a date cell holds. */
  day(year: number, month: number, day: number): Date;
}

export interface WorkbookPort {
  /** The spreadsheet's id: what keys its entries in a cache every execution reaches. */
  id(): string;
  /** The spreadsheet's time zone (File ▸ Settings), which every time the add-on writes or shows names. */
  timeZone(): string;
  sheet(name: string): SheetPort | null;
  /** The id Sheets gives the sheet of that name (getSheetId: it stays when the person renames it). */
  sheetId(name: string): number | null;
  /** The sheet with that id, under whatever name it has now; null once it is deleted. */
  sheetById(id: number): SheetPort | null;
  /** Renames a sheet (the add-on's own hidden sheets, which follow the sheet they belong to). */
  renameSheet(from: string, to: string): void;
  sheetNames(): string[];
  /**
   * Adds a sheet with exactly this name (the caller makes it unique). Sheets shows a new sheet at once;
   * `show: false` keeps the person on the sheet they were looking at (for work done in the background).
   */
  insertSheet(name: string, options?: { show?: boolean; hidden?: boolean }): SheetPort;
  /** Deletes the sheet of that name (the add-on's own hidden sheets, once nothing needs them). */
  deleteSheet(name: string): void;
  /**
   * Brings a block into view: its sheet shown and the block selected, so Sheets scrolls to it. Only for
   * a person's own action (a sidebar call); nothing happens for a sheet that is gone.
   */
  show(name: string, row: number, column: number, rows: number, columns: number): void;
}

/** `base`, or `base (2)`, `base (3)`… whichever no sheet has yet (Sheets compares names ignoring case). */
export function uniqueSheetName(workbook: WorkbookPort, base: string): string {
  const taken = new Set(workbook.sheetNames().map((name) => name.toLowerCase()));
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}
