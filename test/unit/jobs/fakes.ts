// Fakes for job and bulk tests: properties with Apps Script's limits, a sheet, a workbook.

import type { KeyValueStore } from "../../../src/core/jobs/chunked-store.ts";
import type { CellValue, LinkedText, SheetPort, WorkbookPort } from "../../../src/core/sheet/port.ts";
import type { TimeWords } from "../../../src/core/text/when.ts";

export { FakeClock, FakeMutex, START_MS } from "../core/fakes.ts";

const bytes = (text: string) => Buffer.byteLength(text, "utf8");

export class MemoryProperties implements KeyValueStore {
  readonly values = new Map<string, string>();
  puts = 0;
  reads = 0;
  /** Fails the next N puts, as a service error would. */
  failPuts = 0;

  constructor(
    readonly valueLimit = 9 * 1024,
    readonly storeLimit = 500 * 1024,
  ) {}

  get(key: string): string | null {
    this.reads++;
    return this.values.get(key) ?? null;
  }

  put(key: string, value: string): void {
    if (this.failPuts > 0) {
      this.failPuts--;
      throw new Error("Service error: Properties");
    }
    if (bytes(value) > this.valueLimit) throw new Error("Argument too large: value");
    const previous = this.values.get(key);
    const total =
      this.size() - (previous === undefined ? 0 : bytes(key) + bytes(previous)) + bytes(key) + bytes(value);
    if (total > this.storeLimit) {
      throw new Error(
        "You have exceeded the property storage quota. Please remove some properties and try again.",
      );
    }
    this.puts++;
    this.values.set(key, value);
  }

  delete(key: string): void {
    this.values.delete(key);
  }

  all(): Record<string, string> {
    this.reads++;
    return Object.fromEntries(this.values);
  }

  size(): number {
    let total = 0;
    for (const [key, value] of this.values) total += bytes(key) + bytes(value);
    return total;
  }

  largestValue(): number {
    return Math.max(0, ...[...this.values.values()].map(bytes));
  }
}

interface Cell {
  value: CellValue;
  formula: string;
}

export interface WriteRecord {
  row: number;
  column: number;
  rows: number;
  columns: number;
}

/** A sheet as Sheets stores it: text "=…" becomes a formula and a leading "'" makes literal text. */
export class FakeSheet implements SheetPort {
  readonly cells = new Map<string, Cell>();
  readonly writes: WriteRecord[] = [];
  /** Throws on the next N writes (a protected range, a deleted sheet). */
  failWrites = 0;

  constructor(public name: string) {}

  static withColumn(name: string, column: unknown[], firstRow = 1, col = 1): FakeSheet {
    const sheet = new FakeSheet(name);
    column.forEach((value, i) => {
      if (value !== "" && value !== null && value !== undefined)
        sheet.set(firstRow + i, col, value as CellValue);
    });
    return sheet;
  }

  private key(row: number, column: number): string {
    return `${row},${column}`;
  }

  set(row: number, column: number, value: CellValue): void {
    if (typeof value === "string" && value.length > 1 && value.startsWith("=")) {
      this.cells.set(this.key(row, column), { value: 0, formula: value });
    } else if (typeof value === "string" && value.startsWith("'")) {
      this.cells.set(this.key(row, column), { value: value.slice(1), formula: "" });
    } else if (value === "") {
      this.cells.delete(this.key(row, column));
    } else {
      this.cells.set(this.key(row, column), { value, formula: "" });
    }
  }

  value(row: number, column: number): CellValue {
    return this.cells.get(this.key(row, column))?.value ?? "";
  }

  formula(row: number, column: number): string {
    return this.cells.get(this.key(row, column))?.formula ?? "";
  }

  /** Rows `from..to` of `column`. */
  columnValues(column: number, from: number, to: number): CellValue[] {
    const values: CellValue[] = [];
    for (let row = from; row <= to; row++) values.push(this.value(row, column));
    return values;
  }

  lastRow(): number {
    let last = 0;
    for (const key of this.cells.keys()) last = Math.max(last, Number(key.split(",")[0]));
    return last;
  }

  /** Rows added by growTo beyond a new sheet's 1,000. */
  grownTo = 1_000;

  /** Sheets' 1,000 rows of a new sheet, or more once grown or written further down. */
  maxRows(): number {
    return Math.max(this.grownTo, this.lastRow());
  }

  growTo(rows: number): void {
    this.grownTo = Math.max(this.grownTo, rows);
  }

  lastColumn(): number {
    let last = 0;
    for (const key of this.cells.keys()) last = Math.max(last, Number(key.split(",")[1]));
    return last;
  }

  readAll(): unknown[][] {
    return this.readValues(1, 1, this.lastRow(), this.lastColumn());
  }

  readValues(row: number, column: number, rows: number, columns: number): unknown[][] {
    return Array.from({ length: rows }, (_r, r) =>
      Array.from({ length: columns }, (_c, c) => this.value(row + r, column + c)),
    );
  }

  readFormulas(row: number, column: number, rows: number, columns: number): string[][] {
    this.formulaReads++;
    return Array.from({ length: rows }, (_r, r) =>
      Array.from({ length: columns }, (_c, c) => this.formula(row + r, column + c)),
    );
  }

