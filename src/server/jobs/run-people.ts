// One poll of a people search; the poll that charges writes the people to a new sheet before anything else.

import type { PeopleResponse } from "../../api/contract";
import { ApiError } from "../../api/errors";
import { formatCount, plural } from "../../api/words/format";
import type { JobHandle } from "../../core/jobs/dispatch";
import type { PeopleJob, PeopleState } from "../../core/jobs/job";
import { peopleColumns, pollDelay } from "../../core/jobs/people";
import { cellText } from "../../core/sheet/cells";
import { uniqueSheetName, type WorkbookPort } from "../../core/sheet/port";
import { makeClient } from "../runtime";
import { apiHeader } from "../sidebar/headers";
import { writeTable } from "../sidebar/result-sheets";
import { releaseAndLog } from "./outcomes";
import type { JobServices } from "./services";

export const PEOPLE_STOPPED_MESSAGE =
  "Stopped: the search is no longer followed, and nothing was charged for it.";

/** "26 credits (1 to find the organization)": the search's total, the paid match of its organizations included. */
export function spentWords(people: Pick<PeopleState, "creditsSpent" | "matchCredits">): string {
  const match = people.matchCredits ?? 0;
  const total = plural(people.creditsSpent + match, "credit");
  return match === 0
    ? total
    : `${total} (${formatCount(match)} to find the organization${match === 1 ? "" : "s"})`;
}

/**
 * What a stopped people search says: nothing charged, or — when a poll that may have paid lost its
 * answer — that the people were possibly charged for, and how to fetch them.
 */
export function peopleStoppedMessage(job: PeopleJob): string {
  const possibly = job.people.creditsSpent > 0 ? 0 : (job.people.possiblyCharged ?? 0);
  if (possibly === 0) return PEOPLE_STOPPED_MESSAGE;
  return `Stopped: the search is no longer followed. A poll's answer was lost after the service may have charged for its people: up to ${plural(possibly, "credit")} possibly charged, as the Enrichment log says. Press "Fetch the people paid for" to get them: the service charges a search once, so it costs nothing more.`;
}

function writePeople(workbook: WorkbookPort, job: PeopleJob, response: PeopleResponse): string {
  const people = response.people ?? [];
  const { attributes, relatedDirections, listMode } = job.people;
  const columns = peopleColumns(attributes, relatedDirections, listMode);
  const name = uniqueSheetName(workbook, job.people.sheetName);
  // Written when the job finishes, often by a trigger while the person works elsewhere: keep their view.
  const sheet = workbook.insertSheet(name, { show: false });
  // Service values are written as every writer's are: a title "=IMPORTXML(…)" or an id "00123" stays text,
  // dates are dates; headers are friendly names with the API name in a note.
  writeTable(
    sheet,
    columns.map((c) => (c.label ? { label: c.label, note: c.header } : apiHeader(c.header))),
    people.map((person) => columns.map((column) => cellText(column.value(person)))),
  );
  return name;
}

/**
 * Books what a succeeded poll says it cost. The service charges a search once, so a poll that reports a
 * charge proves a lost poll before it was not the paying one: its possible charge is settled (taken back
 * on the log) rather than counted beside this one.
 */
function bookCharge(p: PeopleJob, response: PeopleResponse): void {
  p.people.creditsSpent += response.credits_used;
  p.people.creditsRemaining = response.credits_remaining;
  if (response.credits_used > 0) p.people.possiblyCharged = 0;
}

/**
 * A poll recorded as sent whose outcome was never booked (its execution died with it out) may have been
 * the paying one: its estimate is counted as possibly charged, so the log never falls short of the ledger
 * (a later poll that reports the charge settles it back).
 */
function foldDeadPoll(p: PeopleJob): void {
  if (p.people.pollSentAt === undefined) return;
  delete p.people.pollSentAt;
  if (p.people.creditsSpent === 0) {
    p.people.possiblyCharged = Math.max(p.people.possiblyCharged ?? 0, p.people.estimate);
  }
}

