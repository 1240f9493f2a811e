// Row prints taken back from the sheet and the purchase record, when the hidden prints sheet was lost.

import type { CachedEntity } from "../caches/result-cache";
import type { OrganizationRead } from "../organizations/identifiers";
import { isEmptyCell } from "../sheet/cells";
import { rowPrint } from "./row-prints";

/**
 * The prints a rule's last run would have kept, as far as the sheet still shows them: a row counts as
 * seen when the purchase record holds its organization and the row shows what was written for it (a
 * value in its output cells, or none for an organization the service did not find); every other row
 * gets "-" and is bought as new. A row whose identifier someone edited to an organization the record
 * holds, beside another's values, is taken as seen: the one case this costs a row's refresh, not money.
 */
export function printsFromRecord(
  reads: readonly OrganizationRead[],
  outputs: readonly (readonly unknown[])[],
  bought: ReadonlyMap<string, CachedEntity>,
): { prints: string; seen: number } {
  let seen = 0;
  const prints = reads.map((read, offset) => {
    const print = recordPrint(read, outputs[offset] ?? [], bought);
    if (print !== "-") seen++;
    return print;
  });
  return { prints: prints.join(","), seen };
}

/**
 * The prints a rule saved from a finished run keeps, one per row: the row as it is now, except rows
 * `unsure` names (their chunk no longer holds the identifiers the run wrote beside: one was edited, or
 * rows moved since), taken as seen only when the purchase record holds their organization and they show
 * what was written for it; an identifier edited to an organization never bought gets "-", so the rule's
 * first "new rows only" run buys it rather than leave it beside another's values. `bought` is read only
 * when some row is unsure.
 */
export function printsAtSave(
  reads: readonly OrganizationRead[],
  outputs: readonly (readonly unknown[])[],
  unsure: (offset: number) => boolean,
  bought: () => ReadonlyMap<string, CachedEntity>,
): string[] {
  let record: ReadonlyMap<string, CachedEntity> | null = null;
  return reads.map((read, offset) => {
    const cells = outputs[offset] ?? [];
    if (!unsure(offset)) return rowPrint(read, cells);
    record ??= bought();
    return recordPrint(read, cells, record);
  });
}

function recordPrint(
  read: OrganizationRead,
  cells: readonly unknown[],
  bought: ReadonlyMap<string, CachedEntity>,
): string {
  const entity = read.kind === "org" ? bought.get(read.key) : undefined;
  const written = entity?.matched
    ? cells.some((cell) => !isEmptyCell(cell, undefined))
    : entity !== undefined;
  return written ? rowPrint(read, cells) : "-";
}
