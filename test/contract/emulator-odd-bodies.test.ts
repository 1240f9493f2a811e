// Odd bodies to the jobs, teams, lookup, signal, list and support endpoints: an answer below 500, with a detail when refused.
import { describe, expect, it } from "vitest";
import { createEmulatorState } from "../../emulator/index.ts";
import { call } from "../../emulator/testing.ts";

const ODD: unknown[] = [null, [], "text", 0, -1, 1.5, true, {}, [null], { a: 1 }, "((((", "x".repeat(6000)];

/** Each endpoint with a valid body; every field of it is replaced by each odd value in turn. */
const VALID: [string, Record<string, unknown>][] = [
  ["/v9/jobs", { jobs: [{ job_id: 700000000 }], select: { attributes: ["title"] } }],
  [
    "/v9/jobs",
    { filter: { organization_ids: [100000], query: { query: "job_level EQ 'Manager'" } }, select: {} },
  ],
  ["/v9/jobs/title-lookup", { titles: ["Data Engineer"] }],
  [
    "/v9/teams",
    { teams: [30000000], select: { attributes: ["jobs_count"], job_posts: { since: "2026-01-01" } } },
  ],
  ["/v9/teams", { filter: { organization_ids: [100000], since: "2026-01-01" }, select: {} }],
  ["/v9/technologies/find", { query: "sql" }],
  ["/v9/technologies/lookup", { technologies: ["react"] }],
  ["/v9/technologies/categories/lookup", { technology_categories: ["crm"] }],
  ["/v9/projects/lookup", { projects: ["cloud-migration"] }],
  ["/v9/signals", { filter: { organization_ids: [100000], technology_slugs: ["react"] }, limit: 5 }],
  ["/v9/signals/priority", { filter: { organization_ids: [100000] }, limit: 5 }],
  ["/v9/signals/priority/9001/relevance", { is_relevant: true }],
  ["/v9/signals/configs", { filter: { types: ["key_project"] } }],
  ["/v9/contact-lists", { name: "x" }],
  ["/v9/contact-lists/8001/people", { people_ids: [100000000] }],
  ["/v9/organization-lists", { name: "x" }],
  ["/v9/organization-lists/7002/name", { name: "x" }],
  ["/v9/organization-lists/7002/deleted", { deleted: false }],
  ["/v9/organization-lists/7002/organizations", { organization_ids: [100000] }],
  ["/v9/organization-lists/7002/signals", { include_in_signals: true }],
  ["/v9/support", { message: "x" }],
  ["/v9/support/data-quality", { message: "x", page_title: "y" }],
];

/** The body with the value at `path` replaced. */
function replaced(body: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = structuredClone(body) as Record<string, unknown>;
  copy[head!] = replaced(copy[head!], rest, value);
  return copy;
}

function fieldPaths(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [prefix];
  return [prefix, ...Object.entries(value).flatMap(([key, v]) => fieldPaths(v, [...prefix, key]))];
}

describe("odd bodies", () => {
  it("never answer 500, whatever the body", () => {
    const state = createEmulatorState({ orgs: 300, rateLimit: false });
    let checked = 0;
    for (const [path, body] of VALID) {
      for (const field of fieldPaths(body)) {
        for (const value of ODD) {
          const sent = replaced(body, field, value);
          const response = call(state, "POST", path, { body: sent });
          const label = `${path} ${JSON.stringify(sent).slice(0, 120)}`;
          expect(response.status, label).toBeLessThan(500);
          if (response.status >= 400) expect(response.body.detail, label).toBeDefined();
          checked++;
        }
      }
      const broken = call(state, "POST", path, { rawBody: '{"unterminated' });
      expect(broken.status, path).toBe(422);
      expect(broken.body.detail[0].type, path).toBe("json_invalid");
    }
    expect(checked).toBeGreaterThan(700);
  });
});
