// Resolves a parsed query against the catalogs, so unknown names fail before any data is touched.
import { findCountry } from "../dataset/catalog/geography.ts";
import { findIndustry } from "../dataset/catalog/industries.ts";
import { findJobFunction, findJobLevel } from "../dataset/catalog/job-functions.ts";
import { findProject } from "../dataset/catalog/projects.ts";
import { findCategory, findTechnology } from "../dataset/catalog/technologies.ts";
import { QueryError, type QueryNode } from "./ast.ts";

export type FieldName =
  | "technology"
  | "technology_category"
  | "job_function"
  | "job_level"
  | "country"
  | "employee_count"
  | "hiring_period"
  | "industry"
  | "tag"
  | "project"
  | "organization";

export interface Range {
  min: number;
  max: number;
}

export type Condition =
  | { kind: "and" | "or"; children: Condition[] }
  | { kind: "all" }
  | { kind: "leaf"; field: FieldName; negate: boolean; every: boolean; terms: (number | string | Range)[] };

/** Hiring periods the service accepts, in days back from today. */
export const HIRING_PERIODS: Readonly<Record<string, number>> = {
  "1mo": 30,
  "3mo": 91,
  "6mo": 182,
  "1yr": 365,
  "18mo": 547,
  "2yr": 730,
};

/** Fields of organization filters; records (job posts, people) accept job_level too. */
export const ORGANIZATION_FIELDS: readonly FieldName[] = [
  "technology",
  "technology_category",
  "job_function",
  "country",
  "employee_count",
  "hiring_period",
  "industry",
  "tag",
  "project",
  "organization",
];
export const RECORD_FIELDS: readonly FieldName[] = [...ORGANIZATION_FIELDS, "job_level"];

export interface ResolveOptions {
  fields: readonly FieldName[];
  /** Finds an organization by id, slug or domain for the `organization` field. */
  findOrganization: (key: string) => number | undefined;
}

export function resolveQuery(node: QueryNode, options: ResolveOptions): Condition {
  switch (node.op) {
    case "NOOP":
      return { kind: "all" };
    case "AND":
    case "OR":
      return {
        kind: node.op === "AND" ? "and" : "or",
        children: node.children.map((c) => resolveQuery(c, options)),
      };
    default: {
      const field = node.field as FieldName;
      if (!options.fields.includes(field)) {
        throw new QueryError(`Unknown field "${node.field}" here. Use one of: ${options.fields.join(", ")}.`);
      }
      if (field === "hiring_period" && node.op !== "EQ") {
        throw new QueryError(`hiring_period supports EQ only, e.g. hiring_period EQ '6mo'.`);
      }
      return {
        kind: "leaf",
        field,
        negate: node.op === "NOT EQ" || node.op === "NOT IN",
        every: node.op === "IN ALL",
        terms: node.values.map((value) => resolveTerm(field, value, options)),
      };
    }
  }
}

function resolveTerm(
  field: FieldName,
  value: string | number,
  options: ResolveOptions,
): number | string | Range {
  const text = String(value).trim();
  const found = (index: number | undefined, what: string, hint: string): number => {
    if (index === undefined) throw new QueryError(`Unknown ${what} "${text}". ${hint}`);
    return index;
  };
  switch (field) {
    case "technology":
      return found(
        findTechnology(text)?.index,
        "technology",
        "Use a technology slug, name or alias; look slugs up with POST /v9/technologies/find or /v9/technologies/lookup.",
      );
    case "technology_category":
      return found(
        findCategory(text)?.index,
        "technology category",
        "Use a category slug such as 'data-warehouses'; look them up with POST /v9/technologies/categories/lookup.",
      );
    case "job_function":
      return found(
        findJobFunction(text)?.index,
        "job function",
        "Use a job function name such as 'Data Engineer' or 'Sales'.",
      );
    case "job_level":
      return found(
        findJobLevel(text)?.index,
        "job level",
        "Use one of: Intern, Individual Contributor, Manager, Director, Vice President, C-Level.",
      );
    case "country":
      return found(
        findCountry(text)?.index,
        "country",
        "Use an ISO 3166 alpha-2 code such as 'US' or an English country name.",
      );
    case "industry":
      return found(
        findIndustry(text)?.index,
        "industry",
        "Use an industry name such as 'Information' or 'Manufacturing'.",
      );
    case "project":
      return found(
        findProject(text)?.index,
        "project",
        "Use a project slug such as 'cloud-migration'; look them up with POST /v9/projects/lookup.",
      );
    case "organization":
      return found(options.findOrganization(text), "organization", "Use an organization id, slug or domain.");
    case "tag":
      return text.toLowerCase();
    case "hiring_period": {
      const days = HIRING_PERIODS[text.toLowerCase()];
      if (days === undefined) {
        throw new QueryError(
          `hiring_period takes one of ${Object.keys(HIRING_PERIODS)
            .map((p) => `'${p}'`)
            .join(", ")}, not "${text}".`,
        );
      }
      return days;
    }
    case "employee_count":
      return parseRange(value);
  }
}

/** '100-500', '1000-' (at least), '-50' (at most) or an exact number. */
export function parseRange(value: string | number): Range {
  if (typeof value === "number") return { min: value, max: value };
  const text = value.replace(/[\s,]/g, "");
  const exact = /^\d+$/.exec(text);
  if (exact) return { min: Number(text), max: Number(text) };
  const match = /^(\d+)?-(\d+)?$/.exec(text);
  if (!match || (match[1] === undefined && match[2] === undefined)) {
    throw new QueryError(`employee_count takes a range such as '100-500', '1000-' or '-50', not "${value}".`);
  }
  const min = match[1] === undefined ? 0 : Number(match[1]);
  const max = match[2] === undefined ? Number.MAX_SAFE_INTEGER : Number(match[2]);
  if (min > max)
    throw new QueryError(`employee_count range "${value}" has its bounds reversed; write '${max}-${min}'.`);
  return { min, max };
}
