// A small world for formula unit tests: the formula environment over the core's fakes and a scripted
// stand-in of the service that answers organizations and lookups from a fixed table and counts credits.
import { EnrichmentClient } from "../../../src/api/client.ts";
import type { HttpRequest, HttpResponse } from "../../../src/api/transport.ts";
import { ResultCache } from "../../../src/core/caches/result-cache.ts";
import { FormulaIntents, type IntentProperties } from "../../../src/core/spending/formula-intents.ts";
import { SpendGuard, type SpendSettings } from "../../../src/core/spending/spend-guard.ts";
import type { FormulaEnv } from "../../../src/functions/formula-env.ts";
import { json } from "../../support/fake-transport.ts";
import { FakeCache, FakeClock, FakeMutex, MemoryStringStore } from "../core/fakes.ts";

export const ORGS: Record<string, { id: number; name: string; employee_count: number; tags: string[] }> = {
  "acme.com": { id: 1, name: "Acme", employee_count: 120, tags: ["b2b", "saas"] },
  "globex.com": { id: 2, name: "Globex", employee_count: 5400, tags: [] },
  "münchen.de": { id: 3, name: "Stadtwerke München", employee_count: 9000, tags: ["utility"] },
};
const TECHS: Record<string, string> = {
  kubernetes: "kubernetes",
  k8s: "kubernetes",
  react: "react",
  python: "python",
};

/** Answers like the service: rows in input order, unmatched rows empty, 1 credit base + 1 per paid field. */
export class MiniService {
  requests: { path: string; body: any }[] = [];
  creditsCharged = 0;
  balance = 10_000;
  failNext: number[] = [];
  /** Per request, in order: true charges it and then cuts its answer short (a lost answer). */
  loseNext: boolean[] = [];

  respond = (request: HttpRequest): HttpResponse => {
    const path = request.url.replace(/^https?:\/\/[^/]+/, "");
    const body = JSON.parse(request.body ?? "{}");
    this.requests.push({ path, body });
    const status = this.failNext.shift();
    if (status) return json(status, { detail: "scripted" });
    const answer = this.answer(path, body);
    if (!this.loseNext.shift()) return answer;
    return { ...answer, body: answer.body.slice(0, Math.floor(answer.body.length / 2)) };
  };

  private answer(path: string, body: any): HttpResponse {
    if (path === "/v9/organizations") return this.organizations(body);
    if (path === "/v9/technologies/lookup") {
      const results = body.technologies.map((t: string) => {
        const slug = TECHS[t.toLowerCase()];
        return { input: t, technology: slug ? { id: 1, slug, name: slug, categories: [] } : null };
      });
      const matched = results.filter((r: any) => r.technology).length;
      return this.charge(Math.ceil(matched / 100), { matched_count: matched, results });
    }
    if (path === "/v9/jobs/title-lookup") {
      const results = body.titles.map((t: string) =>
        /engineer/i.test(t)
          ? {
              input: t,
              job_function: { id: 1, slug: "engineering", name: "Engineering" },
              job_level: { id: 2, name: "Senior", level_rank: 3 },
            }
          : { input: t, job_function: null, job_level: null },
      );
      const matched = results.filter((r: any) => r.job_function).length;
      return this.charge(Math.ceil(matched / 100), { matched_count: matched, results });
    }
    return json(404, { detail: `no route ${path}` });
  }

  private charge(credits: number, body: object): HttpResponse {
    if (credits > this.balance) return json(402, { detail: "Insufficient credits" });
    this.balance -= credits;
    this.creditsCharged += credits;
    return json(200, { id: "x", credits_used: credits, credits_remaining: this.balance, ...body });
  }

  private organizations(body: any): HttpResponse {
    const attrs: string[] = body.select.attributes ?? [];
    const metrics = (body.select.entities ?? []).reduce((n: number, e: any) => n + e.metrics.length, 0);
    const paid = attrs.filter((a) => !["id", "name", "url", "slug", "service_url"].includes(a)).length;
    let credits = 0;
    const organizations = body.organizations.map((input: any) => {
      const org = input.url
        ? ORGS[input.url]
        : Object.values(ORGS).find((o) => o.id === input.id || o.name === input.name);
      if (!org) return { input, attributes: {}, entities: [] };
      credits += 1 + paid + metrics;
      const attributes: Record<string, unknown> = {};
      for (const a of attrs) attributes[a] = (org as Record<string, unknown>)[a] ?? null;
      const entities = (body.select.entities ?? []).map((e: any) => ({
        type: e.type,
        term: e.term,
        ...Object.fromEntries(e.metrics.map((m: string) => [m, org.id * 10 + e.term.length])),
      }));
      return { input, attributes, entities };
    });
    return this.charge(credits, {
      organizations,
      total: organizations.length,
      matched_count: credits ? 1 : 0,
    });
  }
}

/** A property store in memory as the formula intents read and write it (they are kept here across cells). */
export function memoryProperties(values: Record<string, string> = {}): IntentProperties & {
  values: Record<string, string>;
} {
  return {
    values,
    read: () => ({ ...values }),
    recent: () => null,
    write: (changes) => Object.assign(values, changes),
    remove: (keys) => {
      for (const key of keys) delete values[key];
    },
  };
}

export function formulaWorld(settings: SpendSettings = { killSwitch: false, dailyCap: null }) {
  const clock = new FakeClock();
  const service = new MiniService();
  const cache = new FakeCache(clock);
  const store = new MemoryStringStore();
  const properties = memoryProperties();
  let nonce = 0;
  const intents = new FormulaIntents(properties, () => String(nonce++));
  const transport = {
    send: service.respond,
    sendAll: (requests: HttpRequest[]) => requests.map(service.respond),
  };
  const env: FormulaEnv = {
    cache: new ResultCache({ cache, mutex: new FakeMutex(clock), clock }),
    client: () =>
      new EnrichmentClient({
        baseUrl: "https://api.example.test",
        apiKey: "k",
        transport,
        clock,
        deadline: clock.now() + 25_000,
        random: () => 0,
      }),
    guard: () => new SpendGuard({ settings, store, today: () => "2026-11-21" }),
    intents: () => intents,
    formatDay: (date) => date.toISOString().slice(0, 10),
    day: (year, month, date) => new Date(Date.UTC(year, month - 1, date)),
  };
  return { env, service, cache, clock, store, properties };
}
