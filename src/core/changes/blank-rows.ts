// Rows whose identifier cell is blank or holds no organization keep no Status of an organization no longer there.

import { type ExistingBlock, mayWrite } from "../bulk/output";
import { STATUS } from "../bulk/state";
import type { OrganizationRead } from "../organizations/identifiers";
import { isEmptyCell } from "../sheet/cells";
import type { CellValue } from "../sheet/port";
import { STATUS_IDENTIFIER_INVALID, STATUS_IDENTIFIER_REMOVED } from "./change-sheet";

/**
 * The Status each row of a block gets because its identifier cell is blank or not valid (`reads`), or null
 * to leave it: a Status the add-on wrote (the hidden copy says so: `status.written`) beside values becomes
 * STATUS_IDENTIFIER_REMOVED (blank) or STATUS_IDENTIFIER_INVALID, so no "Found" vouches for another
 * organization's values; beside no values it is what a run leaves such a row (nothing, or "Can't read").
 * The values stay: they may be the person's, and the identifier may be typed back. A Status the person
 * typed, or an empty one (the row was never enriched), stays.
 */
export function blankRowStatuses(
  reads: readonly OrganizationRead[],
  values: readonly (readonly unknown[])[],
  status: ExistingBlock,
): (CellValue | null)[][] {
  return reads.map((read, r) => {
    const now = status.values[r]?.[0];
    if (read.kind === "org" || isEmptyCell(now, status.formulas[r]?.[0])) return [null];
    if (!mayWrite(status, r, 0, "refresh")) return [null];
    const shown = (values[r] ?? []).some((cell) => !isEmptyCell(cell, undefined));
    const wanted =
      read.kind === "blank"
        ? shown
          ? STATUS_IDENTIFIER_REMOVED
          : ""
        : shown
          ? STATUS_IDENTIFIER_INVALID
          : STATUS.unreadable(read.reason);
    return [now === wanted ? null : wanted];
  });
}

/**
 * The Status a run writes for a row whose identifier is not valid: "Can't read: …", unless the row already
 * says its identifier was made invalid after it was enriched (its values are from before: the mark stays).
 */
export function invalidRowStatus(reason: string, now: unknown): string | null {
  return now === STATUS_IDENTIFIER_INVALID ? null : STATUS.unreadable(reason);
}
