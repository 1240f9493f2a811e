// What a formula's purchase would ask for: organizations grouped by the fields still missing for them, with
// the fields other formulas want of the same organizations added when they are bought anyway.
import { describe, expect, it } from "vitest";
import type { CachedEntity } from "../../../src/core/caches/result-cache.ts";
import type { OrgField } from "../../../src/core/organizations/org-fields.ts";
import type { FormulaEnv } from "../../../src/functions/formula-env.ts";
import {
  cachedOrgFields,
  groupByMissing,
  IN_FLIGHT_MESSAGE,
  LOST_MESSAGE,
  LOST_MESSAGE_EARLIER,
  LOST_SCOPE,
  ORG_SCOPE,
  type OrgRequestItem,
} from "../../../src/functions/org-cached.ts";

const attribute = (name: string): OrgField => ({ kind: "attribute", name }) as OrgField;
const item = (domain: string): OrgRequestItem => ({ key: `url:${domain}`, input: { url: domain } });
const names = (groups: ReturnType<typeof groupByMissing>) =>
  [...groups.values()].map((g) => ({
    fields: g.fields.map((f) => (f.kind === "attribute" ? f.name : "")),
    items: g.items.map((i) => i.key),
  }));

describe("groupByMissing", () => {
  const industry = attribute("industry");
  const employees = attribute("employee_count");
  const country = attribute("headquarters_country");
  const cached = new Map<string, CachedEntity>([
    ["url:acme.com", { matched: true, values: { "a:industry": "Software", "a:headquarters_country": "US" } }],
    ["url:gone.com", { matched: false }],
  ]);

  it("asks each organization only for what the cache lacks, and nothing of one the service did not match", () => {
    const groups = groupByMissing(
      [item("acme.com"), item("globex.com"), item("gone.com")],
      [industry, employees],
      cached,
    );
    expect(names(groups)).toEqual([
      { fields: ["employee_count"], items: ["url:acme.com"] },
      { fields: ["industry", "employee_count"], items: ["url:globex.com"] },
    ]);
  });

  it("adds what other formulas want when the organization is bought anyway, never a field twice or a cached one", () => {
    const also = new Map([
      ["url:acme.com", [employees, country, attribute("tags")]],
      ["url:globex.com", [industry, attribute("tags")]],
      // Not bought by this formula: what others want is no reason to buy it.
      ["url:initech.com", [industry]],
    ]);
    const groups = groupByMissing(
      [item("acme.com"), item("globex.com")],
      [industry, employees],
      cached,
      also,
    );
    expect(names(groups)).toEqual([
      { fields: ["employee_count", "tags"], items: ["url:acme.com"] },
      { fields: ["industry", "employee_count", "tags"], items: ["url:globex.com"] },
    ]);
  });

  it("asks nothing of an organization whose every field is cached, whatever others want", () => {
    const groups = groupByMissing(
      [item("acme.com")],
      [industry],
      cached,
      new Map([["url:acme.com", [employees]]]),
    );
    expect(names(groups)).toEqual([]);
  });
});

describe("cachedOrgFields", () => {
  const industry = attribute("industry");
  const now = Date.now();
  /** A formula's environment with these answers, intents and an earlier version's lost requests. */
  function env(
    answers: Record<string, CachedEntity>,
    intents: Record<string, number>,
    earlier: Record<string, CachedEntity> = {},
  ) {
    const asked: string[][] = [];
    const fake = {
      cache: {
        get: (scope: string, keys: readonly string[]) => {
          const from = scope === ORG_SCOPE ? answers : scope === LOST_SCOPE ? earlier : {};
          return new Map(keys.filter((k) => k in from).map((k) => [k, from[k]!]));
        },
      },
      intents: () => ({
        held: (keys: readonly string[]) => {
          asked.push([...keys]);
          return new Map(keys.filter((k) => k in intents).map((k) => [k, intents[k]!]));
        },
      }),
    };
    return { env: fake as unknown as FormulaEnv, asked };
  }
  const SOFTWARE: CachedEntity = { matched: true, values: { "a:industry": "Software" } };

  it("reads no intent for a cell its cache answers", () => {
    const { env: e, asked } = env({ "url:acme.com": SOFTWARE }, { "url:acme.com": now });
    const answer = cachedOrgFields(e, [item("acme.com")], [industry]);
    expect([answer.held, answer.missing, asked]).toEqual([new Map(), [], []]);
  });

  it("holds back what an unsettled request may have bought: lost when old, in flight when recent", () => {
    const { env: e, asked } = env(
      { "url:acme.com": SOFTWARE },
      { "url:globex.com": now - 60_000, "url:initech.com": now - 1_000 },
    );
    const answer = cachedOrgFields(e, ["acme.com", "globex.com", "initech.com", "hooli.com"].map(item), [
      industry,
    ]);
    expect(asked).toEqual([["url:globex.com", "url:initech.com", "url:hooli.com"]]);
    expect(answer.held).toEqual(
      new Map([
        ["url:globex.com", LOST_MESSAGE],
        ["url:initech.com", IN_FLIGHT_MESSAGE],
      ]),
    );
    expect(answer.missing.map((i) => i.key)).toEqual(["url:hooli.com"]);
  });

  it("holds back what an earlier version recorded, from its oldest request, and keeps this version's lost", () => {
    const sent = (...at: number[]): CachedEntity => ({
      matched: true,
      values: Object.fromEntries(at.map((t, i) => [`a:f${i}`, String(t)])),
    });
    const { env: e } = env(
      {},
      { "url:acme.com": now - 60_000 },
      {
        "url:acme.com": sent(now - 1_000),
        "url:globex.com": sent(now - 1_000, now - 60_000),
        "url:initech.com": sent(now - 1_000),
        "url:hooli.com": { matched: false },
      },
    );
    const answer = cachedOrgFields(e, ["acme.com", "globex.com", "initech.com", "hooli.com"].map(item), [
      industry,
    ]);
    expect(answer.held).toEqual(
      new Map([
        ["url:acme.com", LOST_MESSAGE],
        ["url:globex.com", LOST_MESSAGE_EARLIER],
        ["url:initech.com", IN_FLIGHT_MESSAGE],
      ]),
    );
    expect(answer.missing.map((i) => i.key)).toEqual(["url:hooli.com"]);
  });
});
