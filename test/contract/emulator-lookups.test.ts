// Technologies find and lookup, category and project lookups through the real client: matches, misses, order and the per-100 price.
import { beforeEach, describe, expect, it } from "vitest";
import { findTechnology } from "../../emulator/dataset/catalog/technologies.ts";
import { createEmulatorState, type EmulatorState } from "../../emulator/index.ts";
import { call, manualClock } from "../../emulator/testing.ts";
import type { EnrichmentClient } from "../../src/api/client.ts";
import { chargedSince, emulatorClient, ledger } from "../support/emulator-client.ts";

let state: EmulatorState;
let client: EnrichmentClient;
beforeEach(() => {
  state = createEmulatorState({ orgs: 600, rateLimit: false, now: manualClock().now });
  client = emulatorClient(state);
});

describe("technologies find", () => {
  it("finds technologies whose name, slug or alias contains the text, most common first, for 1 credit", () => {
    const response = client.technologiesFind("sql");
    expect(response.technologies.map((t) => t.slug).sort()).toEqual([
      "microsoft-sql-server",
      "mysql",
      "postgresql",
      "sql",
      "sqlite",
      "ssis",
    ]);
    expect(response.total_count).toBe(6);
    const counts = response.technologies.map((t) => t.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const postgres = findTechnology("postgresql")!;
    expect(response.technologies.find((t) => t.slug === "postgresql")!.count).toBe(
      state.dataset.orgs.filter((o) => o.techs.includes(postgres.index)).length,
    );
    expect(response.credits_used).toBe(1);
    expect(ledger(state).at(-1)).toMatchObject({ path: "/v9/technologies/find", credits: 1 });
  });

  it("is free when nothing is found", () => {
    expect(client.technologiesFind("zzzqqq")).toMatchObject({
      technologies: [],
      total_count: 0,
      credits_used: 0,
    });
    expect(ledger(state)).toEqual([]);
  });
});

describe("technologies lookup", () => {
  it("resolves names, slugs and aliases; a miss keeps its input with technology null", () => {
    const response = client.technologiesLookup(["py", "React", "k8s", "postgres", "no-such-tech"]);
    expect(response.results.map((r) => r.technology?.slug ?? null)).toEqual([
      "python",
      "react",
      "kubernetes",
      "postgresql",
      null,
    ]);
    expect(response.results[4]).toEqual({ input: "no-such-tech", technology: null });
    expect(response.results[0]!.technology).toEqual({
      id: findTechnology("python")!.id,
      slug: "python",
      name: "Python",
      categories: [{ slug: "programming-languages", name: "Programming Languages", name_short: "Languages" }],
    });
    expect(response.matched_count).toBe(4);
    expect(response.credits_used).toBe(1);
  });

  it("charges 1 credit per 100 matched, rounded up: 150 matched and 20 misses cost 2", () => {
    const from = ledger(state).length;
    const response = client.technologiesLookup([...Array(150).fill("python"), ...Array(20).fill("nope")]);
    expect(response.matched_count).toBe(150);
    expect(response.credits_used).toBe(2);
    expect(chargedSince(state, from)).toBe(2);
    expect(client.technologiesLookup(Array(100).fill("react")).credits_used).toBe(1);
    expect(client.technologiesLookup(["nope"]).credits_used).toBe(0);
    expect(chargedSince(state, from)).toBe(3);
  });
});

describe("category and project lookups", () => {
  it("resolves categories by slug, name or short name with their technologies, most mentioned first", () => {
    const response = client.categoriesLookup([
      "frontend-frameworks",
      "Frontend",
      "Frontend Frameworks and Libraries",
      "nope",
    ]);
    expect(response.results.map((r) => r.category?.slug ?? null)).toEqual([
      "frontend-frameworks",
      "frontend-frameworks",
      "frontend-frameworks",
      null,
    ]);
    const category = response.results[0]!.category!;
    expect(category).toMatchObject({ name: "Frontend Frameworks and Libraries", name_short: "Frontend" });
    expect(category.technologies.slice(0, 2).map((t) => t.slug)).toEqual(["react", "angular"]);
    expect(response.results[3]).toEqual({ input: "nope", category: null });
    expect(response).toMatchObject({ matched_count: 3, credits_used: 1 });
  });

  it("resolves projects by slug or name; 150 matched and 20 misses cost 2", () => {
    const response = client.projectsLookup(["cloud-migration", "Generative AI", "nope"]);
    expect(response.results).toEqual([
      { input: "cloud-migration", project: { id: 301, slug: "cloud-migration", name: "Cloud Migration" } },
      { input: "Generative AI", project: { id: 307, slug: "generative-ai", name: "Generative AI" } },
      { input: "nope", project: null },
    ]);
    expect(response).toMatchObject({ matched_count: 2, credits_used: 1 });
    const many = client.projectsLookup([...Array(150).fill("microservices"), ...Array(20).fill("nope")]);
    expect(many).toMatchObject({ matched_count: 150, credits_used: 2 });
    const categories = client.categoriesLookup([
      ...Array(150).fill("data-warehouses"),
      ...Array(20).fill("nope"),
    ]);
    expect(categories).toMatchObject({ matched_count: 150, credits_used: 2 });
  });
});

describe("bad input", () => {
  it.each(
    (
      [
        ["/v9/technologies/find", {}, ["body", "query"], "Field required"],
        ["/v9/technologies/find", { query: "" }, ["body", "query"], "query must not be empty."],
        ["/v9/technologies/find", { query: 5 }, ["body", "query"], "Input should be a valid string"],
        [
          "/v9/technologies/lookup",
          { technologies: "react" },
          ["body", "technologies"],
          "Input should be a valid list",
        ],
        [
          "/v9/technologies/lookup",
          { technologies: [] },
          ["body", "technologies"],
          "Send at least one technology.",
        ],
        [
          "/v9/projects/lookup",
          { projects: Array(1001).fill("x") },
          ["body", "projects"],
          "Send at most 1000 projects per request.",
        ],
        [
          "/v9/technologies/categories/lookup",
          { categories: ["x"] },
          ["body", "technology_categories"],
          "Field required",
        ],
        [
          "/v9/technologies/categories/lookup",
          { technology_categories: [null] },
          ["body", "technology_categories", 0],
          "Input should be a valid string",
        ],
        ["/v9/projects/lookup", { projects: [] }, ["body", "projects"], "Send at least one project."],
        [
          "/v9/projects/lookup",
          { projects: ["a"], extra: true },
          ["body", "extra"],
          'Extra inputs are not permitted: "extra" is not a field here.',
        ],
      ] as [string, unknown, unknown, unknown][]
    ).map(([path, body, loc, msg]) => ({ path, body, loc, msg })),
  )("answers POST $path with 422: $msg", ({ path, body, loc, msg }) => {
    const response = call(state, "POST", path, { body });
    expect(response.status).toBe(422);
    expect(response.body.detail[0]).toMatchObject({ loc, msg });
  });
});
