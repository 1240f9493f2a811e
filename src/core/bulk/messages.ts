// The sentences a bulk run reports after each execution, for the sidebar's status line and the log.
import { formatCount, plural } from "../../api/words/format";
import { PRINTS_SHEET, RECORD_SHEET } from "../addon-sheets/registry";
import type { BulkOutcome } from "./run-env";
import { type BulkState, lostRows } from "./state";

function progressText(state: BulkState): string {
  return `${formatCount(state.rowsDone)} of ${plural(state.rowCount, "row")}`;
}

export function runningMessage(state: BulkState): string {
  return `Enriching: ${progressText(state)} done.`;
}

/** What the user must know about rows whose answer was lost, and what to do; empty when there are none. */
export function lostRowsText(state: BulkState): string {
  const rows = lostRows(state);
  if (rows === 0) return "";
  const credits = plural(state.possiblyCharged ?? 0, "credit");
  return (
    ` The answer for ${plural(rows, "row")} was lost after the request went out (up to ${credits} possibly ` +
    `charged), so they were not bought again; press Re-run lost rows to buy them (up to ${credits}).`
  );
}

function editedText(state: BulkState): string {
  const kept = state.keptEdited ?? 0;
  if (kept === 0) return "";
  return ` ${plural(kept, "cell")} someone edited since the last run ${kept === 1 ? "was" : "were"} left as ${kept === 1 ? "it was" : "they were"}.`;
}

/** What happened to the purchase record, when this run found it had lost its purchases; empty otherwise. */
export function recordLostText(state: BulkState): string {
  if (!state.recordLost) return "";
  const rebuilt = state.recordRebuilt ?? 0;
  const taken =
    rebuilt > 0
      ? `${plural(rebuilt, "organization")} it had bought ${rebuilt === 1 ? "was" : "were"} taken from the rows it wrote, not bought again.`
      : "the rows it wrote still show them, so nothing written is bought again.";
  return ` The hidden sheet "${RECORD_SHEET}" no longer holds what this run bought (deleted, renamed or edited): ${taken}`;
}

/** What a refresh did when its rule's row prints were lost; empty otherwise. */
function printsLostText(state: BulkState): string {
  if (state.printsRebuilt === undefined) return "";
  const seen = state.printsRebuilt;
  return ` The hidden sheet "${PRINTS_SHEET}" no longer held this rule's prints (deleted or edited): ${plural(seen, "row")} ${seen === 1 ? "was" : "were"} taken as seen, since the purchase record holds their organizations and the rows show what was written for them.`;
}

export function bulkMessage(state: BulkState, outcome: BulkOutcome): string {
  return outcomeText(state, outcome) + recordLostText(state) + printsLostText(state);
}

function outcomeText(state: BulkState, outcome: BulkOutcome): string {
  switch (outcome) {
    case "done":
      return (
        `Done: ${plural(state.rowCount, "row")}, ${plural(state.matched, "organization")} matched and ` +
        `${formatCount(state.unmatched)} not found, for ${plural(state.creditsSpent, "credit")}.${lostRowsText(state)}${editedText(state)}`
      );
    case "paused":
      return `Paused at the time limit after ${progressText(state)}; it continues in the next run.`;
    case "stopped":
      return `Stopped after ${progressText(state)}. Press Resume to continue.`;
    case "out_of_credits":
      return `Out of credits after ${progressText(state)}; nothing written was charged twice. Top up, then press Resume.`;
    case "failed":
      return `${state.failure ?? "The run failed."} ${progressText(state)} were done; press Resume to try the rest.`;
  }
}
