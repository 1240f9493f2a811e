// Starting asynchronous work from the sidebar: a people search and a batch of intelligence briefs.
import { type Estimate, estimateBriefs, estimatePeople } from "../../api/pricing";
import { createBriefsState, readOrganizationIds } from "../../core/jobs/briefs";
import { plural } from "../../core/jobs/format";
import { type BriefsJob, newJobCommon, type PeopleJob } from "../../core/jobs/job";
import { relatedDirections, selectedAttributes, validatePeopleSearch } from "../../core/jobs/people";
import { type JobStatus, toStatus } from "../../core/jobs/status";
import { makeClient } from "../runtime";
import { jobServices } from "./services";
import { syncTrigger } from "./trigger-sync";

/** Starting a search is one quick request; the person is watching a spinner. */
const START_BUDGET_MS = 30_000;

export function estimatePeopleSearch(input: unknown): Estimate {
  return estimatePeople(validatePeopleSearch(input).body);
}

export function startPeopleSearch(input: unknown): JobStatus {
  const search = validatePeopleSearch(input);
  const services = jobServices();
  const estimate = estimatePeople(search.body);
  const started = makeClient({ budgetMs: START_BUDGET_MS, keepsOwnRecord: true }).startPeopleJob(search.body);
  const requestId = started.request_id ?? started.id;
  const now = services.clock.now();
  const what = search.body.people ? plural(search.body.people.length, "person", "people") : "a filter";
  const job: PeopleJob = {
    ...newJobCommon(services.newId(), `People search for ${what}`, now, "Queued at the service."),
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
    },
  };
  services.queue.add(job);
  syncTrigger(services);
  return toStatus(job);
}

export interface BriefsRequestResult {
  status: JobStatus;
  estimate: Estimate;
}

export function requestBriefs(input: unknown): BriefsRequestResult {
  const ids = readOrganizationIds(input);
  const services = jobServices();
  makeClient({ budgetMs: 1_000 });
  const now = services.clock.now();
  const job: BriefsJob = {
    ...newJobCommon(services.newId(), plural(ids.length, "organization"), now, "Queued."),
    ownerId: services.ownerId(),
    kind: "briefs",
    briefs: createBriefsState(ids, now),
  };
  services.queue.add(job);
  syncTrigger(services);
  return { status: toStatus(job), estimate: estimateBriefs(ids.length) };
}
