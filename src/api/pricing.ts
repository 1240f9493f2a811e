// Upper-bound credit estimates for any request, from the price list (spec §8.5), for previews before spending.

import type { EntitySelection } from "./contract";
import {
  FREE_JOB_ATTRIBUTES,
  FREE_PERSON_ATTRIBUTES,
  JOB_ATTRIBUTES,
  type JobsRequest,
  LIMITS,
  METRICS_BY_ENTITY_TYPE,
  ORGANIZATION_ATTRIBUTES,
  type OrganizationSelect,
  type OrganizationsRequest,
  PERSON_ATTRIBUTES_ALL,
  type PeopleRequest,
  PRICES,
  TEAM_ATTRIBUTES,
  type TeamsRequest,
} from "./contract";
import { quoteInput } from "./words/quote-input";

export interface Estimate {
  /** The most this request can cost. Unmatched inputs are free, so the real charge is often lower. */
  credits: number;
  /** False when part of the cost depends on how much the service returns and has no upper bound. */
  bounded: boolean;
  /** Plain-language notes on what the figure includes or cannot include. */
  notes: string[];
}

function metricCount(entity: EntitySelection): number {
  return entity.metrics === "all" ? METRICS_BY_ENTITY_TYPE[entity.type].all.length : entity.metrics.length;
}

/**
 * Credits per matched organization for a `select` (1 base + paid attributes + metrics). The add-on asks
 * for categories in aggregate only; an exploded category (a raw request) is priced per technology in
 * it, a count only the service knows, so its estimate says it has no upper bound.
 */
export function organizationUnitCost(select: OrganizationSelect): Estimate {
  const notes: string[] = [];
  let bounded = true;
  let credits = PRICES.organizationBase;
  for (const name of new Set(select.attributes ?? [])) {
    if (ORGANIZATION_ATTRIBUTES[name].paid) credits += PRICES.organizationPaidAttribute;
  }
  for (const entity of select.entities ?? []) {
    credits += metricCount(entity) * PRICES.organizationEntityMetric;
    if (entity.type === "technology_category" && entity.granularity === "exploded") {
      bounded = false;
      notes.push(
        `Exploded category ${quoteInput(entity.term)} costs its metrics once per technology in it (count unknown).`,
      );
    }
  }
  return { credits, bounded, notes };
}

/** Organizations: per matched (list) or returned (filter) organization. */
export function estimateOrganizations(request: OrganizationsRequest): Estimate {
  const unit = organizationUnitCost(request.select);
  const count = request.organizations
    ? new Set(request.organizations.map((o) => JSON.stringify(o))).size
    : (request.limit ?? LIMITS.filterLimitDefault);
  const notes = [...unit.notes];
  if (request.organizations) notes.push("Unmatched organizations are free.");
  return { credits: unit.credits * count, bounded: unit.bounded, notes };
}

function personAttributeCost(attributes: readonly string[] | "all" | undefined): number {
  const list = attributes === "all" ? PERSON_ATTRIBUTES_ALL : (attributes ?? []);
  let credits = 0;
  for (const name of new Set(list)) {
    if (!(FREE_PERSON_ATTRIBUTES as readonly string[]).includes(name)) credits += PRICES.personPaidAttribute;
    if (name === "email") credits += PRICES.personEmailReveal;
    if (name === "phone") credits += PRICES.personPhoneReveal;
  }
  return credits;
}

/** People: per returned person; reveals only the first time; related people have no upper bound. */
export function estimatePeople(request: PeopleRequest): Estimate {
  if (request.request_id)
    return { credits: 0, bounded: true, notes: ["Polling a job is free until it succeeds."] };
  const count = request.people ? request.people.length : (request.limit ?? LIMITS.filterLimitDefault);
  const unit = PRICES.personBase + personAttributeCost(request.select?.attributes);
  const notes: string[] = [];
  const attrs = request.select?.attributes;
  if (Array.isArray(attrs) && (attrs.includes("email") || attrs.includes("phone"))) {
    notes.push(
      `Contact reveals cost ${PRICES.personEmailReveal} per email and ${PRICES.personPhoneReveal} per phone, the first time only.`,
    );
  }
  let bounded = true;
  if (request.select?.related_people) {
    bounded = false;
    notes.push(`Plus ${PRICES.personRelated} per related person returned (managers, direct reports).`);
  }
  return { credits: unit * count, bounded, notes };
}

