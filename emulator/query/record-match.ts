// Evaluates a resolved query against single job posts and people; firmographics read their organization.

import { JOB_FUNCTIONS } from "../dataset/catalog/job-functions.ts";
import { TECH_CATALOG } from "../dataset/catalog/technologies.ts";
import type { JobPost, Organization, Person } from "../dataset/types.ts";
import { epochMonth } from "../dates.ts";
import type { Condition, Range } from "./resolve.ts";

interface RecordView {
  orgIndex: number;
  jobFunction: number;
  level: number;
  country: number;
  hasTech(tech: number): boolean;
  hasCategory(category: number): boolean;
  hasProject(project: number): boolean;
  /** Whether the record is newer than `cutoffDay` (posted, or the role started). */
  since(cutoffDay: number): boolean;
}

export type RecordPredicate<T> = (record: T) => boolean;

export function postMatcher(
  condition: Condition,
  orgs: readonly Organization[],
  today: number,
): RecordPredicate<JobPost> {
  const test = compile(condition, orgs, today);
  return (post) =>
    test({
      orgIndex: post.orgIndex,
      jobFunction: post.jobFunction,
      level: post.level,
      country: post.country,
      hasTech: (tech) => post.techs.some((m) => m.tech === tech),
      hasCategory: (category) =>
        post.techs.some((m) => TECH_CATALOG.technologies[m.tech]!.categoryIndex === category),
      hasProject: (project) => post.projects.includes(project),
      since: (cutoff) => post.day > cutoff,
    });
}

export function personMatcher(
  condition: Condition,
  orgs: readonly Organization[],
  today: number,
): RecordPredicate<Person> {
  const test = compile(condition, orgs, today);
  return (person) =>
    test({
      orgIndex: person.orgIndex,
      jobFunction: person.jobFunction,
      level: person.level,
      country: person.country,
      hasTech: (tech) => person.techs.includes(tech),
      hasCategory: (category) =>
        person.techs.some((t) => TECH_CATALOG.technologies[t]!.categoryIndex === category),
      hasProject: () => false,
      since: (cutoff) => person.startMonth >= epochMonth(cutoff + 1),
    });
}

function compile(
  condition: Condition,
  orgs: readonly Organization[],
  today: number,
): (view: RecordView) => boolean {
  switch (condition.kind) {
    case "all":
      return () => true;
    case "and": {
      const parts = condition.children.map((c) => compile(c, orgs, today));
      return (view) => parts.every((part) => part(view));
    }
    case "or": {
      const parts = condition.children.map((c) => compile(c, orgs, today));
      return (view) => parts.some((part) => part(view));
    }
    case "leaf": {
      const tests = condition.terms.map((term) => termTest(condition.field, term, orgs, today));
      const combined = condition.every
        ? (view: RecordView) => tests.every((t) => t(view))
        : (view: RecordView) => tests.some((t) => t(view));
      return condition.negate ? (view) => !combined(view) : combined;
    }
  }
}

function termTest(
  field: string,
  term: number | string | Range,
  orgs: readonly Organization[],
  today: number,
): (view: RecordView) => boolean {
  const org = (view: RecordView) => orgs[view.orgIndex]!;
  switch (field) {
    case "technology":
      return (view) => view.hasTech(term as number);
    case "technology_category":
      return (view) => view.hasCategory(term as number);
    case "job_function":
      return (view) => JOB_FUNCTIONS[view.jobFunction]!.ancestry.includes(term as number);
    case "job_level":
      return (view) => view.level === term;
    case "country":
      return (view) => view.country === term;
    case "project":
      return (view) => view.hasProject(term as number);
    case "hiring_period":
      return (view) => view.since(today - (term as number));
    case "industry":
      return (view) => org(view).industry === term;
    case "tag":
      return (view) => org(view).tags.includes(term as string);
    case "organization":
      return (view) => view.orgIndex === term;
    case "employee_count": {
      const { min, max } = term as Range;
      return (view) => org(view).employeeCount >= min && org(view).employeeCount <= max;
    }
    default:
      throw new Error(`Field ${field} cannot filter records.`);
  }
}
