// Filter-mode ordering by a firmographic column or by a figure computed from records.
import { INDUSTRIES } from "../dataset/catalog/industries.ts";
import type { Dataset } from "../dataset/index.ts";
import type { Organization } from "../dataset/types.ts";
import type { Bitset } from "../query/bitset.ts";
import { rollupFigures } from "./attributes.ts";
import type { RecordMatcher } from "./entities.ts";
import { metricValue, tally } from "./metrics.ts";

// Firmographic columns use precomputed sort orders, so a page over 50,000 organizations is a scan, not
// a sort. Organizations without a value sort last in either direction; ties go by id.
export type Direction = "ASC" | "DESC";
type Value = number | string | undefined;

const SUMMARY_COLUMNS: Record<string, (org: Organization, dataset: Dataset) => Value> = {
  industry: (org) => INDUSTRIES[org.industry]!.name,
  employee_count: (org) => org.employeeCount,
  employee_count_int: (org) => org.employeeCount,
  first_activity_time: (org) => org.firstPostDay || undefined,
  last_activity_time: (org) => org.lastPostDay || undefined,
  jobs_count: (org, dataset) => rollupFigures(dataset, org).jobs,
  teams_count: (org) => org.teamsCount,
  people_count: (org, dataset) => rollupFigures(dataset, org).people,
  cloud_spend_estimate_millions_usd: (org) => org.cloudSpendMillions,
  account_score: (org) => org.serviceScore,
  service_score: (org) => org.serviceScore,
};

/** The column used when the request names none. */
export const DEFAULT_ORDER_COLUMN = "service_score";

export type OrderBy =
  | { kind: "column"; column: string; direction: Direction }
  | { kind: "growth-6mo"; direction: Direction }
  | {
      kind: "people-concentration" | "people-growth" | "job-post-concentration";
      matcher: RecordMatcher;
      direction: Direction;
    };

const sortOrders = new WeakMap<Dataset, Map<string, Int32Array>>();

function compare(a: Value, b: Value, direction: Direction): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  const order = typeof a === "string" ? a.localeCompare(b as string) : a - (b as number);
  return direction === "ASC" ? order : -order;
}

function sortOrder(dataset: Dataset, column: string, direction: Direction): Int32Array {
  const cache = sortOrders.get(dataset) ?? new Map<string, Int32Array>();
  sortOrders.set(dataset, cache);
  const key = `${column} ${direction}`;
  let order = cache.get(key);
  if (!order) {
    const read = SUMMARY_COLUMNS[column]!;
    const values = dataset.orgs.map((org) => read(org, dataset));
    const indexes = dataset.orgs.map((org) => org.index);
    indexes.sort(
      (a, b) => compare(values[a], values[b], direction) || dataset.orgs[a]!.id - dataset.orgs[b]!.id,
    );
    order = Int32Array.from(indexes);
    cache.set(key, order);
  }
  return order;
}

function recordValue(
  order: Exclude<OrderBy, { kind: "column" }>,
  org: Organization,
  dataset: Dataset,
): Value {
  switch (order.kind) {
    case "growth-6mo": {
      let recent = 0;
      let before = 0;
      for (const member of dataset.rollup(org)) {
        for (const post of dataset.details(member).posts) {
          if (post.day > dataset.today - 182) recent++;
          else if (post.day > dataset.today - 364) before++;
        }
      }
      return before === 0 ? undefined : ((recent - before) / before) * 100;
    }
    case "people-concentration":
      return metricValue("people_concentration", tally(dataset, org, order.matcher), false);
    case "people-growth":
      return metricValue("people_count_growth_1y", tally(dataset, org, order.matcher), false);
    case "job-post-concentration":
      return metricValue("job_post_concentration", tally(dataset, org, order.matcher), false);
  }
}

/** The `limit` organizations after `offset` among `matches`, in the requested order. */
export function orderedPage(
  dataset: Dataset,
  matches: Bitset,
  order: OrderBy,
  offset: number,
  limit: number,
): Organization[] {
  if (order.kind === "column") {
    const page: Organization[] = [];
    let skipped = 0;
    for (const index of sortOrder(dataset, order.column, order.direction)) {
      if (!matches.has(index)) continue;
      if (skipped < offset) {
        skipped++;
        continue;
      }
      page.push(dataset.orgs[index]!);
      if (page.length >= limit) break;
    }
    return page;
  }
  const scored = [...matches].map((index) => {
    const org = dataset.orgs[index]!;
    return { org, value: recordValue(order, org, dataset) };
  });
  scored.sort((a, b) => compare(a.value, b.value, order.direction) || a.org.id - b.org.id);
  return scored.slice(offset, offset + limit).map((s) => s.org);
}