/** Jobs: per matched job; related people bounded by their per-job limit. */
export function estimateJobs(request: JobsRequest): Estimate {
  const count = request.jobs ? request.jobs.length : (request.limit ?? LIMITS.filterLimitDefault);
  const attrs = request.select.attributes === "all" ? JOB_ATTRIBUTES : (request.select.attributes ?? []);
  let unit = PRICES.jobBase;
  for (const name of new Set(attrs)) if (!FREE_JOB_ATTRIBUTES.includes(name)) unit += PRICES.jobPaidAttribute;
  const related = request.select.related_people;
  if (related) unit += (related.limit ?? LIMITS.jobRelatedPeopleDefault) * PRICES.jobRelatedPerson;
  return { credits: unit * count, bounded: true, notes: request.jobs ? ["Unmatched jobs are free."] : [] };
}

/** Teams: per matched team, plus related people and job posts up to their per-team maximum. */
export function estimateTeams(request: TeamsRequest): Estimate {
  const count = request.teams ? request.teams.length : (request.limit ?? LIMITS.filterLimitDefault);
  const attrs = request.select.attributes === "all" ? TEAM_ATTRIBUTES : (request.select.attributes ?? []);
  let unit = PRICES.teamBase + new Set(attrs).size * PRICES.teamPaidAttribute;
  const related = request.select.related_people;
  if (related) unit += (related.max_per_team ?? LIMITS.teamPerTeamDefault) * PRICES.teamRelatedPerson;
  const posts = request.select.job_posts;
  if (posts) unit += (posts.max_per_team ?? LIMITS.teamPerTeamDefault) * PRICES.teamJobPost;
  return { credits: unit * count, bounded: true, notes: [] };
}

/** Technologies, categories, projects and job-title lookups: 1 per 100 matched, rounded up. */
export function lookupCost(matched: number): number {
  return matched <= 0 ? 0 : Math.ceil(matched / PRICES.lookupMatchedPerCredit);
}

export function estimateLookup(inputs: number): Estimate {
  return { credits: lookupCost(inputs), bounded: true, notes: ["Only matched items count."] };
}

export function estimateSignals(limit: number | undefined): Estimate {
  return {
    credits: (limit ?? LIMITS.signalsLimitDefault) * PRICES.signal,
    bounded: true,
    notes: [`${PRICES.signal} credit per signal returned; none returned, free.`],
  };
}

export function estimatePrioritySignals(limit: number | undefined): Estimate {
  return {
    credits: (limit ?? LIMITS.prioritySignalsLimitDefault) * PRICES.prioritySignal,
    bounded: true,
    notes: [`${PRICES.prioritySignal} credit per priority signal returned.`],
  };
}

export function estimateBriefs(organizations: number): Estimate {
  return {
    credits: organizations * PRICES.brief,
    bounded: true,
    notes: [`${PRICES.brief} per completed brief; pending and "not enough data" answers are free.`],
  };
}

/** Reads of saved lists: 1 per list, organization or person returned. */
export function estimateListRead(items: number): Estimate {
  return { credits: items * PRICES.listItem, bounded: true, notes: [] };
}

/**
 * The most one call to `name` with `body` can cost, for logging a paid answer that was lost as possibly
 * charged; 0 where the price depends on what comes back (list reads, signals of one organization).
 */
export function mostCreditsFor(name: string, body: unknown): number {
  try {
    switch (name) {
      case "organizations":
        return estimateOrganizations(body as OrganizationsRequest).credits;
      case "people":
        return estimatePeople(body as PeopleRequest).credits;
      case "jobs":
        return estimateJobs(body as JobsRequest).credits;
      case "teams":
        return estimateTeams(body as TeamsRequest).credits;
      case "signals":
        return estimateSignals((body as { limit?: number } | undefined)?.limit).credits;
      case "prioritySignals":
        return estimatePrioritySignals((body as { limit?: number } | undefined)?.limit).credits;
      case "intelligenceBrief":
        return PRICES.brief;
      case "techStack":
        return PRICES.techStack;
      default:
        return 0;
    }
  } catch {
    // A body the estimate cannot read was refused before it could cost anything.
    return 0;
  }
}

/** Paid calls whose price is counted from what comes back, with no upper bound the request shows. */
const PRICED_BY_ANSWER = new Set([
  "contactLists",
  "contactList",
  "organizationLists",
  "organizationList",
  "organizationSignals",
]);

/**
 * What a call can cost before it is sent: the most (a number), null when the answer decides it, or "free".
 * Paid calls get a durable intent before they go out.
 */
export function paidCeiling(name: string, body: unknown): number | null | "free" {
  if (PRICED_BY_ANSWER.has(name)) return null;
  const most = mostCreditsFor(name, body);
  return most > 0 ? most : "free";
}
