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
    const cells = outputs[offset] ?? [];
    const entity = read.kind === "org" ? bought.get(read.key) : undefined;
    const written = entity?.matched
      ? cells.some((cell) => !isEmptyCell(cell, undefined))
      : entity !== undefined;
    if (!written) return "-";
    seen++;
    return rowPrint(read, cells);
  });
  return { prints: prints.join(","), seen };
}
