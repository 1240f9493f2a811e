// Paid formula answers kept waiting in the document cache while the day's properties quota was out: made
// durable, and their intents settled, by the next execution that may write the document's properties.
import { PendingAnswers, settlePending } from "../../core/caches/pending-answers";
import { tryExclusive } from "../../core/spending/mutex";
import { documentCache } from "../../platform/cache";
import { documentMutex } from "../../platform/lock";
import { formulaCacheLevels, formulaIntents } from "../runtime";

/** How long a sidebar call, menu entry or trigger waits for the formulas' lock to do it. */
const DRAIN_LOCK_MS = 5_000;

/**
 * Nothing waiting costs one cache read. While the quota is still out the answers are put back for six
 * hours more (each call that finds them), so they outlast a quota window of up to 24 hours while the
 * spreadsheet is in use.
 */
export function drainPendingAnswers(): void {
  const pending = new PendingAnswers(documentCache());
  if (pending.none()) return;
  try {
    const drained = tryExclusive(
      documentMutex(),
      () => {
        const { cache } = formulaCacheLevels();
        const intents = formulaIntents();
        settlePending(
          pending,
          (scope, results) => cache.put(scope, results),
          (key) => intents.settle([key]),
        );
      },
      DRAIN_LOCK_MS,
    );
    if (!drained.acquired) pending.refresh(pending.list());
  } catch {
    // The settings or the durable level unreadable today: the answers wait six hours more.
    pending.refresh(pending.list());
  }
}
