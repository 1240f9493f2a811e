// Lookups that turn names into identifiers: technologies (find, lookup), categories, projects (spec §2.14, §4.5).
import * as z from "zod/mini";
import { boundedList, envelopeShape, onDemand } from "./common";
import { LIMITS } from "./limits";

export const TechnologiesFindRequest = onDemand(() =>
  z.strictObject({
    query: z.string().check(z.minLength(1, "query must not be empty.")),
  }),
);
export type TechnologiesFindRequest = z.infer<typeof TechnologiesFindRequest>;

export const TechnologiesFindResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    technologies: z.array(z.object({ slug: z.string(), name: z.string(), count: z.int() })),
    total_count: z.int(),
  }),
);
export type TechnologiesFindResponse = z.infer<typeof TechnologiesFindResponse>;

const CategoryRef = onDemand(() => z.object({ slug: z.string(), name: z.string(), name_short: z.string() }));

export const Technology = onDemand(() =>
  z.object({
    id: z.int(),
    slug: z.string(),
    name: z.string(),
    categories: z.array(CategoryRef),
  }),
);
export type Technology = z.infer<typeof Technology>;

export const TechnologiesLookupRequest = onDemand(() =>
  z.strictObject({
    technologies: boundedList(z.string(), LIMITS.lookupMax, "technology", "technologies"),
  }),
);
export type TechnologiesLookupRequest = z.infer<typeof TechnologiesLookupRequest>;

/** An unmatched lookup keeps its input and sets the object to null (notes §4). */
export const TechnologiesLookupResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    matched_count: z.int(),
    results: z.array(z.object({ input: z.string(), technology: z.nullable(Technology) })),
  }),
);
export type TechnologiesLookupResponse = z.infer<typeof TechnologiesLookupResponse>;

export const Category = onDemand(() =>
  z.object({
    slug: z.string(),
    name: z.string(),
    name_short: z.string(),
    technologies: z.array(z.object({ id: z.int(), slug: z.string(), name: z.string() })),
  }),
);
export type Category = z.infer<typeof Category>;

export const CategoriesLookupRequest = onDemand(() =>
  z.strictObject({
    technology_categories: boundedList(
      z.string(),
      LIMITS.lookupMax,
      "technology category",
      "technology categories",
    ),
  }),
);
export type CategoriesLookupRequest = z.infer<typeof CategoriesLookupRequest>;

export const CategoriesLookupResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    matched_count: z.int(),
    results: z.array(z.object({ input: z.string(), category: z.nullable(Category) })),
  }),
);
export type CategoriesLookupResponse = z.infer<typeof CategoriesLookupResponse>;

export const ProjectsLookupRequest = onDemand(() =>
  z.strictObject({
    projects: boundedList(z.string(), LIMITS.lookupMax, "project", "projects"),
  }),
);
export type ProjectsLookupRequest = z.infer<typeof ProjectsLookupRequest>;

export const ProjectsLookupResponse = onDemand(() =>
  z.object({
    ...envelopeShape(),
    matched_count: z.int(),
    results: z.array(
      z.object({
        input: z.string(),
        project: z.nullable(z.object({ id: z.int(), slug: z.string(), name: z.string() })),
      }),
    ),
  }),
);
export type ProjectsLookupResponse = z.infer<typeof ProjectsLookupResponse>;
