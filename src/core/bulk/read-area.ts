// Reads a chunk's output block and Status column in as few calls as the sheet allows, a wave's rows in one go.
import { isEmptyCell } from "../sheet/cells";
import type { SheetPort } from "../sheet/port";
import type { ExistingBlock } from "./output";
import { type BulkState, chunkBounds } from "./state";

/** A chunk's cells as read before it is written: the output block's and its Status column's. */
export interface Area {
  block: ExistingBlock;
  status: ExistingBlock | null;
}

/** Rows [from, to) of an area read in one go. */
export function sliceArea(area: Area, from: number, to: number): Area {
  const cut = (block: ExistingBlock): ExistingBlock => ({
    values: block.values.slice(from, to),
    formulas: block.formulas.slice(from, to),
    ...(block.written ? { written: block.written.slice(from, to) } : {}),
  });
  return { block: cut(area.block), status: area.status ? cut(area.status) : null };
}

export class AreaReader {
  /** Whether readCells asks isBlank first: until a block it asked about was not blank. */
  private blankFirst = true;
  /** The rows of a wave's chunks, read together before the wave (see readAhead). */
  private ahead: { start: number; end: number; area: Area } | null = null;

  constructor(
    private readonly state: BulkState,
    private readonly sheet: SheetPort,
    /** The hidden copy (see BulkRunEnv.copy): whether a filled cell is still the add-on's. */
    private readonly copy: SheetPort | null | undefined,
  ) {}

  /** Data rows [start, end) already read (with the labels, see writeLabels): kept for the first wave. */
  keepAhead(start: number, end: number, area: Area): void {
    this.ahead = { start, end, area };
  }

  /** Rows read ahead are no longer what the sheet holds (a wave was sent, or the rows moved). */
  dropAhead(): void {
    this.ahead = null;
  }

  /**
   * Reads the rows of the chunks a wave may take in one go, so each chunk's prepare reads nothing; rows
   * already read with the labels (see writeLabels) are not read again.
   */
  readAhead(chunks: readonly number[]): void {
    const ahead = this.ahead;
    this.ahead = null;
    if (chunks.length === 0) return;
    const start = chunkBounds(this.state, chunks[0] as number).start;
    const end = chunkBounds(this.state, chunks[chunks.length - 1] as number).end;
    if (ahead && ahead.start <= start && end <= ahead.end) this.ahead = ahead;
    else if (end > start) this.ahead = { start, end, area: this.readArea(start, end) };
  }

  /** Rows [start, end) from the wave's read-ahead when it holds them, else read now. */
  area(start: number, end: number): Area {
    const ahead = this.ahead;
    if (!ahead || start < ahead.start || end > ahead.end) return this.readArea(start, end);
    return sliceArea(ahead.area, start - ahead.start, end - ahead.start);
  }

  /**
   * A run's new columns, before it wrote anything there: when they lie right of every column the sheet has
   * content in, their cells are all empty, which one getLastColumn says instead of reading their values and
   * formulas (issue 31). Null when some column of the area may hold something, or for a refresh, which
   * compares with the copy.
   */
  emptyPastContent(rows: number): Area | null {
    const { outputColumn, statusColumn, policy } = this.state;
    if (policy === "refresh") return null;
    if (this.sheet.lastColumn() >= Math.min(outputColumn, statusColumn ?? outputColumn)) return null;
    return this.emptyArea(rows);
  }

  /** One column's cells; `written` from the copy when it is kept (see BulkRunEnv.copy). */
  readColumn(column: number, row: number, rows: number, withCopy: boolean): ExistingBlock {
    const copy = this.copy;
    return {
      values: this.sheet.readValues(row, column, rows, 1),
      formulas: this.sheet.readFormulas(row, column, rows, 1),
      ...(withCopy && copy ? { written: copy.readValues(row, column, rows, 1) } : {}),
    };
  }

  /** Sheet rows [row, row + rows) of the output block and the Status column (see readArea). */
  readCells(row: number, rows: number): Area {
    const columns = this.areaColumns();
    const status = this.state.statusColumn;
    if (columns === null) {
      return {
        block: this.readBlock(row, rows),
        status: status === undefined ? null : this.readColumn(status, row, rows, true),
      };
    }
    const { sheet, copy } = this;
    // Rows the run has yet to fill are mostly empty: one isBlank says so instead of reading their values and
    // formulas (issue 31). After a block that was not, this execution reads at once: asking would only add
    // a call. A refresh compares filled cells with the copy, so it reads.
    if (this.blankFirst && this.state.policy !== "refresh") {
      if (sheet.isBlank(row, columns.first, rows, columns.count)) return this.emptyArea(rows);
      this.blankFirst = false;
    }
    const values = sheet.readValues(row, columns.first, rows, columns.count);
    const formulas = sheet.readFormulas(row, columns.first, rows, columns.count);
    // The copy only tells whether a filled cell is still the add-on's: cells all empty need no look at it.
    const filled = values.some((line, r) => line.some((value, c) => !isEmptyCell(value, formulas[r]?.[c])));
    const written = copy && filled ? copy.readValues(row, columns.first, rows, columns.count) : null;
    const slice = (first: number, count: number): ExistingBlock => {
      const cut = <T>(grid: readonly (readonly T[])[]) =>
        grid.map((line) => line.slice(first - columns.first, first - columns.first + count));
      return {
        values: cut(values),
        formulas: cut(formulas),
        ...(written ? { written: cut(written) } : {}),
      };
    };
    const block = slice(this.state.outputColumn, this.state.request.fields.length);
    // Only a refresh compares the values with the copy (as readBlock).
    if (this.state.policy !== "refresh") delete (block as { written?: unknown }).written;
    return { block, status: status === undefined ? null : slice(status, 1) };
  }

  /** Data rows [start, end): the output block's cells and the Status column's, from the sheet and the copy. */
  private readArea(start: number, end: number): Area {
    return this.readCells(this.state.firstDataRow + start, end - start);
  }

  /**
   * The columns a chunk's reads cover: the output block, and the Status column with it when it is beside
   * the block (one read for both), else null (read apart).
   */
  private areaColumns(): { first: number; count: number } | null {
    const { outputColumn, statusColumn } = this.state;
    const width = this.state.request.fields.length;
    if (statusColumn === undefined) return { first: outputColumn, count: width };
    if (statusColumn === outputColumn + width) return { first: outputColumn, count: width + 1 };
    if (statusColumn === outputColumn - 1) return { first: statusColumn, count: width + 1 };
    return null;
  }

  private readBlock(row: number, rows: number): ExistingBlock {
    const { outputColumn } = this.state;
    const width = this.state.request.fields.length;
    const copy = this.copy;
    return {
      values: this.sheet.readValues(row, outputColumn, rows, width),
      formulas: this.sheet.readFormulas(row, outputColumn, rows, width),
      ...(this.state.policy === "refresh" && copy
        ? { written: copy.readValues(row, outputColumn, rows, width) }
        : {}),
    };
  }

  /** An area of `rows` rows with nothing in any cell. */
  private emptyArea(rows: number): Area {
    const empty = (width: number): ExistingBlock => ({
      values: Array.from({ length: rows }, () => Array<string>(width).fill("")),
      formulas: Array.from({ length: rows }, () => Array<string>(width).fill("")),
    });
    return {
      block: empty(this.state.request.fields.length),
      status: this.state.statusColumn === undefined ? null : empty(1),
    };
  }
}
