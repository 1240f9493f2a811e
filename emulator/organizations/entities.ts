// Plans the requested entities: matched records, expanded metrics, `since` and cost per organization.
import { type EntityMetric, METRICS_BY_ENTITY_TYPE } from "../../src/api/contract/organization-catalog.ts";
import type { EntitySelection } from "../../src/api/contract/organizations.ts";
import { PRICES } from "../../src/api/contract/prices.ts";
import { findJobFunction, JOB_FUNCTIONS } from "../dataset/catalog/job-functions.ts";
import { findCategory, findTechnology, TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { Dataset } from "../dataset/index.ts";
import type { JobPost, Person } from "../dataset/types.ts";
import { parseIsoDate } from "../dates.ts";
import { validationError } from "../http-error.ts";
import { QueryError } from "../query/ast.ts";
import { parseQueryText } from "../query/parse-text.ts";
import { personMatcher, postMatcher } from "../query/record-match.ts";
import { HIRING_PERIODS, RECORD_FIELDS, resolveQuery } from "../query/resolve.ts";

export interface RecordMatcher {
  post(post: JobPost): boolean;
  person(person: Person): boolean;
  /** Technology entities: the post lists the technology as used, not just mentioned. */
  usedPost?(post: JobPost): boolean;
}

export interface EntityPlan {
  type: EntitySelection["type"];
  term: string;
  granularity?: "aggregate" | "exploded";
  metrics: readonly EntityMetric[];
  /** Epoch day the counts start from (after snapping to a hiring-period bucket). */
  sinceDay?: number;
  matcher: RecordMatcher;
  /** Exploded categories: one matcher per member technology. */
  components?: { term: string; matcher: RecordMatcher }[];
  /** Credits per organization. */
  cost: number;
}

export function technologyMatcher(tech: number): RecordMatcher {
  return {
    post: (post) => post.techs.some((m) => m.tech === tech),
    usedPost: (post) => post.techs.some((m) => m.tech === tech && m.used),
    person: (person) => person.techs.includes(tech),
  };
}

export function jobFunctionMatcher(jobFunction: number): RecordMatcher {
  return {
    post: (post) => JOB_FUNCTIONS[post.jobFunction]!.ancestry.includes(jobFunction),
    person: (person) => JOB_FUNCTIONS[person.jobFunction]!.ancestry.includes(jobFunction),
  };
}

function categoryMatcher(category: number): RecordMatcher {
  const inCategory = (tech: number) => TECH_CATALOG.technologies[tech]!.categoryIndex === category;
  return {
    post: (post) => post.techs.some((m) => inCategory(m.tech)),
    person: (person) => person.techs.some(inCategory),
  };
}

/** Matcher for an advanced query given as text; QueryError when it does not parse or resolve. */
export function queryMatcher(text: string, dataset: Dataset, fields = RECORD_FIELDS): RecordMatcher {
  const condition = resolveQuery(parseQueryText(text), {
    fields,
    findOrganization: (key) => findOrganizationIndex(dataset, key),
  });
  return {
    post: postMatcher(condition, dataset.orgs, dataset.today),
    person: personMatcher(condition, dataset.orgs, dataset.today),
  };
}

export function findOrganizationIndex(dataset: Dataset, key: string): number | undefined {
  const org = /^\d+$/.test(key)
    ? dataset.lookup.byIdentifier(Number(key))
    : (dataset.lookup.bySlugKey(key) ?? dataset.lookup.match({ url: key }));
  return org?.index;
}

/**
 * The service snaps `since` to the nearest hiring-period bucket (1 month … 2 years back); dates
 * older than two years apply as given.
 */
export function snapSince(day: number, today: number): number {
  const buckets = Object.values(HIRING_PERIODS).map((days) => today - days);
  if (day < today - 730) return day;
  return buckets.reduce((best, bucket) => (Math.abs(bucket - day) < Math.abs(best - day) ? bucket : best));
}

export function planEntities(entities: readonly EntitySelection[], dataset: Dataset): EntityPlan[] {
  return entities.map((entity, i) => planEntity(entity, i, dataset));
}

function planEntity(entity: EntitySelection, i: number, dataset: Dataset): EntityPlan {
  {
    const loc = ["body", "select", "entities", i];
    const metrics =
      entity.metrics === "all" ? METRICS_BY_ENTITY_TYPE[entity.type].all : [...new Set(entity.metrics)];
    let sinceDay: number | undefined;
    if (entity.since) {
      const day = parseIsoDate(entity.since);
      if (day === undefined)
        throw validationError([...loc, "since"], "since must be a real date as YYYY-MM-DD.");
      sinceDay = snapSince(day, dataset.today);
    }
    const unknown = (what: string, hint: string) =>
      validationError(
        [...loc, "term"],
        `Unknown ${what} "${entity.term}". ${hint}`,
        "value_error",
        entity.term,
      );
    const base = {
      type: entity.type,
      term: entity.term,
      metrics,
      ...(sinceDay !== undefined ? { sinceDay } : {}),
    };
    switch (entity.type) {
      case "technology": {
        const tech = findTechnology(entity.term);
        if (!tech)
          throw unknown(
            "technology",
            "Use a slug, name or alias; look it up with POST /v9/technologies/find.",
          );
        return {
          ...base,
          matcher: technologyMatcher(tech.index),
          cost: metrics.length * PRICES.organizationEntityMetric,
        };
      }
      case "job_function": {
        const jf = findJobFunction(entity.term);
        if (!jf) throw unknown("job function", "Use a job function name such as 'Data Engineer' or 'Sales'.");
        return {
          ...base,
          matcher: jobFunctionMatcher(jf.index),
          cost: metrics.length * PRICES.organizationEntityMetric,
        };
      }
      case "advanced_query": {
        try {
          const matcher = queryMatcher(entity.term, dataset);
          return { ...base, matcher, cost: metrics.length * PRICES.organizationEntityMetric };
        } catch (error) {
          if (error instanceof QueryError)
            throw validationError([...loc, "term"], error.message, "value_error", entity.term);
          throw error;
        }
      }
      case "technology_category": {
        const category = findCategory(entity.term);
        if (!category) {
          throw unknown(
            "technology category",
            "Use a category slug; look it up with POST /v9/technologies/categories/lookup.",
          );
        }
        const granularity = entity.granularity ?? "aggregate";
        const members = category.technologyIndexes.map((t) => TECH_CATALOG.technologies[t]!);
        const perTech = metrics.length * PRICES.organizationEntityMetric;
        return {
          ...base,
          granularity,
          matcher: categoryMatcher(category.index),
          ...(granularity === "exploded"
            ? {
                components: members.map((tech) => ({
                  term: tech.slug,
                  matcher: technologyMatcher(tech.index),
                })),
              }
            : {}),
          cost: granularity === "exploded" ? perTech * members.length : perTech,
        };
      }
    }
  }
}
