// Rows whose identifier cell is blank keep no Status of an organization that is no longer there.

import { type ExistingBlock, mayWrite } from "../bulk/output";
import type { OrganizationRead } from "../organizations/identifiers";
import { isEmptyCell } from "../sheet/cells";
import type { CellValue } from "../sheet/port";
import { STATUS_IDENTIFIER_REMOVED } from "./change-sheet";

/**
 * The Status each row of a block gets because its identifier cell is blank (`reads`), or null to leave it:
 * a Status the add-on wrote (the hidden copy says so: `status.written`) beside values becomes
 * STATUS_IDENTIFIER_REMOVED, so no "Found" vouches for another organization's values; beside no values it is
 * cleared, as a run leaves a blank row. The values stay: they may be the person's, and a cleared identifier
 * may be typed back. A Status the person typed, or an empty one (the row was never enriched), stays.
 */
export function blankRowStatuses(
  reads: readonly OrganizationRead[],
  values: readonly (readonly unknown[])[],
  status: ExistingBlock,
): (CellValue | null)[][] {
  return reads.map((read, r) => {
    const now = status.values[r]?.[0];
    if (read.kind !== "blank" || isEmptyCell(now, status.formulas[r]?.[0])) return [null];
    if (!mayWrite(status, r, 0, "refresh")) return [null];
    const shown = (values[r] ?? []).some((cell) => !isEmptyCell(cell, undefined));
    const wanted = shown ? STATUS_IDENTIFIER_REMOVED : "";
    return [now === wanted ? null : wanted];
  });
}
