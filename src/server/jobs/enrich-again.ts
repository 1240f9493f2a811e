// Enrich pressed again over rows earlier runs wrote: their blocks follow the identifiers as they are now.

import { followSheet } from "../../core/bulk/follow-sheet";
import type { CachedEntity } from "../../core/caches/result-cache";
import type { Job } from "../../core/jobs/job";
import type { WorkbookPort } from "../../core/sheet/port";
import type { PlannedRun } from "../bulk/plan-run";
import { rowsNow } from "./refresh-changes";
import { copySheetOf } from "./refresh-moves";
import { otherBlocks, refillOtherBlocks } from "./refresh-others";

/**
 * Before a new run over the same identifier rows starts: every finished run's block there, the columns the
 * new run writes into included (it fills only some of their rows: "only empty cells", and never a blank
 * identifier's), gets each row's organization from what was `bought`, free, and a row whose identifier was
 * cleared says so in its Status. Without this a row sorted apart from its values, or cleared, kept the
 * earlier run's "Found" beside another organization's values.
 */
export function keepEarlierRowsTrue(
  jobs: readonly Job[],
  plan: Pick<PlannedRun, "sheet" | "state">,
  workbook: WorkbookPort,
  bought: () => ReadonlyMap<string, CachedEntity>,
): void {
  // A first run over these rows reads nothing more.
  const blocks = otherBlocks(jobs, plan.state, true);
  if (blocks.length === 0) return;
  // The sheet renamed since those runs: the hidden copy of what they wrote takes its new name, or nothing
  // would prove their cells the add-on's.
  for (const block of blocks) followSheet(workbook, block.request);
  const { reads } = rowsNow(plan.sheet, plan.state);
  const copy = copySheetOf(workbook, plan.state);
  refillOtherBlocks(jobs, plan.state, plan.sheet, copy, reads, bought, { overlapping: true });
}
