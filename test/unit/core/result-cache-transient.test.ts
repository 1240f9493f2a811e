// A bucket over its size drops the intents of requests in flight before paid answers, and a write of an
// intent never drops an answer: the answer dropped would be bought again (issue: formula columns re-bought).
import { describe, expect, it } from "vitest";
import type { EntityResult } from "../../../src/core/caches/result-cache.ts";
import { ResultCache } from "../../../src/core/caches/result-cache.ts";
import { FakeCache, FakeClock, FakeMutex } from "./fakes.ts";

const ANSWERS = "org";
const INTENTS = "org-lost";
const KEYS = Array.from({ length: 160 }, (_, i) => `url:company-${i}.example`);

function oneBucket(maxBucketBytes: number) {
  const clock = new FakeClock();
  const store = new FakeCache(clock);
  const cache = new ResultCache({
    cache: store,
    mutex: new FakeMutex(clock),
    clock,
    buckets: 1,
    maxBucketBytes,
    compact: true,
    transientScopes: [INTENTS],
  });
  return { cache, clock, store };
}

const answers = (field: string): EntityResult[] =>
  KEYS.map((entityKey) => ({ entityKey, matched: true, values: { [field]: `${field} of ${entityKey}` } }));
const intents = (field: string): EntityResult[] =>
  KEYS.map((entityKey) => ({ entityKey, matched: true, values: { [field]: 1_790_000_000_000 } }));
/** The bucket's bytes once `writes` are put in a bucket with room for all: the sizes below are cut from it. */
function bytesAfter(writes: [string, EntityResult[]][]): number {
  const probe = oneBucket(90_000);
  for (const [scope, results] of writes) probe.cache.put(scope, results);
  return probe.store.largestValueBytes;
}
const held = (cache: ResultCache, scope: string, field: string) =>
  [...cache.get(scope, KEYS, [field]).keys()].length;

describe("ResultCache with a transient scope", () => {
  it("keeps every paid answer when intents do not fit beside them: the intents are the ones not kept", () => {
    // Room for the answers and a few intents beside them.
    const { cache } = oneBucket(bytesAfter([[ANSWERS, answers("industry")]]) + 60);
    expect(cache.put(ANSWERS, answers("industry")).notKept).toBe(0);
    const answersBefore = held(cache, ANSWERS, "industry");
    expect(answersBefore).toBe(KEYS.length);
    const report = cache.put(INTENTS, intents("name"));
    expect(held(cache, ANSWERS, "industry")).toBe(KEYS.length);
    expect(report.notKept).toBe(KEYS.length - held(cache, INTENTS, "name"));
    expect(report.notKept).toBeGreaterThan(0);
  });

  it("drops the intents of a request in flight, not older answers, to make room for its answers", () => {
    // Room for everything but some of the intents.
    const all = bytesAfter([
      [ANSWERS, answers("industry").slice(0, 20)],
      [INTENTS, intents("name")],
      [ANSWERS, answers("name")],
    ]);
    const { cache, clock } = oneBucket(all - 50);
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