export function runPeopleStep(
  services: JobServices,
  workbook: WorkbookPort,
  job: PeopleJob,
  handle: JobHandle,
): void {
  const now = services.clock.now();
  // Every outcome of this step's poll is booked with its record of being sent removed.
  const release = (mutate: (p: PeopleJob) => void) =>
    releaseAndLog(services, workbook, handle, (saved) => {
      const p = saved as PeopleJob;
      delete p.people.pollSentAt;
      mutate(p);
    });
  const wait = (message: string) =>
    release((p) => {
      p.people.polls++;
      p.state = "waiting";
      p.notBefore = services.clock.now() + pollDelay(p.people.polls);
      p.message = message;
    });
  // `unsent`: this step's own poll intent, written but never sent, is no dead poll.
  const stop = (unsent: boolean) =>
    releaseAndLog(services, workbook, handle, (saved) => {
      if (unsent) delete (saved as PeopleJob).people.pollSentAt;
      foldDeadPoll(saved as PeopleJob);
      saved.state = "stopped";
      saved.stopRequested = false;
      saved.message = peopleStoppedMessage(saved as PeopleJob);
    });
  if (job.stopRequested) {
    stop(false);
    return;
  }
  // The intent of a poll that can pay goes down before it is sent (after booking a dead one's): an
  // execution killed with it out leaves the record for the next step to log as possibly charged. The
  // write reads the job afresh: a Stop recorded since the step began sends nothing.
  if (job.people.creditsSpent === 0) {
    const saved = handle.update((saved) => {
      const p = saved as PeopleJob;
      foldDeadPoll(p);
      p.people.pollSentAt = now;
    });
    if (saved.stopRequested) {
      stop(true);
      return;
    }
  }
  let response: PeopleResponse;
  try {
    response = makeClient({ budgetMs: handle.deadline - now, keepsOwnRecord: true }).pollPeopleJob(
      job.people.requestId,
    );
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.kind === "insufficient_credits") {
      release((saved) => {
        saved.state = "out_of_credits";
        saved.message =
          "Out of credits: the search is finished but the account cannot pay for its people yet. Top up, then press Resume.";
      });
      return;
    }
    if (error.outcomeUnknown) {
      // The poll may have been the one that charged; the next polls answer free. What it may have cost
      // is logged now as possibly charged, so the log never falls short of the ledger. A search already
      // paid for is charged no more, so a poll lost after that costs nothing.
      release((p) => {
        if (p.people.creditsSpent === 0) {
          p.people.possiblyCharged = Math.max(p.people.possiblyCharged ?? 0, p.people.estimate);
        }
        p.people.polls++;
        p.state = "waiting";
        p.notBefore = services.clock.now() + pollDelay(p.people.polls);
        p.message = `The service's answer was lost on the way (${error.message}); it may have charged for the people (up to ${plural(p.people.estimate, "credit")}, logged as possibly charged). Asking again, which is free.`;
      });
      return;
    }
    if (error.retryable || error.kind === "deadline" || error.kind === "unexpected_response") {
      wait(`Waiting for the service, which did not answer this time: ${error.message}`);
      return;
    }
    throw error;
  }
  const status = response.status ?? "succeeded";
  if (status === "pending" || status === "running") {
    wait(status === "pending" ? "Queued at the service." : "The service is searching.");
    return;
  }
  if (status === "failed") {
    release((p) => {
      p.state = "failed";
      p.people.failure = `The people search failed: ${response.message ?? "the service gave no reason"}`;
      p.message = `${p.people.failure} Start it again to retry.`;
    });
    return;
  }
  // Paid now: the people reach the sheet before anything else can go wrong.
  const count = (response.people ?? []).length;
  let writtenTo: string;
  try {
    writtenTo = writePeople(workbook, job, response);
  } catch (error) {
    // Later polls return the same people for free, so the write is simply tried again.
    release((p) => {
      bookCharge(p, response);
      p.people.polls++;
      p.state = "waiting";
      p.notBefore = services.clock.now() + pollDelay(p.people.polls);
      p.message = `The people were found but could not be written yet (${error instanceof Error ? error.message : String(error)}); trying again.`;
    });
    return;
  }
  release((p) => {
    bookCharge(p, response);
    p.people.peopleWritten = count;
    p.people.writtenTo = writtenTo;
    p.state = "done";
    const possibly = p.people.possiblyCharged ?? 0;
    p.message =
      possibly > 0 && p.people.creditsSpent === 0
        ? `Done: ${plural(count, "person", "people")} written to "${writtenTo}". The poll that paid for them lost its answer: up to ${plural(possibly, "credit")} possibly charged, as the Enrichment log says.`
        : `Done: ${plural(count, "person", "people")} written to "${writtenTo}" for ${spentWords(p.people)}.`;
  });
}
