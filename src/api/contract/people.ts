// People (spec §2.9, §4.2): list and filter modes, asynchronous since v8 (start, then poll by request_id).
import * as z from "zod/mini";
import {
  boundedList,
  envelopeShape,
  exactlyOneMode,
  limitField,
  maybe,
  ORDER_DIRECTIONS,
  offsetField,
  onDemand,
  oneOf,
  QueryText,
} from "./common";
import { LIMITS } from "./limits";

export const PERSON_ATTRIBUTES = [
  "name",
  "email",
  "phone",
  "linkedin_url",
  "job_title",
  "job_function",
  "job_level",
  "location",
  "country",
  "current_employer",
  "technologies",
  "person_score",
  "confidence",
] as const;
export type PersonAttribute = (typeof PERSON_ATTRIBUTES)[number];

/** Free person attributes (notes §2); the rest cost 1 each, email and phone add their reveal price. */
export const FREE_PERSON_ATTRIBUTES: readonly PersonAttribute[] = ["name"];
/** What `attributes: "all"` returns: everything but email, phone and the related-only confidence (notes §2). */
export const PERSON_ATTRIBUTES_ALL: readonly PersonAttribute[] = PERSON_ATTRIBUTES.filter(
  (a) => a !== "email" && a !== "phone" && a !== "confidence",
);

const AttributeList = onDemand(() =>
  z.union([z.array(oneOf(PERSON_ATTRIBUTES, "person attribute")), z.literal("all")]),
);

export const PeopleSelect = onDemand(() =>
  z.strictObject({
    attributes: z.optional(AttributeList),
    related_people: maybe(
      z.strictObject({
        direction: z
          .array(z.enum(["managers", "direct_reports"]))
          .check(z.minLength(1, "Name at least one direction.")),
        attributes: z.optional(AttributeList),
      }),
    ),
  }),
);
export type PeopleSelect = z.infer<typeof PeopleSelect>;

export const PersonInput = onDemand(() =>
  z
    .strictObject({
      person_id: maybe(z.int().check(z.positive("person_id must be a positive integer."))),
      linkedin_url: maybe(z.string()),
      email: maybe(z.string()),
    })
    .check(
      z.refine((p) => p.person_id != null || !!p.linkedin_url || !!p.email, {
        message: "Each person needs a person_id, linkedin_url or email.",
      }),
    ),
);
export type PersonInput = z.infer<typeof PersonInput>;

const OrganizationIds = onDemand(() =>
  z
    .array(z.int())
    .check(
      z.maxLength(
        LIMITS.filterOrganizationIdsMax,
        `Send at most ${LIMITS.filterOrganizationIdsMax} organization ids.`,
      ),
    ),
);

export const PeopleFilter = onDemand(() =>
  z
    .strictObject({
      organization_ids: maybe(OrganizationIds),
      organization_list_id: maybe(
        z.int().check(z.positive("organization_list_id must be a positive integer.")),
      ),
      query: maybe(QueryText),
    })
    .check(
      z.refine((f) => (f.organization_ids?.length ?? 0) > 0 || f.organization_list_id != null, {
        message: "A people filter needs organization_ids or organization_list_id.",
      }),
    ),
);

