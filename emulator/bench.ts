// Measures loopback requests per second and filter-query latency over 50,000 organizations.
import { DEMO_API_KEY } from "./accounts.ts";
import { handle } from "./core.ts";
import { startEmulatorServer } from "./http-server.ts";
import { createEmulatorState } from "./state.ts";

export interface EmulatorBenchOptions {
  /** Organizations in the dataset (default 50,000). */
  orgs?: number;
  /** HTTP requests to time (default 2,000). */
  requests?: number;
  /** Requests in flight at once (default 16). */
  concurrency?: number;
  /** Timed rounds over the filter queries (default 5). */
  rounds?: number;
}

export interface EmulatorBenchResult {
  organizations: number;
  generationMs: number;
  requestsPerSecond: number;
  filterQueries: number;
  filterQueryMedianMs: number;
  filterQueryP95Ms: number;
}

/** Filter queries a sheet user would run: text and structured forms, ordering, an entity metric. */
const FILTER_QUERIES: unknown[] = [
  { filter: { query: "technology EQ 'python'" }, select: { attributes: ["name", "url"] } },
  {
    filter: { query: "technology EQ 'react' AND country EQ 'US' AND employee_count EQ '100-'" },
    select: { attributes: ["name", "employee_count"] },
    order_by_column: "employee_count",
    limit: 50,
  },
  {
    filter: { query: "job_function EQ 'Data Engineer' AND hiring_period EQ '3mo'" },
    select: {
      attributes: ["name"],
      entities: [{ type: "job_function", term: "Data Engineer", metrics: ["people_count"] }],
    },
  },
  {
    filter: { query: "technology IN ('snowflake', 'databricks') AND employee_count EQ '1000-5000'" },
    select: { attributes: ["name", "industry"] },
    order_by_column: "jobs_count",
    limit: 25,
  },
  {
    filter: {
      operator: "AND",
      children: [
        { operator: "IN", field: "country", values: ["DE", "FR", "GB"] },
        { operator: "EQ", field: "technology_category", value: "data-warehouses" },
        { operator: "NOT IN", field: "technology", values: ["hadoop"] },
      ],
    },
    select: { attributes: ["name", "headquarters_country"] },
    order_by_column: "employee_count",
    order_by_direction: "ASC",
  },
  {
    filter: { query: "industry EQ 'Information' AND tag EQ 'is_venture_backed'" },
    select: {
      attributes: ["name", "funding_total_raised"],
      entities: [{ type: "technology", term: "kubernetes", metrics: "all" }],
    },
    limit: 20,
  },
];

export async function runEmulatorBench(options: EmulatorBenchOptions = {}): Promise<EmulatorBenchResult> {
  const orgs = options.orgs ?? 50_000;
  const generationStart = performance.now();
  const state = createEmulatorState({ orgs, rateLimit: false });
  const generationMs = performance.now() - generationStart;

  const request = (body: unknown) => ({
    method: "POST",
    path: "/v9/organizations",
    query: {},
    headers: { authorization: `Bearer ${DEMO_API_KEY}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  for (const body of FILTER_QUERIES) handle(request(body), state);
  const timings: number[] = [];
  for (let round = 0; round < (options.rounds ?? 5); round++) {
    for (const body of FILTER_QUERIES) {
      const started = performance.now();
      const response = handle(request(body), state);
      timings.push(performance.now() - started);
      if (response.status !== 200)
        throw new Error(`bench filter query failed with ${response.status}: ${response.body}`);
    }
  }
  timings.sort((a, b) => a - b);

  const server = await startEmulatorServer({ port: 0, state });
  try {
    const total = options.requests ?? 2000;
    const ids = state.dataset.orgs.slice(0, 100).map((o) => ({ id: o.id }));
    const body = JSON.stringify({ organizations: ids.slice(0, 5), select: { attributes: ["name", "url"] } });
    let sent = 0;
    const worker = async () => {
      while (sent < total) {
        sent++;
        const response = await fetch(`${server.url}/v9/organizations`, {
          method: "POST",
          headers: { authorization: `Bearer ${DEMO_API_KEY}`, "content-type": "application/json" },
          body,
        });
        await response.text();
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: options.concurrency ?? 16 }, worker));
    const seconds = (performance.now() - started) / 1000;
    return {
      organizations: orgs,
      generationMs: Math.round(generationMs),
      requestsPerSecond: Math.round(total / seconds),
      filterQueries: timings.length,
      filterQueryMedianMs: round2(timings[Math.floor(timings.length / 2)]!),
      filterQueryP95Ms: round2(timings[Math.min(timings.length - 1, Math.floor(timings.length * 0.95))]!),
    };
  } finally {
    await server.close();
  }
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
