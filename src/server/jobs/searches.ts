// Starting asynchronous work from the sidebar: a people search and a batch of intelligence briefs.
import { type Estimate, estimateBriefs, estimatePeople } from "../../api/pricing";
import { plural } from "../../api/words/format";
import { createBriefsState, MAX_BRIEFS, readOrganizationIds } from "../../core/jobs/briefs";
import { type BriefsJob, newJobCommon, type PeopleJob } from "../../core/jobs/job";
import { relatedDirections, selectedAttributes, validatePeopleSearch } from "../../core/jobs/people";
import { type JobStatus, toStatus } from "../../core/jobs/status";
import { RequestError } from "../../core/text/user-errors";
import { makeClient } from "../runtime";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";
import { matchOrganizations } from "../sidebar/organization-match";
import { readOrganizationsToMatch } from "../sidebar/organization-texts";
import { jobServices } from "./services";
import { syncTrigger } from "./trigger-sync";

/** Starting a search is one quick request; the person is watching a spinner. */
const START_BUDGET_MS = 30_000;

export function estimatePeopleSearch(input: unknown): Estimate {
  return estimatePeople(validatePeopleSearch(input).body);
}

/** What the caller knows of a search it starts: its name, and what finding its organizations cost. */
export interface PeopleSearchStart {
  title?: string;
  matchCredits?: number;
}

export function startPeopleSearch(input: unknown, start: PeopleSearchStart = {}): JobStatus {
  const search = validatePeopleSearch(input);
  const services = jobServices();
  const estimate = estimatePeople(search.body);
  const started = makeClient({ budgetMs: START_BUDGET_MS, keepsOwnRecord: true }).startPeopleJob(search.body);
  const requestId = started.request_id ?? started.id;
  const now = services.clock.now();
  const what = search.body.people ? plural(search.body.people.length, "person", "people") : "a filter";
  const job: PeopleJob = {
    ...newJobCommon(
      services.newId(),
      start.title ?? `People search for ${what}`,
      now,
      "Queued at the service.",
    ),
    ownerId: services.ownerId(),
    state: "waiting",
    kind: "people",
    people: {
      requestId,
      attributes: selectedAttributes(search.body),
      relatedDirections: relatedDirections(search.body),
      listMode: search.body.people !== undefined,
      sheetName: search.sheetName,
      polls: 0,
      estimate: estimate.credits,
      peopleWritten: 0,
      writtenTo: null,
      creditsSpent: 0,
      creditsRemaining: started.credits_remaining,
      failure: null,
      ...(start.matchCredits ? { matchCredits: start.matchCredits } : {}),
    },
  };
  services.queue.add(job);
  syncTrigger(services);
  return toStatus(job);
}

export interface BriefsRequestResult {
  status: JobStatus;
  estimate: Estimate;
  /** What matching domains and names to ids did, or null when every organization was given by id. */
  matched: { found: number; notFound: number; creditsUsed: number } | null;
}

export const NO_BRIEF_MATCH_MESSAGE =
  "None of the domains or names matched an organization, so no brief was asked for. Not finding them cost nothing.";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `{organizationIds, match?}`: ids go as they are; `match` (domains, web addresses, e-mails, names) is
 * matched to ids here, in this sidebar call, so the paid match has the client's durable intent and its
 * answer is never bought again by the job; the job gets ids only.
 */
export function requestBriefs(input: unknown): BriefsRequestResult {
  const match = readOrganizationsToMatch(isRecord(input) ? input["match"] : undefined, "match", MAX_BRIEFS);
  const given = isRecord(input) ? input["organizationIds"] : undefined;
  const noIds = given === undefined || (Array.isArray(given) && given.length === 0);
  let ids = match.length > 0 && noIds ? [] : readOrganizationIds(input);
  if (ids.length + match.length > MAX_BRIEFS) {
    throw new RequestError(
      `Ask for at most ${MAX_BRIEFS} briefs at a time; got ${ids.length + match.length}.`,
    );
  }
  const services = jobServices();
  const client = makeClient({ budgetMs: match.length > 0 ? SIDEBAR_CALL_BUDGET_MS : 1_000 });
  let matched: BriefsRequestResult["matched"] = null;
  if (match.length > 0) {
    const found = matchOrganizations(
      client,
      match,
      (count) => `Find the ids of ${plural(count, "organization")} for intelligence briefs`,
    );
    ids = [...new Set([...ids, ...found.ids])];
    matched = {
      found: match.length - found.unmatched,
      notFound: found.unmatched,
      creditsUsed: found.creditsUsed,
    };
    if (ids.length === 0) throw new RequestError(NO_BRIEF_MATCH_MESSAGE);
  }
  const now = services.clock.now();
  const job: BriefsJob = {
    ...newJobCommon(services.newId(), plural(ids.length, "organization"), now, "Queued."),
    ownerId: services.ownerId(),
    kind: "briefs",
    briefs: createBriefsState(ids, now),
  };
  services.queue.add(job);
  syncTrigger(services);
  return { status: toStatus(job), estimate: estimateBriefs(ids.length), matched };
}
