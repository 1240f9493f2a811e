// The Enrich form as bulk fields: attributes, then one metric per chip; exploded categories as one
// technology metric each; the metric picker offers what every chip's type accepts.
import { describe, expect, it } from "vitest";
import {
  categoryLabel,
  type EnrichChoices,
  enrichFields,
  metricOptions,
  typesInUse,
} from "../../../sidebar/lib/enrich-fields.ts";
import type { EnrichCatalog } from "../../../sidebar/lib/enrich-types.ts";
import { METRICS_BY_ENTITY_TYPE } from "../../../src/api/contract/index.ts";

const warehouses = {
  slug: "data-warehouses",
  name: "Data Warehouses",
  technologies: [
    { slug: "snowflake", name: "Snowflake" },
    { slug: "bigquery", name: "BigQuery" },
  ],
};

const choices = (patch: Partial<EnrichChoices> = {}): EnrichChoices => ({
  attributes: [],
  technologies: [],
  jobFunctions: [],
  categories: [],
  granularity: "aggregate",
  metric: "job_post_count",
  since: "",
  ...patch,
});

const catalog = {
  metricTypes: (["technology", "job_function", "technology_category"] as const).map((type) => ({
    type,
    label: type,
    metrics: [...METRICS_BY_ENTITY_TYPE[type].valid],
  })),
} as unknown as EnrichCatalog;

describe("enrichFields", () => {
  it("lists attributes, then technologies, job functions and categories, with since when given", () => {
    expect(
      enrichFields(
        choices({
          attributes: ["industry"],
          technologies: [{ slug: "python", name: "Python" }],
          jobFunctions: ["Data Engineer"],
          categories: [warehouses],
          metric: "people_count",
          since: "2025-01-01",
        }),
      ),
    ).toEqual([
      { kind: "attribute", name: "industry" },
      { kind: "metric", type: "technology", term: "python", metric: "people_count", since: "2025-01-01" },
      {
        kind: "metric",
        type: "job_function",
        term: "Data Engineer",
        metric: "people_count",
        since: "2025-01-01",
      },
      {
        kind: "metric",
        type: "technology_category",
        term: "data-warehouses",
        metric: "people_count",
        since: "2025-01-01",
      },
    ]);
  });

  it("explodes a category into one technology metric per technology in it", () => {
    expect(enrichFields(choices({ categories: [warehouses], granularity: "exploded" }))).toEqual([
      { kind: "metric", type: "technology", term: "snowflake", metric: "job_post_count" },
      { kind: "metric", type: "technology", term: "bigquery", metric: "job_post_count" },
    ]);
  });
});

describe("metricOptions", () => {
  it("offers only the metrics every type in use accepts", () => {
    const both = metricOptions(
      catalog,
      typesInUse(choices({ jobFunctions: ["Sales"], categories: [warehouses] })),
    );
    const shared = METRICS_BY_ENTITY_TYPE.technology_category.valid.filter((m) =>
      METRICS_BY_ENTITY_TYPE.job_function.valid.includes(m),
    );
    expect([...both].sort()).toEqual([...shared].sort());
  });

  it("offers every metric while no chip is chosen", () => {
    expect(metricOptions(catalog, [])).toContain("people_concentration");
    expect(metricOptions(catalog, [])).toContain("job_post_used_count");
  });

  it("treats an exploded category as technologies", () => {
    expect(typesInUse(choices({ categories: [warehouses], granularity: "exploded" }))).toEqual([
      "technology",
    ]);
  });
});

describe("categoryLabel", () => {
  it("says how many technologies a category holds", () => {
    expect(categoryLabel(warehouses)).toBe("Data Warehouses × 2 technologies");
    expect(categoryLabel({ ...warehouses, technologies: [warehouses.technologies[0]!] })).toBe(
      "Data Warehouses × 1 technology",
    );
  });
});
