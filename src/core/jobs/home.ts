// Work belongs to the spreadsheet it was started in: File ▸ Make a copy carries the hidden jobs sheet, and
// what it carries runs nowhere, on nobody's key, until a person in the copy resumes it there.

import { plural } from "../../api/words/format";
import { type Home, type Job, progress } from "./job";
import { nextRunAfter, type RefreshRule } from "./refresh-rules";
import { resumePrice } from "./resume-price";

export type { Home };

/**
 * Whether a record runs in spreadsheet `id`. A record with no home was written by an earlier version: it
 * belongs where it is (the first execution there writes that down, see homeless), as that version ran it.
 */
export function atHome(record: { home?: Home }, id: string): boolean {
  return record.home === undefined || record.home.id === id;
}

/** The name of the spreadsheet a record was copied from, or null when it is at home in `id`. */
export function copiedFrom(record: { home?: Home }, id: string): string | null {
  return atHome(record, id) ? null : (record.home as Home).name;
}

/** Records an earlier version wrote without a home: adopted by the spreadsheet they are in. */
export function homeless(record: { home?: Home }): boolean {
  return record.home === undefined;
}

/** What the copy's sidebar says of a copied job: where from, and what going on here would cost. */
export function copiedJobMessage(job: Job, from: string): string {
  const price = resumePrice(job);
  const cost =
    price.credits > 0
      ? `Going on here costs up to ${plural(price.credits, "credit")} (${price.bound}), on the key of whoever resumes it.`
      : `Going on here costs nothing (${price.bound}).`;
  return `Copied from "${from}": resume here? It does not run in this copy until someone resumes it. ${cost}`;
}

/**
 * A job found in a copy of its spreadsheet: it stops here, and forgets what it bought there (the original's
 * credits, answers still out, possibly charged requests), so this spreadsheet's log and sidebar never count
 * them as its own. Rows already done stay done (their values came with the copy). `journalWaves`: the waves
 * the run's copied journal holds, all paid by the original.
 */
export function stopCopiedJob(job: Job, from: string, journalWaves: number | null): void {
  if (job.state !== "done") job.state = "stopped";
  job.lease = null;
  job.stopRequested = false;
  delete job.stoppedBy;
  job.loggedCredits = 0;
  job.loggedPossibly = 0;
  job.loggedRows = progress(job).done;
  if (job.kind === "bulk") {
    const bulk = job.bulk;
    bulk.creditsSpent = 0;
    bulk.creditsRemaining = null;
    bulk.possiblyCharged = 0;
    // Chunks the original had out: not bought here; the copy's run asks for them (or reads the journal).
    bulk.inFlight = [];
    delete bulk.heldPossibly;
    if (journalWaves !== null) bulk.journalWaves = journalWaves;
  } else if (job.kind === "people") {
    const people = job.people;
    people.creditsSpent = 0;
    people.creditsRemaining = null;
    delete people.possiblyCharged;
    // A paying poll the original had out is the original's.
    delete people.pollSentAt;
  } else {
    const briefs = job.briefs;
    briefs.creditsSpent = 0;
    briefs.creditsRemaining = null;
    delete briefs.possiblyCharged;
    for (const item of briefs.items) delete item.asking;
  }
  job.message =
    job.state === "done" ? `Copied from "${from}", where it finished.` : copiedJobMessage(job, from);
}

/** Resumed in the copy: the job belongs here now, and to whoever resumed it (their key pays). */
export function adoptJob(job: Job, home: Home, ownerId: string): void {
  job.home = home;
  job.ownerId = ownerId;
  delete job.copySettled;
}

/**
 * A copied rule resumed here: it is this spreadsheet's and its resumer's, its last run's figures (the
 * original's) are forgotten, and its next run is its next time on its schedule after `now` (none missed
 * while it sat in the copy is made up).
 */
export function adoptRule(rule: RefreshRule, home: Home, ownerId: string, now: number): void {
  rule.home = home;
  rule.ownerId = ownerId;
  rule.nextRunAt = nextRunAfter(rule, now);
  rule.lastCredits = null;
  rule.lastResult = null;
  delete rule.lastRun;
}

/** A spending control on a copied rule, before it is resumed here. */
export function copiedRuleMessage(from: string): string {
  return `This scheduled refresh was copied from "${from}": it does not run in this copy. Press Resume here first; it then runs on your key.`;
}