  isBlank(row: number, column: number, rows: number, columns: number): boolean {
    this.blankChecks++;
    for (let r = row; r < row + rows; r++)
      for (let c = column; c < column + columns; c++) {
        const value = this.value(r, c);
        if ((value !== "" && value !== null) || this.formula(r, c) !== "") return false;
      }
    return true;
  }

  /** isBlank and readFormulas calls so far. */
  blankChecks = 0;
  formulaReads = 0;

  appendRow(values: CellValue[]): void {
    this.writeValues(this.lastRow() + 1, 1, [values]);
  }

  writeValues(row: number, column: number, values: CellValue[][]): void {
    if (this.failWrites > 0) {
      this.failWrites--;
      throw new Error("You are trying to edit a protected cell or object.");
    }
    this.writes.push({ row, column, rows: values.length, columns: values[0]?.length ?? 0 });
    values.forEach((line, r) => {
      line.forEach((value, c) => {
        this.set(row + r, column + c, value);
      });
    });
  }

  readonly notes = new Map<string, string>();
  readonly formats = new Map<string, string>();

  readNotes(row: number, column: number, rows: number, columns: number): string[][] {
    return Array.from({ length: rows }, (_r, r) =>
      Array.from({ length: columns }, (_c, c) => this.notes.get(this.key(row + r, column + c)) ?? ""),
    );
  }

  writeNotes(row: number, column: number, notes: string[][]): void {
    notes.forEach((line, r) => {
      line.forEach((note, c) => {
        this.notes.set(this.key(row + r, column + c), note);
      });
    });
  }

  /** Links per cell, as writeLinkedText left them. */
  readonly links = new Map<string, LinkedText["links"]>();

  writeLinkedText(row: number, column: number, value: LinkedText): void {
    this.writes.push({ row, column, rows: 1, columns: 1 });
    this.set(row, column, value.text);
    this.links.set(
      this.key(row, column),
      value.links.map((link) => ({ ...link })),
    );
  }

  setNumberFormat(row: number, column: number, rows: number, columns: number, format: string): void {
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < columns; c++) this.formats.set(this.key(row + r, column + c), format);
  }

  /** Midnight UTC: the fake spreadsheet's time zone. */
  day(year: number, month: number, day: number): Date {
    return new Date(Date.UTC(year, month - 1, day));
  }

  /** How many setValues covered each cell of a block (for "written exactly once" checks). */
  coverage(row: number, column: number): number {
    return this.writes.filter(
      (w) => row >= w.row && row < w.row + w.rows && column >= w.column && column < w.column + w.columns,
    ).length;
  }
}

export class FakeWorkbook implements WorkbookPort {
  readonly sheets: FakeSheet[] = [];

  id(): string {
    return "fake-spreadsheet";
  }

  timeZone(): string {
    return "Etc/UTC";
  }

  constructor(...sheets: FakeSheet[]) {
    this.sheets.push(...sheets);
  }

  sheet(name: string): FakeSheet | null {
    return this.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase()) ?? null;
  }

  /** Ids as Sheets gives them: one per sheet, kept when it is renamed. */
  private readonly ids = new Map<FakeSheet, number>();

  sheetId(name: string): number | null {
    const sheet = this.sheet(name);
    if (!sheet) return null;
    if (!this.ids.has(sheet)) this.ids.set(sheet, 1000 + this.ids.size);
    return this.ids.get(sheet) as number;
  }

  sheetById(id: number): FakeSheet | null {
    return this.sheets.find((s) => this.ids.get(s) === id) ?? null;
  }

  renameSheet(from: string, to: string): void {
    const sheet = this.sheet(from);
    if (sheet) sheet.name = to;
  }

  sheetNames(): string[] {
    return this.sheets.map((s) => s.name);
  }

  insertSheet(name: string): FakeSheet {
    if (this.sheet(name))
      throw new Error(`A sheet with the name "${name}" already exists. Please enter another name.`);
    const sheet = new FakeSheet(name);
    this.sheets.push(sheet);
    return sheet;
  }

  deleteSheet(name: string): void {
    const at = this.sheets.findIndex((s) => s.name.toLowerCase() === name.toLowerCase());
    if (at >= 0) this.sheets.splice(at, 1);
  }

  /** Blocks brought into view, as "Sheet!row,column,rows,columns". */
  readonly shown: string[] = [];

  show(name: string, row: number, column: number, rows: number, columns: number): void {
    this.shown.push(`${name}!${row},${column},${rows},${columns}`);
  }
}

/** Time words for the zone UTC: a moment's wall clock read in UTC, as the platform's Utilities.formatDate would. */
export function utcTimeWords(): TimeWords {
  return {
    timeZone: "Etc/UTC",
    wallClock: (ms) => {
      const d = new Date(ms);
      return {
        year: d.getUTCFullYear(),
        month: d.getUTCMonth() + 1,
        day: d.getUTCDate(),
        hour: d.getUTCHours(),
        minute: d.getUTCMinutes(),
      };
    },
  };
}
