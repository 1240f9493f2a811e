// Row prints taken back from the sheet and the purchase record, when the hidden prints sheet was lost.

import type { CachedEntity } from "../caches/result-cache";
import type { OrganizationRead } from "../organizations/identifiers";
import { isEmptyCell } from "../sheet/cells";
import type { CellValue } from "../sheet/port";
import { sameWritten } from "./change-sheet";
import { isStray, rowPrint, strayPrint } from "./row-prints";

/**
 * What the purchase record says of the rows: every answer it holds, the cells an answer gives a row, and
 * the hidden copy's cells at each row's place (what the add-on wrote there; null without a copy).
 */
export interface RecordView {
  bought: ReadonlyMap<string, CachedEntity>;
  cellsOf: (entity: CachedEntity) => readonly CellValue[];
  written: readonly (readonly unknown[])[] | null;
}

/**
 * The prints a rule's last run would have kept, as far as the sheet still shows them: a row counts as
 * seen when the purchase record holds its organization and the row shows what was written for it; a row
 * showing none of it, or another's values, gets a stray print (its identifier was had: the row is filled
 * from the answer), every other row "-" and is bought as new.
 */
export function printsFromRecord(
  reads: readonly OrganizationRead[],
  outputs: readonly (readonly unknown[])[],
  record: RecordView,
): { prints: string; seen: number } {
  let seen = 0;
  const prints = reads.map((read, offset) => {
    const print = recordPrint(read, outputs[offset] ?? [], offset, record);
    if (print !== "-" && !isStray(print)) seen++;
    return print;
  });
  return { prints: prints.join(","), seen };
}

/**
 * The prints a rule saved from a finished run keeps, one per row: the row as it is now, except rows
 * `unsure` names (their chunk no longer holds the identifiers the run wrote beside: one was edited, or
 * rows moved since), taken as seen only when the purchase record holds their organization and they show
 * its values; one edited to an organization never bought gets "-", one beside another organization's
 * values (bought or not) a stray print, so the rule's first "new rows only" run buys or fills it rather
 * than leave it beside another's values. `record` is read only when some row is unsure.
 */
export function printsAtSave(
  reads: readonly OrganizationRead[],
  outputs: readonly (readonly unknown[])[],
  unsure: (offset: number) => boolean,
  record: () => RecordView,
): string[] {
  let view: RecordView | null = null;
  return reads.map((read, offset) => {
    const cells = outputs[offset] ?? [];
    if (!unsure(offset)) return rowPrint(read, cells);
    view ??= record();
    return recordPrint(read, cells, offset, view);
  });
}

function recordPrint(
  read: OrganizationRead,
  cells: readonly unknown[],
  offset: number,
  record: RecordView,
): string {
  const entity = read.kind === "org" ? record.bought.get(read.key) : undefined;
  if (!entity) return "-";
  // Bought, but its row shows none of it (its values sorted away, say): filled from the answer, not bought.
  if (entity.matched && !cells.some((cell) => !isEmptyCell(cell, undefined))) return strayPrint(read);
  // Cells that differ from what the add-on wrote at this place are the person's, whoever's values they are;
  // every other cell must be the answer's, or the row shows another organization's values.
  const want = record.cellsOf(entity);
  const mine = record.written?.[offset];
  const own = cells.every(
    (cell, c) =>
      sameWritten(cell, want[c] ?? null) ||
      (mine !== undefined && !sameWritten(cell, (mine[c] ?? "") as CellValue)),
  );
  return own ? rowPrint(read, cells) : strayPrint(read);
}
