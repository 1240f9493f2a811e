// A bucket over its size drops the intents of requests in flight before paid answers, and a write of an
// intent never drops an answer: the answer dropped would be bought again (issue: formula columns re-bought).
import { describe, expect, it } from "vitest";
import type { EntityResult } from "../../../src/core/caches/result-cache.ts";
import { ResultCache } from "../../../src/core/caches/result-cache.ts";
import { FakeCache, FakeClock, FakeMutex } from "./fakes.ts";

const ANSWERS = "org";
const INTENTS = "org-lost";
const KEYS = Array.from({ length: 40 }, (_, i) => `url:company-${i}.example`);

function oneBucket(maxBucketBytes = 4_000) {
  const clock = new FakeClock();
  const cache = new ResultCache({
    cache: new FakeCache(clock),
    mutex: new FakeMutex(clock),
    clock,
    buckets: 1,
    maxBucketBytes,
    compact: true,
    transientScopes: [INTENTS],
  });
  return { cache, clock };
}

const answers = (field: string): EntityResult[] =>
  KEYS.map((entityKey) => ({ entityKey, matched: true, values: { [field]: `${field} of ${entityKey}` } }));
const intents = (field: string): EntityResult[] =>
  KEYS.map((entityKey) => ({ entityKey, matched: true, values: { [field]: 1_790_000_000_000 } }));
const held = (cache: ResultCache, scope: string, field: string) =>
  [...cache.get(scope, KEYS, [field]).keys()].length;

describe("ResultCache with a transient scope", () => {
  it("keeps every paid answer when intents do not fit beside them: the intents are the ones not kept", () => {
    const { cache } = oneBucket();
    expect(cache.put(ANSWERS, answers("industry")).notKept).toBe(0);
    const answersBefore = held(cache, ANSWERS, "industry");
    expect(answersBefore).toBe(KEYS.length);
    const report = cache.put(INTENTS, intents("name"));
    expect(held(cache, ANSWERS, "industry")).toBe(KEYS.length);
    expect(report.notKept).toBe(KEYS.length - held(cache, INTENTS, "name"));
    expect(report.notKept).toBeGreaterThan(0);
  });

  it("drops the intents of a request in flight, not older answers, to make room for its answers", () => {
    const { cache, clock } = oneBucket(5_000);
    const first = KEYS.slice(0, 20);
    cache.put(ANSWERS, answers("industry").slice(0, 20));
    // The intents are newer than the industry answers: by age alone those would go first.
    clock.sleep(1_000);
    expect(cache.put(INTENTS, intents("name")).notKept).toBe(0);
    clock.sleep(1_000);
    const report = cache.put(ANSWERS, answers("name"));
    expect(report.notKept).toBe(0);
    expect([...cache.get(ANSWERS, first, ["industry"]).keys()]).toEqual(first);
    expect(held(cache, ANSWERS, "name")).toBe(KEYS.length);
    expect(report.dropped).toBe(KEYS.length - held(cache, INTENTS, "name"));
    expect(report.dropped).toBeGreaterThan(0);
  });
});
