// The durable journal of paid requests: open before sending, settled after, orphans taken once they are old.
import { describe, expect, it } from "vitest";
import {
  JOURNAL_FULL_MESSAGE,
  ORPHAN_AFTER_MS,
  PAID_INTENTS_KEY,
  PaidIntents,
  SETTLED_PREFIX,
} from "../../../src/core/spending/paid-intents.ts";
import { FakeClock, FakeMutex, MemoryStringStore } from "./fakes.ts";

class DeletingStore extends MemoryStringStore {
  delete(key: string): void {
    this.values.delete(key);
  }
}

function journal() {
  const clock = new FakeClock();
  const store = new DeletingStore();
  const mutex = new FakeMutex(clock);
  return { clock, store, mutex, intents: new PaidIntents({ store, mutex, clock }) };
}

describe("PaidIntents", () => {
  it("keeps an intent until it is settled, and empties the property when none is left", () => {
    const { intents, store } = journal();
    const id = intents.open("signals", 100);
    expect(JSON.parse(store.get(PAID_INTENTS_KEY)!)).toMatchObject([
      { id, what: "signals", mostCredits: 100 },
    ]);
    intents.settle(id);
    expect(store.get(PAID_INTENTS_KEY)).toBeNull();
  });

  it("keeps a younger intent, still someone's request in flight, when it takes the orphans", () => {
    const { intents, clock } = journal();
    intents.open("contactLists", null);
    clock.advance(ORPHAN_AFTER_MS);
    const young = intents.open("signals", 100);
    expect(intents.takeOrphans().map((o) => o.what)).toEqual(["contactLists"]);
    clock.advance(ORPHAN_AFTER_MS);
    expect(intents.takeOrphans().map((o) => o.id)).toEqual([young]);
  });

  it.each([
    ["not JSON", "{not json"],
    ["not a list", '{"id":"x"}'],
  ])("reads a journal property that is %s as empty, and writes a good one over it", (_what, text) => {
    const { intents, store, clock } = journal();
    store.put(PAID_INTENTS_KEY, text);
    expect(intents.takeOrphans()).toEqual([]);
    const id = intents.open("signals", 100);
    clock.advance(ORPHAN_AFTER_MS);
    expect(intents.takeOrphans().map((o) => o.id)).toEqual([id]);
    expect(store.get(PAID_INTENTS_KEY)).toBeNull();
  });

  it("settles only its own intent when two are opened in the same millisecond", () => {
    // Two executions send at the same moment: settling the answered one must not forget the lost one.
    const { intents, clock } = journal();
    const answered = intents.open("signals", 100);
    const lost = intents.open("signals", 100);
    expect(lost).not.toBe(answered);
    intents.settle(answered);
    clock.advance(ORPHAN_AFTER_MS);
    expect(intents.takeOrphans().map((o) => o.id)).toEqual([lost]);
  });

  it("hands out an intent as an orphan only once it is older than an execution can live, and only once", () => {
    const { intents, clock } = journal();
    intents.open("contactLists", null);
    clock.advance(ORPHAN_AFTER_MS - 1);
    const young = intents.open("signals", 100);
    expect(intents.takeOrphans()).toEqual([]);
    clock.advance(1);
    expect(intents.takeOrphans().map((o) => [o.what, o.mostCredits])).toEqual([["contactLists", null]]);
    expect(intents.takeOrphans()).toEqual([]);
    intents.settle(young);
    clock.advance(ORPHAN_AFTER_MS);
    expect(intents.takeOrphans()).toEqual([]);
  });

  it("takes no lock when there is nothing to take", () => {
    const { intents, mutex } = journal();
    expect(intents.takeOrphans()).toEqual([]);
    expect(mutex.acquisitions).toBe(0);
  });

  it("keeps within one property value however many are left open", () => {
    const { intents, store } = journal();
    for (let i = 0; i < 500; i++) intents.open("organizations", 2_000);
    expect(JSON.parse(store.get(PAID_INTENTS_KEY)!).length).toBeLessThanOrEqual(60);
  });

  it("defers a settlement the lock keeps out to a marker of its own, never throwing, never orphaning it", () => {
    const { intents, store, mutex, clock } = journal();
    const id = intents.open("signals", 100);
    mutex.holdElsewhere();
    expect(() => intents.settle(id)).not.toThrow();
    expect(store.get(SETTLED_PREFIX + id)).toBe("1");
    mutex.holdElsewhere(false);
    clock.advance(ORPHAN_AFTER_MS);
    expect(intents.takeOrphans()).toEqual([]);
    // The next change of the journal drops the intent and its marker.
    const next = intents.open("people", 5);
    expect(JSON.parse(store.get(PAID_INTENTS_KEY)!).map((i: { id: string }) => i.id)).toEqual([next]);
    expect(store.get(SETTLED_PREFIX + id)).toBeNull();
  });

  it("leaves an intent open (to be logged as possibly charged) when neither the lock nor a marker can be had", () => {
    const { intents, store, mutex, clock } = journal();
    const id = intents.open("signals", 100);
    mutex.holdElsewhere();
    store.put = () => {
      throw new Error("You have exceeded the property storage quota.");
    };
    expect(() => intents.settle(id)).not.toThrow();
    mutex.holdElsewhere(false);
    clock.advance(ORPHAN_AFTER_MS);
    expect(intents.takeOrphans().map((o) => o.id)).toEqual([id]);
  });

  it("refuses to open an intent the store cannot take, with a sentence saying what to free", () => {
    const clock = new FakeClock();
    class FullStore extends DeletingStore {
      override put(): void {
        throw new Error(
          "You have exceeded the property storage quota. Please remove some properties and try again.",
        );
      }
    }
    const intents = new PaidIntents({ store: new FullStore(), mutex: new FakeMutex(clock), clock });
    expect(() => intents.open("signals", 100)).toThrow(JOURNAL_FULL_MESSAGE);
  });
});
