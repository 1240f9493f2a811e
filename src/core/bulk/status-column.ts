// The Status column: its header and note, and each row's status, held for the next write where no one typed.

import type { CellValue, SheetPort } from "../sheet/port";
import type { HeldWrites } from "./held-writes";
import { type ExistingBlock, planWrites } from "./output";
import type { AreaReader } from "./read-area";
import { type BulkState, STATUS_HEADER } from "./state";

/** The Status header's note: what the column says, for someone who meets it in the sheet. */
export const STATUS_NOTE =
  "Why each row has values or not: Found, Not found (the service has no such organization), Can't read (the identifier is not a domain, e-mail, id or name), Answer lost (Re-run lost rows buys it), Not enriched (the service failed; Resume tries again).";

export class StatusColumn {
  constructor(
    private readonly state: BulkState,
    private readonly copy: SheetPort | null | undefined,
    private readonly reader: AreaReader,
    private readonly writes: HeldWrites,
  ) {}

  /** "Status" above the Status column, with a note saying what it holds, unless the cell holds something. */
  writeHeader(row: number, existing?: ExistingBlock | null): void {
    const status = this.state.statusColumn;
    if (status === undefined) return;
    const ops = planWrites(
      [[STATUS_HEADER]],
      existing ?? this.reader.readColumn(status, row, 1, false),
      "fill-empty",
    );
    this.writes.writeColumn(status, row, ops);
    if (ops.length > 0) this.writes.note({ row, column: status, values: [[STATUS_NOTE]] });
  }

  /**
   * Writes rows [start, end)'s statuses (null: leave that row's status as it is). A status replaces one
   * the add-on wrote (a lost row found later), never something someone typed.
   */
  write(
    start: number,
    end: number,
    status: (offset: number) => string | null,
    existing: ExistingBlock | null,
  ): void {
    const column = this.state.statusColumn;
    if (column === undefined || end <= start) return;
    const row = this.state.firstDataRow + start;
    const intended: (CellValue | null)[][] = [];
    for (let offset = start; offset < end; offset++) intended.push([status(offset)]);
    this.writes.writeColumn(
      column,
      row,
      planWrites(intended, existing, this.copy ? "refresh" : "fill-empty"),
    );
  }
}
