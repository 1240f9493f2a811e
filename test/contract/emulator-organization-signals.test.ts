// Organization signals and tech stack through the core, consistent with the organizations figures.
import { beforeEach, describe, expect, it } from "vitest";
import type { Organization } from "../../emulator/dataset/types.ts";
import { createEmulatorState, DEMO_API_KEY, type EmulatorState } from "../../emulator/index.ts";
import { call, manualClock } from "../../emulator/testing.ts";
import {
  OrganizationSignalsResponse,
  TechStackResponse,
} from "../../src/api/contract/organization-details.ts";
import { realSchemaErrors } from "../support/real-openapi.ts";

const NOW = Date.UTC(2026, 5, 15, 12);
let state: EmulatorState;
beforeEach(() => {
  state = createEmulatorState({ orgs: 1500, rateLimit: false, now: manualClock(NOW).now });
});

const signals = (org: Organization, slugs: string[] = [], apiKey?: string) => {
  const response = call(state, "GET", `/v9/organizations/${org.id}/signals`, {
    query: slugs.length > 0 ? { technology_slugs: slugs } : {},
    ...(apiKey ? { apiKey } : {}),
  });
  expect(OrganizationSignalsResponse.safeParse(response.body).success).toBe(true);
  expect(realSchemaErrors("SignalsResponse", response.body)).toEqual([]);
  return response;
};
const busiest = () =>
  [...state.dataset.orgs].sort(
    (a, b) => state.dataset.signalsOf(b).length - state.dataset.signalsOf(a).length,
  )[0]!;

describe("organization signals", () => {
  it("returns the organization's signals of the last 60 days, newest first, 1 credit each", () => {
    const org = busiest();
    const response = signals(org);
    const list = response.body.signals;
    expect(list.length).toBe(state.dataset.signalsOf(org).length);
    expect(list.length).toBeGreaterThan(2);
    expect(response.body.credits_used).toBe(list.length);
    const dates = list.map((s: { date: string }) => Date.parse(s.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const signal of list) {
      expect(signal.organization_id).toBe(org.id);
      expect(Date.parse(signal.date)).toBeGreaterThan(NOW - 60 * 86_400_000);
      expect(signal.signal_id).toBeTypeOf("number");
      expect(["high", "medium", "low"]).toContain(signal.priority);
    }
  });

  it("keeps signals that match any of the repeated technology_slugs", () => {
    const org = busiest();
    const all = signals(org).body.signals;
    const slug = all.find((s: { matched_technologies?: unknown[] }) => s.matched_technologies)!
      .matched_technologies[0].slug;
    const filtered = signals(org, [slug, "no-such-tech"]).body;
    expect(filtered.signals.length).toBeGreaterThan(0);
    for (const signal of filtered.signals) {
      expect(signal.matched_technologies.map((t: { slug: string }) => t.slug)).toContain(slug);
    }
    expect(filtered.credits_used).toBe(filtered.signals.length);
  });

  it("is free when no signal matches", () => {
    const quiet = state.dataset.orgs.find((o) => state.dataset.signalsOf(o).length === 0)!;
    const response = signals(quiet);
    expect(response.body).toMatchObject({ credits_used: 0, signals: [] });
    expect(state.accounts.get(DEMO_API_KEY)!.ledger).toEqual([]);
  });

  it("suggests contacts, scored 1 to 10, on job-post signals", () => {
    const withContacts = state.dataset
      .signals()
      .find((s) => s.jobPostId !== undefined && s.suggestedContacts?.length)!;
    const org = state.dataset.orgs[withContacts.orgIndex]!;
    const signal = signals(org).body.signals.find(
      (s: { signal_id: number }) => s.signal_id === withContacts.id,
    );
    expect(signal.suggested_contacts.people.length).toBeGreaterThan(0);
    for (const person of signal.suggested_contacts.people) {
      expect(person.score).toBeGreaterThanOrEqual(1);
      expect(person.score).toBeLessThanOrEqual(10);
    }
  });

  it("includes account_status only for accounts with a CRM seat", () => {
    const org = busiest();
    call(state, "POST", "/__admin/accounts", { body: { api_key: "plain", credits: 1000 } });
    expect(signals(org).body.signals[0].account_status).toBe(org.accountStatus);
    expect(signals(org, [], "plain").body.signals[0].account_status).toBeUndefined();
  });
});

describe("technology stack", () => {
  it("groups the used technologies by business function and category, 1 credit per call", () => {
    const org = state.dataset.orgs.find((o) => o.jobsCount > 40)!;
    const response = call(state, "GET", `/v9/organizations/${org.id}/techs`);
    expect(response.status).toBe(200);
    expect(TechStackResponse.safeParse(response.body).success).toBe(true);
    expect(response.body).toMatchObject({
      credits_used: 1,
      organization_id: org.id,
      organization_slug: org.slug,
    });
    expect(response.body.business_functions.length).toBeGreaterThan(0);
    const category = response.body.business_functions[0].categories[0];
    expect(Object.keys(category).sort()).toEqual(
      ["category_name", "category_name_full", "category_slug", "evidence", "technologies"].sort(),
    );
    expect(category.technologies[0]).toEqual({
      name: expect.any(String),
      slug: expect.any(String),
      job_post_used_count: expect.any(Number),
      domain: expect.stringMatching(/\./),
    });
  });

  it("counts the same used job posts as the technology metric job_post_used_count", () => {
    const org = state.dataset.orgs.find((o) => o.subsidiaryIndexes.length > 0 && o.jobsCount > 20)!;
    const stack = call(state, "GET", `/v9/organizations/${org.id}/techs`).body;
    const technologies = stack.business_functions.flatMap(
      (bf: { categories: { technologies: unknown[] }[] }) => bf.categories.flatMap((c) => c.technologies),
    ) as { slug: string; job_post_used_count: number }[];
    const sample = technologies.slice(0, 5);
    const metrics = call(state, "POST", "/v9/organizations", {
      body: {
        organizations: [{ id: org.id }],
        select: {
          entities: sample.map((t) => ({
            type: "technology",
            term: t.slug,
            metrics: ["job_post_used_count"],
          })),
        },
      },
    }).body.organizations[0].entities;
    expect(metrics.map((m: { job_post_used_count: number }) => m.job_post_used_count)).toEqual(
      sample.map((t) => t.job_post_used_count),
    );
  });

  it("answers 404 for an unknown organization", () => {
    expect(call(state, "GET", "/v9/organizations/999/techs").status).toBe(404);
  });
});
