// Job-post filters for the jobs and teams endpoints: the text query and the organizations it can match.
import type { Dataset } from "../dataset/index.ts";
import type { JobPost } from "../dataset/types.ts";
import { validationError } from "../http-error.ts";
import { findOrganizationIndex } from "../organizations/entities.ts";
import { QueryError } from "../query/ast.ts";
import { Bitset } from "../query/bitset.ts";
import { filterOrganizations } from "../query/org-filter.ts";
import { parseQueryText } from "../query/parse-text.ts";
import { postMatcher, type RecordPredicate } from "../query/record-match.ts";
import { type Condition, type FieldName, RECORD_FIELDS, resolveQuery } from "../query/resolve.ts";

export interface PostQuery {
  matches: RecordPredicate<JobPost>;
  /** Organizations that may hold a matching post (a superset; exact matching is per post). */
  candidates: Bitset;
}

/**
 * Fields whose organization-level index holds every organization with a matching record: the index
 * is built from the same activity the records are drawn from. Country is not among them (the index
 * knows headquarters only), nor is job level (not indexed).
 */
const INDEXED_FIELDS: readonly FieldName[] = [
  "technology",
  "technology_category",
  "job_function",
  "project",
  "hiring_period",
  "industry",
  "tag",
  "organization",
  "employee_count",
];

/** Resolves `filter.query` text; an unknown field or name is a 422 at body.filter.query. */
export function postQuery(text: string | undefined, dataset: Dataset): PostQuery {
  if (text === undefined) return { matches: () => true, candidates: Bitset.full(dataset.index.size) };
  let condition: Condition;
  try {
    condition = resolveQuery(parseQueryText(text), {
      fields: RECORD_FIELDS,
      findOrganization: (key) => findOrganizationIndex(dataset, key),
    });
  } catch (error) {
    if (error instanceof QueryError) throw validationError(["body", "filter", "query"], error.message);
    throw error;
  }
  return {
    matches: postMatcher(condition, dataset.orgs, dataset.today),
    candidates: candidates(condition, dataset),
  };
}

function candidates(condition: Condition, dataset: Dataset): Bitset {
  const all = () => Bitset.full(dataset.index.size);
  switch (condition.kind) {
    case "all":
      return all();
    case "and":
      return condition.children.map((c) => candidates(c, dataset)).reduce((a, b) => a.and(b));
    case "or":
      return condition.children.map((c) => candidates(c, dataset)).reduce((a, b) => a.or(b));
    case "leaf":
      if (condition.negate || !INDEXED_FIELDS.includes(condition.field)) return all();
      return filterOrganizations(condition, dataset.index, dataset.today);
  }
}
