// One organization's pages (spec §2.3–2.4): its intelligence brief, its signals and its tech stack.
import * as z from "zod/mini";
import { envelopeShape, maybe, onDemand } from "./common";
import { Signal } from "./signals";

/** GET …/intelligence-brief: 200 (spec §2.4). */
export const IntelligenceBrief = onDemand(() =>
  z.object({
    ...envelopeShape(),
    organization_id: z.int(),
    organization_slug: z.string(),
    title: z.string(),
    body: z.string(),
    service_url: z.string(),
  }),
);
export type IntelligenceBrief = z.infer<typeof IntelligenceBrief>;

/** GET …/intelligence-brief: 202 with Retry-After (spec §2.4). */
export const IntelligenceBriefPending = onDemand(() =>
  z.object({
    status: z.literal("pending"),
    organization_id: z.int(),
    organization_slug: z.string(),
    message: z.string(),
  }),
);
export type IntelligenceBriefPending = z.infer<typeof IntelligenceBriefPending>;

export const OrganizationSignalsQuery = onDemand(() =>
  z.strictObject({
    technology_slugs: z.optional(z.array(z.string())),
  }),
);

export const OrganizationSignalsResponse = onDemand(() =>
  z.object({ ...envelopeShape(), signals: z.array(Signal) }),
);
export type OrganizationSignalsResponse = z.infer<typeof OrganizationSignalsResponse>;

const StackTechnology = onDemand(() =>
  z.object({
    name: z.string(),
    slug: z.string(),
    job_post_used_count: maybe(z.int()),
    domain: maybe(z.string()),
  }),
);
const StackCategory = onDemand(() =>
  z.object({
    category_slug: z.string(),
    category_name: z.string(),
    category_name_full: maybe(z.string()),
    technologies: z.array(StackTechnology),
    evidence: z.optional(z.array(z.object({ name: z.string(), job_post_used_count: maybe(z.int()) }))),
  }),
);

/** GET …/techs (spec §2.3). */
export const TechStackResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    organization_id: z.int(),
    organization_slug: z.string(),
    business_functions: z.array(
      z.object({ business_function: z.string(), categories: z.array(StackCategory) }),
    ),
  }),
);
export type TechStackResponse = z.infer<typeof TechStackResponse>;