export const PeopleRequest = onDemand(() =>
  z
    .strictObject({
      people: z.optional(boundedList(PersonInput, LIMITS.listMax, "person", "people")),
      filter: z.optional(PeopleFilter),
      request_id: z.optional(z.string().check(z.minLength(1, "request_id must not be empty."))),
      select: z.optional(PeopleSelect),
      limit: limitField(LIMITS.filterLimitMax),
      offset: offsetField(LIMITS.offsetMax),
      order_by_column: maybe(z.enum(["person_score", "start_date", "job_level"])),
      order_by_direction: maybe(z.enum(ORDER_DIRECTIONS)),
    })
    .check(
      z.superRefine((body, ctx) => {
        if (
          !exactlyOneMode(ctx, body, ["people", "filter", "request_id"], {
            none: 'Send "people" (list mode), "filter" (filter mode) or "request_id" (poll a job).',
            many: 'Send only one of "people", "filter" and "request_id".',
          })
        )
          return;
        if (body.request_id) return;
        if (!body.select) {
          ctx.issues.push({
            code: "custom",
            path: ["select"],
            input: undefined,
            message: "select is required.",
          });
          return;
        }
        const attrs = body.select.attributes;
        const contacts = Array.isArray(attrs) && (attrs.includes("email") || attrs.includes("phone"));
        const related = !!body.select.related_people;
        const byEmail = body.people?.some((p) => !!p.email) ?? false;
        if (
          body.people &&
          (contacts || related || byEmail) &&
          body.people.length > LIMITS.peopleListMaxWithContacts
        ) {
          ctx.issues.push({
            code: "custom",
            path: ["people"],
            input: body.people.length,
            message: `With email, phone, related_people or e-mail identifiers, send at most ${LIMITS.peopleListMaxWithContacts} people per request.`,
          });
        }
        if (Array.isArray(attrs) && attrs.includes("confidence")) {
          ctx.issues.push({
            code: "custom",
            path: ["select", "attributes"],
            input: "confidence",
            message: "confidence is available inside related_people only.",
          });
        }
        if (body.people && Array.isArray(attrs) && attrs.includes("person_score")) {
          ctx.issues.push({
            code: "custom",
            path: ["select", "attributes"],
            input: "person_score",
            message: "person_score is available in filter mode only.",
          });
        }
      }),
    ),
);
export type PeopleRequest = z.infer<typeof PeopleRequest>;

const PersonTechnology = onDemand(() => z.object({ name: z.string(), slug: z.string() }));

export const PersonAttributes = onDemand(() =>
  z.object({
    name: maybe(z.string()),
    email: maybe(z.string()),
    phone: maybe(z.string()),
    linkedin_url: maybe(z.string()),
    job_title: maybe(z.string()),
    job_function: maybe(z.string()),
    job_level: maybe(z.string()),
    location: maybe(z.string()),
    country: maybe(z.string()),
    current_employer: maybe(
      z.object({
        organization_id: z.int(),
        name: maybe(z.string()),
        start_date: maybe(z.string()),
        service_url: maybe(z.string()),
      }),
    ),
    technologies: maybe(z.array(PersonTechnology)),
    person_score: maybe(
      z.object({
        value: z.number(),
        skill_contribution: z.number(),
        job_function_contribution: z.number(),
        seniority_contribution: z.number(),
        matched_features: z.array(
          z.object({ name: z.string(), slug: z.string(), match_type: z.string(), contribution: z.number() }),
        ),
      }),
    ),
  }),
);
export type PersonAttributes = z.infer<typeof PersonAttributes>;

export const RelatedPerson = onDemand(() =>
  z.object({
    person_id: z.int(),
    service_url: maybe(z.string()),
    confidence: maybe(z.looseObject({ score: z.number() })),
    attributes: maybe(PersonAttributes),
  }),
);
export type RelatedPerson = z.infer<typeof RelatedPerson>;

export const PersonRow = onDemand(() =>
  z.object({
    input: maybe(z.looseObject({})),
    person_id: maybe(z.int()),
    service_url: maybe(z.string()),
    attributes: maybe(PersonAttributes),
    related_people: maybe(
      z.object({ managers: maybe(z.array(RelatedPerson)), direct_reports: maybe(z.array(RelatedPerson)) }),
    ),
  }),
);
export type PersonRow = z.infer<typeof PersonRow>;

export const PEOPLE_JOB_STATUSES = ["pending", "running", "succeeded", "failed"] as const;
export type PeopleJobStatus = (typeof PEOPLE_JOB_STATUSES)[number];

export const PeopleResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    request_id: maybe(z.string()),
    status: maybe(z.enum(PEOPLE_JOB_STATUSES)),
    people: maybe(z.array(PersonRow)),
    matched_count: maybe(z.int()),
    total: maybe(z.int()),
    source_data_url: maybe(z.string()),
    /** Not in the spec: the emulator explains a failed job here; the real body is undocumented (notes §2). */
    message: maybe(z.string()),
  }),
);
export type PeopleResponse = z.infer<typeof PeopleResponse>;
