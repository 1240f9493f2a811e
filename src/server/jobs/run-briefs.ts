// One pass over the due briefs: completed ones written at once, pending ones asked again later.
import type { BriefOutcome } from "../../api/client";
import { PRICES } from "../../api/contract";
import { ApiError } from "../../api/errors";
import { plural } from "../../api/words/format";
import {
  BRIEF_HEADER,
  BRIEF_RETRY_MS,
  briefRow,
  dueItems,
  keepBriefLinks,
  keepBriefMarkdown,
  MAX_BRIEF_ATTEMPTS,
  nextItemDue,
} from "../../core/jobs/briefs";
import type { JobHandle } from "../../core/jobs/dispatch";
import type { BriefItem, BriefsJob, BriefsState } from "../../core/jobs/job";
import type { WorkbookPort } from "../../core/sheet/port";
import { appendRows } from "../log/append-rows";
import { makeClient } from "../runtime";
import { releaseAndLog } from "./outcomes";
import type { JobServices } from "./services";

/** Time left for one more brief request (and its row) before the execution must stop. */
const PER_BRIEF_MS = 20_000;

export const BRIEFS_STOPPED_MESSAGE = "Stopped: briefs not yet written are no longer asked for.";

function summary(state: BriefsState): string {
  const count = (s: BriefItem["state"]) => state.items.filter((i) => i.state === s).length;
  const parts = [`${plural(count("done"), "brief")} written to "${state.sheetName}"`];
  if (count("not_enough_data")) parts.push(`${count("not_enough_data")} had not enough data (free)`);
  if (count("failed")) parts.push(`${count("failed")} failed`);
  if (count("lost")) {
    parts.push(
      `${plural(count("lost"), "brief")} lost after the request went out (up to ${plural(state.possiblyCharged ?? 0, "credit")} possibly charged; not asked for again)`,
    );
  }
  return parts.join("; ");
}

/** A brief whose paid answer is unknown: reported, its price logged as possibly charged, not asked again. */
function markLost(state: BriefsState, item: BriefItem, why: string): void {
  item.state = "lost";
  item.asking = false;
  item.note = `The answer was lost (${why}); up to ${plural(PRICES.brief, "credit")} may have been charged, so it was not asked for again.`;
  state.possiblyCharged = (state.possiblyCharged ?? 0) + PRICES.brief;
}

function settle(state: BriefsState, now: number): { done: boolean; notBefore: number } {
  const next = nextItemDue(state);
  return next === null ? { done: true, notBefore: now } : { done: false, notBefore: next };
}

export function runBriefsStep(
  services: JobServices,
  workbook: WorkbookPort,
  job: BriefsJob,
  handle: JobHandle,
): void {
  const { clock } = services;
  const stop = () =>
    releaseAndLog(services, workbook, handle, (saved) => {
      (saved as BriefsJob).briefs = job.briefs;
      saved.state = "stopped";
      saved.stopRequested = false;
      saved.message = BRIEFS_STOPPED_MESSAGE;
    });
  if (job.stopRequested) {
    stop();
    return;
  }
  const state = job.briefs;
  // A brief an earlier execution was asking for when it died: the service may have served (and charged)
  // it, so it is reported rather than bought again.
  for (const item of state.items)
    if (item.asking && item.state === "pending")
      markLost(state, item, "its execution ended while the request was out");
  const client = makeClient({ budgetMs: handle.deadline - clock.now(), keepsOwnRecord: true });
  let outOfCredits = false;
  for (const item of dueItems(state, clock.now())) {
    if (clock.now() + PER_BRIEF_MS >= handle.deadline) break;
    let outcome: BriefOutcome;
    item.asking = true;
    // Each brief's checkpoint reads the job afresh: a Stop recorded since asks for no more.
    const saved = handle.update((saved) => {
      (saved as BriefsJob).briefs = state;
    });
    if (saved.stopRequested) {
      item.asking = false;
      stop();
      return;
    }
    try {
      outcome = client.intelligenceBrief(item.organizationId);
      item.asking = false;
    } catch (error) {
      item.asking = false;
      if (!(error instanceof ApiError)) throw error;
      // An unreadable 202 is a pending answer, which is free; any other unreadable success may be a paid brief.
      if (error.outcomeUnknown && error.status !== 202) {
        markLost(state, item, error.kind === "connection" ? "the request timed out" : "it could not be read");
        continue;
      }
      if (error.kind === "insufficient_credits") {
        outOfCredits = true;
        break;
      }
      if (error.retryable || error.kind === "deadline" || error.kind === "unexpected_response") {
        item.attempts++;
        item.notBefore = clock.now() + BRIEF_RETRY_MS * item.attempts;
        if (item.attempts >= MAX_BRIEF_ATTEMPTS) {
          item.state = "failed";
          item.note = error.message;
        }
      } else {
        item.state = "failed";
        item.note = error.message;
      }
      continue;
    }
    if (outcome.status === "completed") {
      const written = appendRows(workbook, state.sheetName, BRIEF_HEADER, [briefRow(outcome.brief)]);
      // The cell reads as plain text; its note keeps the Markdown the sidebar shows formatted (50 credits
      // are not spent again to see the headings). A note lost to a kill leaves the text, nothing else.
      // Its web links become real links in the cell, over the same text.
      if (written) {
        keepBriefMarkdown(workbook, state.sheetName, written.first, outcome.brief.body);
        keepBriefLinks(workbook, state.sheetName, written.first, outcome.brief.body);
      }
      item.state = "done";
      state.creditsSpent += outcome.brief.credits_used;
      state.creditsRemaining = outcome.brief.credits_remaining;
      // Checkpoint after each paid brief, so its credits are on record whatever happens next.
      handle.update((saved) => {
        (saved as BriefsJob).briefs = state;
      });
    } else if (outcome.status === "pending") {
      item.pendings++;
      item.notBefore = clock.now() + outcome.retryAfterSeconds * 1000;
    } else {
      item.state = "not_enough_data";
      item.note = outcome.detail;
    }
  }
  const { done, notBefore } = settle(state, clock.now());
  releaseAndLog(services, workbook, handle, (saved) => {
    const b = saved as BriefsJob;
    b.briefs = state;
    b.notBefore = notBefore;
    if (outOfCredits) {
      b.state = "out_of_credits";
      b.message = `Out of credits: ${summary(state)}. Top up, then press Resume for the rest.`;
    } else if (done) {
      b.state = state.items.every((i) => i.state === "failed") ? "failed" : "done";
      b.message = `Done: ${summary(state)}.`;
    } else {
      const pending = state.items.filter((i) => i.state === "pending").length;
      b.state = "waiting";
      b.message = `${summary(state)}; ${plural(pending, "brief")} still being generated.`;
    }
  });
}
