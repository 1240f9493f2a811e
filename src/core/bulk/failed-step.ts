// What a bulk step that failed mid-way leaves counted: its journaled answers charged, its unanswered intent possibly.
import type { BulkState } from "./state";

/**
 * `saved` is the run as last checkpointed, `current` as the failed step left it in memory. Answers the step
 * journaled were charged: counted now (with the journal's waves, so Resume does not count them again). A
 * wave whose intent was recorded and whose answers were not journaled may have been charged: its most is
 * possibly charged, held apart so that Resume, settling those chunks, counts each lost one once.
 */
export function keepFailedStepMoney(saved: BulkState, current: BulkState): void {
  if ((current.journalWaves ?? 0) > (saved.journalWaves ?? 0)) {
    saved.creditsSpent = current.creditsSpent;
    saved.creditsRemaining = current.creditsRemaining;
    saved.journalWaves = current.journalWaves;
    return;
  }
  if (saved.inFlight.length === 0 || saved.heldPossibly !== undefined) return;
  const held = saved.inFlightCredits ?? 0;
  if (held <= 0) return;
  saved.possiblyCharged = (saved.possiblyCharged ?? 0) + held;
  saved.heldPossibly = held;
}
