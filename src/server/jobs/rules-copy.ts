// A second copy of each refresh rule, in the document's properties: a person who deletes the hidden
// "Enrichment jobs" sheet (or clears a rule's row) does not wipe the spreadsheet's schedules silently.

import type { Clock } from "../../api/retry/clock";
import { JOBS_SHEET } from "../../core/addon-sheets/registry";
import { ChunkedStore } from "../../core/jobs/chunked-store";
import type { JobQueue } from "../../core/jobs/queue";
import type { RuleStore } from "../../core/jobs/refresh-rules";
import { nextRunAfter, type RefreshRule } from "../../core/jobs/refresh-rules";
import { propertyStore } from "../../platform/properties";

/** What of the job services bringing rules back needs (services.ts calls it, so it names no more). */
interface RulesHome {
  clock: Clock;
  queue: JobQueue;
  rules: RuleStore;
}

/**
 * Rules live in the jobs sheet because a published add-on's clock trigger has no document properties;
 * the copy is written only by the sidebar's saves, changes and deletes (in the document), at most 20
 * rules of a few hundred bytes each, well inside the 500 KB document store.
 */
const COPY_PREFIX = "rule-copy:";

/** What happened to the jobs sheet, as the rules and runs brought back say it. */
export type JobsSheetLoss = "deleted" | "edited";

/** How a message names what a person did to the jobs sheet. */
export function jobsSheetLost(loss: JobsSheetLoss): string {
  return loss === "deleted"
    ? `the hidden sheet "${JOBS_SHEET}" was deleted`
    : `a row of the hidden sheet "${JOBS_SHEET}" was typed over or cleared`;
}

/** A rule's last result once brought back. */
export function ruleBroughtBack(loss: JobsSheetLoss): string {
  return `Brought back: ${jobsSheetLost(loss)}, and this scheduled refresh with it. The add-on kept a copy, so it runs as before; bringing it back bought nothing.`;
}

/** The copies in the document's properties; `read`: those properties as this execution already read them. */
function copies(read: Record<string, string> | null = null): ChunkedStore | null {
  const document = propertyStore("document");
  if (!document) return null;
  return new ChunkedStore({ store: read ? { ...document, all: () => read } : document });
}

/** Keeps `rule`'s copy as saved now (a save or a change of its options in the sidebar). */
export function keepRuleCopy(rule: RefreshRule): void {
  copies()?.write(COPY_PREFIX + rule.id, rule);
}

/** Drops a deleted rule's copy, so it is never brought back. */
export function dropRuleCopy(ruleId: string): void {
  copies()?.remove(COPY_PREFIX + ruleId);
}

/**
 * When the jobs sheet is gone or damaged (`loss`) in an execution that has the document, puts each
 * kept rule the store no longer holds back into it, due at its next time on its period (no run is made
 * up, so nothing is bought to bring it back), its last result saying what happened. One read of the
 * document's properties, and only while the jobs sheet is missing or damaged: none when `read` holds them already
 * (a spreadsheet's first execution reads them anyway, to move what an earlier version kept there).
 */
export function bringRulesBack(
  services: RulesHome,
  loss: JobsSheetLoss | null,
  read: Record<string, string> | null,
): void {
  if (loss === null) return;
  const kept = copies(read)?.readAll<RefreshRule>(COPY_PREFIX) ?? [];
  if (kept.length === 0) return;
  const now = services.clock.now();
  services.queue.locked(() => {
    for (const { value: rule } of kept) {
      if (services.rules.get(rule.id)) continue;
      services.rules.put({
        ...rule,
        nextRunAt: nextRunAfter(rule, now),
        jobId: null,
        lastResult: ruleBroughtBack(loss),
      });
    }
  });
}
