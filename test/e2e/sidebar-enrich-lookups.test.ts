// The Enrich tab's lookups through the built bundle: technology autocomplete and category lookups charge
// what the service charges once per query (then answer from the cache), log the spend, and refuse bad
// input, a bad key, a missing key and an unreachable service with the sentences the sidebar shows.
import { describe, expect, it } from "vitest";
import { KEY_SETTINGS_HINT, missingApiKey } from "../../src/api/errors.ts";
import { LOG_SHEET } from "../../src/core/jobs/enrichment-log.ts";
import { LOOKUP_MESSAGES } from "../../src/server/enrich/lookups.ts";
import { failure, jobsWorld, ledger, ledgerTotal, logRows, run } from "./bulk-world.ts";

interface Matches {
  query: string;
  technologies: { slug: string; name: string; count: number }[];
  creditsUsed: number;
  cached: boolean;
  credits: { remaining: number } | null;
}

interface Category {
  slug: string;
  name: string;
  technologies: { slug: string; name: string }[];
  creditsUsed: number;
  cached: boolean;
}

const UNREACHABLE = "http://127.0.0.1:9";
const CONNECTION =
  /^Could not reach the enrichment service at http:\/\/127\.0\.0\.1:9 \(.+\)\. Check the script property API_BASE_URL and try again\.$/;
const REJECTED = `The enrichment service rejected the API key (HTTP 401). Check the key in ${KEY_SETTINGS_HINT}.`;

describe("findTechnologies", () => {
  it("suggests technologies for 1 credit, then answers the same query from the cache for free", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    const first = run<Matches>(gas, "findTechnologies", "  Kube ");
    expect(first.query).toBe("Kube");
    expect(first.technologies.map((t) => t.slug)).toContain("kubernetes");
    expect(first).toMatchObject({ creditsUsed: 1, cached: false, credits: { remaining: 1_000_000 - 1 } });
    const again = run<Matches>(gas, "findTechnologies", "kube");
    expect(again).toMatchObject({
      technologies: first.technologies,
      creditsUsed: 0,
      cached: true,
      credits: null,
    });
    expect(gas.fetches).toHaveLength(1);
    expect(ledgerTotal(emulator)).toBe(1);
    expect(logRows(gas).map((row) => row.slice(1))).toEqual([
      ['Technology search "Kube"', first.technologies.length, 1, 999_999, expect.stringMatching(/found\.$/)],
    ]);
  });

  it("costs nothing and logs nothing when nothing is found", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    expect(run<Matches>(gas, "findTechnologies", "qqzzxxqq")).toMatchObject({
      technologies: [],
      creditsUsed: 0,
    });
    expect(ledger(emulator)).toEqual([]);
    expect(() => gas.sheet(LOG_SHEET)).toThrow(`No sheet named "${LOG_SHEET}"`);
  });

  it.each([
    ["a query shorter than 2 characters", "k", LOOKUP_MESSAGES.technologyShort],
    ["an empty query", "  ", LOOKUP_MESSAGES.technologyNotText],
    ["a number", 42, LOOKUP_MESSAGES.technologyNotText],
    ["a query over 100 characters", "k".repeat(101), LOOKUP_MESSAGES.tooLong("technology")],
  ])("refuses %s before sending anything", async (_name, query, message) => {
    const { gas } = await jobsWorld({ orgs: 300 });
    expect(failure(gas, "findTechnologies", query)).toBe(message);
    expect(gas.fetches).toHaveLength(0);
  });

  it("spells out the sentences", () => {
    expect(LOOKUP_MESSAGES.technologyShort).toBe("Type at least 2 characters to search technologies.");
    expect(LOOKUP_MESSAGES.tooLong("technology")).toBe("A technology name is at most 100 characters.");
  });

  it("passes on the service's rejection of the key", async () => {
    const { gas } = await jobsWorld({ orgs: 300, apiKey: "revoked-team-key" });
    expect(failure(gas, "findTechnologies", "python")).toBe(REJECTED);
  });

  it("says how to add a key when there is none", async () => {
    const { gas } = await jobsWorld({ orgs: 300, apiKey: "" });
    expect(failure(gas, "findTechnologies", "python")).toBe(missingApiKey().message);
  });

  it("says the service cannot be reached when there is no network", async () => {
    const { gas } = await jobsWorld({ orgs: 300, scriptProperties: { API_BASE_URL: UNREACHABLE } });
    expect(failure(gas, "findTechnologies", "python")).toMatch(CONNECTION);
  });
});

describe("lookupCategory", () => {
  it("finds a category and its technologies for 1 credit, then from the cache for free", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    const found = run<Category>(gas, "lookupCategory", "Data Warehouses");
    expect(found).toMatchObject({
      slug: "data-warehouses",
      name: "Data Warehouses",
      creditsUsed: 1,
      cached: false,
    });
    expect(found.technologies.map((t) => t.slug)).toContain("snowflake");
    expect(run<Category>(gas, "lookupCategory", "data warehouses")).toMatchObject({
      slug: "data-warehouses",
      technologies: found.technologies,
      creditsUsed: 0,
      cached: true,
    });
    expect(ledgerTotal(emulator)).toBe(1);
    expect(logRows(gas)).toHaveLength(1);
  });

  it("says no category has the name, free, and remembers the miss", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    const message = LOOKUP_MESSAGES.noCategory("Quantum Spreadsheets");
    expect(message).toBe(
      'No technology category is called "Quantum Spreadsheets". Check the spelling, or use its slug such as data-warehouses.',
    );
    expect(failure(gas, "lookupCategory", "Quantum Spreadsheets")).toBe(message);
    expect(failure(gas, "lookupCategory", "quantum  spreadsheets")).toBe(
      LOOKUP_MESSAGES.noCategory("quantum spreadsheets"),
    );
    expect(gas.fetches).toHaveLength(1);
    expect(ledger(emulator)).toEqual([]);
  });

  it("refuses a name that is not text", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    expect(failure(gas, "lookupCategory", null)).toBe(LOOKUP_MESSAGES.categoryNotText);
    expect(LOOKUP_MESSAGES.categoryNotText).toBe("Type a technology category, for example Data Warehouses.");
  });

  it("passes on the service's rejection of the key", async () => {
    const { gas } = await jobsWorld({ orgs: 300, apiKey: "revoked-team-key" });
    expect(failure(gas, "lookupCategory", "Data Warehouses")).toBe(REJECTED);
  });
});
