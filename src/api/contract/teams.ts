// Teams (spec §4.4; fields "not shown" there, so they follow the real service, notes §3).
import * as z from "zod/mini";
import {
  boundedList,
  envelopeShape,
  IsoDate,
  limitField,
  maybe,
  ORDER_DIRECTIONS,
  offsetField,
  onDemand,
  oneOf,
  QueryText,
} from "./common";
import { JobAttributes } from "./jobs";
import { LIMITS } from "./limits";
import { PERSON_ATTRIBUTES, PersonAttributes } from "./people";

export const TEAM_ATTRIBUTES = [
  "organization",
  "breadcrumbs",
  "jobs_count",
  "technology_list",
  "job_function_list",
  "location_list",
  "first_activity",
  "last_activity",
  "score",
] as const;
export type TeamAttribute = (typeof TEAM_ATTRIBUTES)[number];

export const TEAM_JOB_POST_COMPONENTS = [
  "job_details",
  "technologies",
  "job_functions",
  "job_level",
] as const;

const perTeam = () =>
  z.optional(
    z
      .int()
      .check(
        z.gte(1),
        z.lte(LIMITS.teamPerTeamMax, `max_per_team must be at most ${LIMITS.teamPerTeamMax}.`),
      ),
  );

export const TeamsSelect = onDemand(() =>
  z.strictObject({
    attributes: z.optional(z.union([z.array(oneOf(TEAM_ATTRIBUTES, "team attribute")), z.literal("all")])),
    related_people: maybe(
      z.strictObject({
        attributes: z.optional(z.union([z.array(z.enum(PERSON_ATTRIBUTES)), z.literal("all")])),
        max_per_team: perTeam(),
      }),
    ),
    job_posts: maybe(
      z.strictObject({
        components: z.optional(z.union([z.array(z.enum(TEAM_JOB_POST_COMPONENTS)), z.literal("all")])),
        max_per_team: perTeam(),
        since: maybe(IsoDate),
      }),
    ),
  }),
);
export type TeamsSelect = z.infer<typeof TeamsSelect>;

export const TeamsRequest = onDemand(() =>
  z
    .strictObject({
      teams: z.optional(boundedList(z.int(), LIMITS.listMax, "team id", "team ids")),
      filter: z.optional(
        z.strictObject({
          organization_ids: z
            .array(z.int())
            .check(
              z.minLength(1, "A teams filter needs at least one organization id."),
              z.maxLength(LIMITS.filterOrganizationIdsMax),
            ),
          query: maybe(QueryText),
          since: maybe(IsoDate),
        }),
      ),
      select: TeamsSelect,
      limit: limitField(LIMITS.filterLimitMax),
      offset: offsetField(LIMITS.offsetMax),
      order_by_column: maybe(z.enum(["jobs_count", "first_activity", "last_activity", "score"])),
      order_by_direction: maybe(z.enum(ORDER_DIRECTIONS)),
    })
    .check(
      z.refine((body) => (body.teams ? 1 : 0) + (body.filter ? 1 : 0) === 1, {
        message: 'Send either "teams" (list mode) or "filter", not both.',
      }),
    ),
);
export type TeamsRequest = z.infer<typeof TeamsRequest>;

/** Team rows are loose: the sidebar flattens whatever fields the service returns. */
export const TeamAttributes = onDemand(() =>
  z.looseObject({
    organization: maybe(
      z.looseObject({ organization_id: z.int(), name: maybe(z.string()), service_url: maybe(z.string()) }),
    ),
    breadcrumbs: maybe(
      z.array(z.looseObject({ team_id: maybe(z.int()), name: z.string(), slug: maybe(z.string()) })),
    ),
    jobs_count: maybe(z.int()),
    technology_list: maybe(
      z.array(
        z.looseObject({
          name: z.string(),
          slug: z.string(),
          used: maybe(z.boolean()),
          jobs_count: maybe(z.int()),
        }),
      ),
    ),
    job_function_list: maybe(
      z.array(z.looseObject({ name: z.string(), slug: z.string(), jobs_count: maybe(z.int()) })),
    ),
    location_list: maybe(z.array(z.looseObject({ name: z.string(), jobs_count: maybe(z.int()) }))),
    first_activity: maybe(z.string()),
    last_activity: maybe(z.string()),
    score: maybe(z.looseObject({ value: z.number(), fit: maybe(z.string()) })),
  }),
);

export const TeamRow = onDemand(() =>
  z.looseObject({
    input: maybe(z.int()),
    team_id: maybe(z.int()),
    name: maybe(z.string()),
    service_url: maybe(z.string()),
    attributes: maybe(TeamAttributes),
    related_people: maybe(
      z.array(
        z.looseObject({
          person_id: z.int(),
          service_url: maybe(z.string()),
          confidence: maybe(z.looseObject({ score: z.number() })),
          attributes: maybe(PersonAttributes),
        }),
      ),
    ),
    job_posts: maybe(
      z.array(
        z.looseObject({ job_id: z.int(), service_url: maybe(z.string()), attributes: maybe(JobAttributes) }),
      ),
    ),
  }),
);
export type TeamRow = z.infer<typeof TeamRow>;

export const TeamsResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    teams: z.array(TeamRow),
    total: z.int(),
    matched_count: maybe(z.int()),
    source_data_url: maybe(z.string()),
  }),
);
export type TeamsResponse = z.infer<typeof TeamsResponse>;
