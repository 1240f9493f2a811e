// The signal configurations of the seeded account: one or more per scope, and one deleted config.
import type { AdvancedQuery } from "../../src/api/contract/common.ts";

export type SignalScope = "user" | "enterprise" | "domain";
export type SignalPriority = "high" | "medium" | "low";

export interface SignalConfigRecord {
  id: number;
  name: string;
  slug: string;
  /** The signal `type` this configuration produces. */
  type: string;
  priority: SignalPriority;
  scope: SignalScope;
  sortOrder: number;
  days: number;
  filterBy: string;
  advancedQuery: AdvancedQuery;
  deleted: boolean;
}

export const SIGNAL_CONFIGS: readonly SignalConfigRecord[] = [
  {
    id: 41,
    name: "Technology mentions in job posts",
    slug: "technology-mentions",
    type: "technology_any_mentions",
    priority: "medium",
    scope: "user",
    sortOrder: 1,
    days: 30,
    filterBy: "technology",
    advancedQuery: {
      operator: "IN",
      field: "technology",
      values: ["kubernetes", "snowflake", "databricks", "react"],
    },
    deleted: false,
  },
  {
    id: 42,
    name: "First mentions of a technology",
    slug: "first-mentions",
    type: "technology_first_mention",
    priority: "high",
    scope: "user",
    sortOrder: 2,
    days: 30,
    filterBy: "technology",
    advancedQuery: { operator: "NOOP" },
    deleted: false,
  },
  {
    id: 43,
    name: "New hires using our stack",
    slug: "new-hires-using-our-stack",
    type: "technology_recent_hires",
    priority: "high",
    scope: "enterprise",
    sortOrder: 3,
    days: 60,
    filterBy: "technology",
    advancedQuery: {
      operator: "OR",
      children: [
        { operator: "EQ", field: "technology", value: "python" },
        { operator: "EQ", field: "technology", value: "aws" },
      ],
    },
    deleted: false,
  },
  {
    id: 44,
    name: "Leadership changes",
    slug: "leadership-changes",
    type: "leadership_change",
    priority: "medium",
    scope: "enterprise",
    sortOrder: 4,
    days: 60,
    filterBy: "job_level",
    advancedQuery: { operator: "IN", field: "job_level", values: ["Director", "Vice President", "C-Level"] },
    deleted: false,
  },
  {
    id: 45,
    name: "Key projects",
    slug: "key-projects",
    type: "key_project",
    priority: "high",
    scope: "domain",
    sortOrder: 5,
    days: 30,
    filterBy: "project",
    advancedQuery: { operator: "NOOP" },
    deleted: false,
  },
  {
    id: 46,
    name: "Hiring acceleration",
    slug: "hiring-acceleration",
    type: "job_post_acceleration",
    priority: "low",
    scope: "domain",
    sortOrder: 6,
    days: 90,
    filterBy: "organization",
    advancedQuery: { operator: "NOOP" },
    deleted: false,
  },
  {
    id: 47,
    name: "Hadoop mentions (retired)",
    slug: "hadoop-mentions",
    type: "technology_any_mentions",
    priority: "low",
    scope: "user",
    sortOrder: 7,
    days: 30,
    filterBy: "technology",
    advancedQuery: { operator: "EQ", field: "technology", value: "hadoop" },
    deleted: true,
  },
];

/** The live configuration that produces signals of `type`. */
export function configForType(type: string): SignalConfigRecord {
  return SIGNAL_CONFIGS.find((c) => c.type === type && !c.deleted)!;
}
