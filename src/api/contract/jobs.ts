// Jobs and the job-title lookup (spec §2.10, §4.3).
import * as z from "zod/mini";
import {
  boundedList,
  envelopeShape,
  exactlyOneMode,
  limitField,
  maybe,
  offsetField,
  onDemand,
  oneOf,
  QueryText,
} from "./common";
import { LIMITS } from "./limits";
import { PERSON_ATTRIBUTES, RelatedPerson } from "./people";

export const JOB_ATTRIBUTES = [
  "title",
  "description",
  "location",
  "posted_date",
  "organization",
  "technologies",
  "teams",
  "job_functions",
  "job_levels",
  "projects",
] as const;
export type JobAttribute = (typeof JOB_ATTRIBUTES)[number];
/** `title` is free (notes §3); extracted entities cost 1 each like any paid attribute (spec §8.5). */
export const FREE_JOB_ATTRIBUTES: readonly JobAttribute[] = ["title"];

export const JobsSelect = onDemand(() =>
  z.strictObject({
    attributes: z.optional(z.union([z.array(oneOf(JOB_ATTRIBUTES, "job attribute")), z.literal("all")])),
    related_people: maybe(
      z.strictObject({
        attributes: z.optional(z.union([z.array(z.enum(PERSON_ATTRIBUTES)), z.literal("all")])),
        limit: z.optional(
          z
            .int()
            .check(
              z.gte(1),
              z.lte(
                LIMITS.jobRelatedPeopleMax,
                `related_people.limit must be at most ${LIMITS.jobRelatedPeopleMax}.`,
              ),
            ),
        ),
        job_levels: z.optional(z.array(z.string())),
        job_functions: z.optional(z.array(z.string())),
        sort_order: z.optional(z.enum(["score", "level"])),
        sort_direction: z.optional(z.enum(["desc", "asc"])),
      }),
    ),
  }),
);
export type JobsSelect = z.infer<typeof JobsSelect>;

export const JobsFilter = onDemand(() =>
  z
    .strictObject({
      organization_ids: maybe(z.array(z.int()).check(z.maxLength(LIMITS.filterOrganizationIdsMax))),
      organization_list_id: maybe(
        z.int().check(z.positive("organization_list_id must be a positive integer.")),
      ),
      query: maybe(QueryText),
    })
    .check(
      z.refine((f) => (f.organization_ids?.length ?? 0) > 0 || f.organization_list_id != null || !!f.query, {
        message: "A jobs filter needs organization_ids, organization_list_id or a query.",
      }),
    ),
);

export const JobsRequest = onDemand(() =>
  z
    .strictObject({
      jobs: z.optional(
        boundedList(
          z.strictObject({ job_id: z.int().check(z.positive("job_id must be a positive integer.")) }),
          LIMITS.listMax,
          "job",
          "jobs",
        ),
      ),
      filter: z.optional(JobsFilter),
      select: JobsSelect,
      limit: limitField(LIMITS.filterLimitMax),
      offset: offsetField(LIMITS.offsetMax),
    })
    .check(
      z.superRefine((body, ctx) => {
        if (
          !exactlyOneMode(ctx, body, ["jobs", "filter"], {
            none: 'Send either "jobs" (list mode) or "filter".',
            many: 'Send "jobs" or "filter", not both.',
          })
        )
          return;
        const attrs = body.select.attributes;
        const withDescription = attrs === "all" || (attrs?.includes("description") ?? false);
        if (body.jobs && withDescription && body.jobs.length > LIMITS.jobsListMaxWithDescription) {
          ctx.issues.push({
            code: "custom",
            path: ["jobs"],
            input: body.jobs.length,
            message: `With description, send at most ${LIMITS.jobsListMaxWithDescription} jobs per request.`,
          });
        }
        if (
          body.jobs &&
          body.select.related_people &&
          body.jobs.length > LIMITS.jobsListMaxWithRelatedPeople
        ) {
          ctx.issues.push({
            code: "custom",
            path: ["jobs"],
            input: body.jobs.length,
            message: `With related_people, send at most ${LIMITS.jobsListMaxWithRelatedPeople} jobs per request.`,
          });
        }
      }),
    ),
);
export type JobsRequest = z.infer<typeof JobsRequest>;

const Named = onDemand(() =>
  z.object({ name: z.string(), slug: z.string(), service_url: maybe(z.string()) }),
);

export const JobAttributes = onDemand(() =>
  z.object({
    title: maybe(z.string()),
    description: maybe(z.string()),
    location: maybe(z.string()),
    posted_date: maybe(z.string()),
    organization: maybe(
      z.object({
        organization_id: z.int(),
        name: maybe(z.string()),
        domain: maybe(z.string()),
        service_url: maybe(z.string()),
      }),
    ),
    technologies: maybe(
      z.array(
        z.object({ name: z.string(), slug: z.string(), used: z.boolean(), service_url: maybe(z.string()) }),
      ),
    ),
    teams: maybe(
      z.array(
        z.object({ team_id: z.int(), name: z.string(), slug: z.string(), service_url: maybe(z.string()) }),
      ),
    ),
    job_functions: maybe(z.array(Named)),
    job_levels: maybe(z.array(z.object({ name: z.string() }))),
    projects: maybe(
      z.array(
        z.object({
          name: z.string(),
          slug: z.string(),
          goal: maybe(z.string()),
          service_url: maybe(z.string()),
        }),
      ),
    ),
  }),
);
export type JobAttributes = z.infer<typeof JobAttributes>;

export const JobRow = onDemand(() =>
  z.object({
    input: maybe(z.object({ job_id: z.int() })),
    job_id: maybe(z.int()),
    service_url: maybe(z.string()),
    attributes: maybe(JobAttributes),
    related_people: maybe(z.array(RelatedPerson)),
  }),
);
export type JobRow = z.infer<typeof JobRow>;

export const JobsResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    jobs: z.array(JobRow),
    total: z.int(),
    matched_count: maybe(z.int()),
    source_data_url: maybe(z.string()),
  }),
);
export type JobsResponse = z.infer<typeof JobsResponse>;

export const TitleLookupRequest = onDemand(() =>
  z.strictObject({
    titles: boundedList(z.string(), LIMITS.lookupMax, "title", "titles"),
  }),
);
export type TitleLookupRequest = z.infer<typeof TitleLookupRequest>;

export const JobFunctionRef = onDemand(() => z.object({ id: z.int(), slug: z.string(), name: z.string() }));
export const JobLevelRef = onDemand(() => z.object({ id: z.int(), name: z.string(), level_rank: z.int() }));

export const TitleLookupResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    matched_count: z.int(),
    results: z.array(
      z.object({
        input: z.string(),
        job_function: z.nullable(JobFunctionRef),
        job_level: z.nullable(JobLevelRef),
      }),
    ),
  }),
);
export type TitleLookupResponse = z.infer<typeof TitleLookupResponse>;
