// A lookup's request intent over in-memory fakes: held texts are not sent, a refused request frees its
// texts, a request whose answer was lost keeps them, and requests never sent are settled.
import { describe, expect, it } from "vitest";
import { LOOKUP_INTENT_PREFIX } from "../../../src/core/spending/formula-intents.ts";
import { techCount } from "../../../src/functions/entity-metric.ts";
import {
  LOOKUP_IN_FLIGHT_MESSAGE,
  LOOKUP_LOST_MESSAGE,
  lookupFieldKey,
  lookupTitles,
} from "../../../src/functions/lookups.ts";
import { jobFunction, techSlug } from "../../../src/functions/text-lookups.ts";
import { formulaWorld } from "./formula-world.ts";

type World = ReturnType<typeof formulaWorld>;

const lookupKeys = (w: World) =>
  Object.keys(w.properties.values).filter((k) => k.startsWith(LOOKUP_INTENT_PREFIX));

/** An unsettled request for `key`, sent `ago` ms before now: a lookup's (`scope`) or an organizations one's. */
function openIntent(w: World, key: string, field: { scope: string } | { org: string }, ago: number): void {
  const fieldKeys = ["scope" in field ? lookupFieldKey(field.scope) : field.org];
  const prefix = "scope" in field ? LOOKUP_INTENT_PREFIX : undefined;
  w.env.intents().open([{ entityKeys: [key], fieldKeys }], Date.now() - ago, prefix);
}

describe("a lookup's request intent", () => {
  it("a text with an open intent is not sent: its own cell says why, the others are looked up", () => {
    const w = formulaWorld();
    openIntent(w, "florist", { scope: "title" }, 60_000);
    openIntent(w, "senior engineer", { scope: "title" }, 0);
    // An organizations intent on the same key, and a technology's, hold no job title back.
    openIntent(w, "staff engineer", { org: "a:industry" }, 60_000);
    openIntent(w, "staff engineer", { scope: "tech" }, 60_000);
    expect(jobFunction(w.env, [["Florist"], ["Senior Engineer"], ["Staff Engineer"]])).toEqual([
      [LOOKUP_LOST_MESSAGE],
      [LOOKUP_IN_FLIGHT_MESSAGE],
      ["Engineering"],
    ]);
    expect(w.service.requests.map((r) => r.body)).toEqual([{ titles: ["Staff Engineer"] }]);
    expect(lookupKeys(w)).toHaveLength(3);
  });

  it("a term of TECH_COUNT held back is an error in the formula's words, and nothing is bought", () => {
    const w = formulaWorld();
    openIntent(w, "k8s", { scope: "tech" }, 60_000);
    expect(() => techCount(w.env, [["acme.com"]], "K8s")).toThrow(LOOKUP_LOST_MESSAGE);
    expect(w.service.requests).toEqual([]);
  });

  it("a refused lookup charged nothing: its intent goes and the next recalculation sends it", () => {
    const w = formulaWorld();
    w.service.failNext = [401];
    expect(() => techSlug(w.env, "K8s")).toThrow(/rejected the API key/);
    expect(lookupKeys(w)).toEqual([]);
    expect(techSlug(w.env, "K8s")).toBe("kubernetes");
    expect(w.service.requests).toHaveLength(2);
  });

  it("1,500 titles in two requests: the first answered and settled, the second refused and settled too", () => {
    const w = formulaWorld();
    const titles = Array.from({ length: 1_500 }, (_, i) => `Senior Engineer ${i}`);
    w.service.failNext = [0, 401];
    expect(() => lookupTitles(w.env, titles)).toThrow(/rejected the API key/);
    expect(w.service.requests.map((r) => r.body.titles.length)).toEqual([1_000, 500]);
    expect(lookupKeys(w)).toEqual([]);
    // The first thousand were cached: only the other 500 are asked again.
    const { found, held } = lookupTitles(w.env, titles);
    expect(held.size).toBe(0);
    expect(found.size).toBe(1_500);
    expect(w.service.requests.map((r) => r.body.titles.length)).toEqual([1_000, 500, 500]);
  });
});
