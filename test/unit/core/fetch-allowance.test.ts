// The add-on's count of UrlFetch calls: one 24-hour window from its first call, counts added within it, a
// refusal that counts nothing and says when, and a count that cannot be kept never stopping a formula.
import { describe, expect, it } from "vitest";
import {
  FETCH_WINDOW_MS,
  FetchAllowance,
  FetchAllowanceError,
} from "../../../src/core/spending/fetch-allowance.ts";
import { FakeClock, FakeMutex, START_MS } from "./fakes.ts";

function allowance(limit = 10) {
  const clock = new FakeClock();
  const mutex = new FakeMutex();
  const values = new Map<string, string>();
  const store = {
    refuse: false,
    get: (key: string) => values.get(key) ?? null,
    put(key: string, value: string) {
      if (store.refuse) throw new Error("You do not have permission to access the requested document.");
      values.set(key, value);
    },
  };
  const formatTime = (ms: number) => `at ${ms}`;
  return {
    clock,
    mutex,
    values,
    store,
    counter: new FetchAllowance({ store, mutex, clock, limit, formatTime }),
  };
}

describe("FetchAllowance", () => {
  it("counts calls in the window its first call opened, and resets 24 hours after that call", () => {
    const { clock, values, counter } = allowance();
    expect(counter.status()).toEqual({ used: 0, limit: 10, resetsAt: null });
    counter.take(3);
    expect(values.get("urlfetch_day")).toBe(`${START_MS}|3`);
    clock.advance(FETCH_WINDOW_MS - 1);
    counter.take(4);
    expect(values.get("urlfetch_day")).toBe(`${START_MS}|7`);
    expect(counter.status()).toEqual({ used: 7, limit: 10, resetsAt: START_MS + FETCH_WINDOW_MS });
    clock.advance(1);
    expect(counter.status()).toEqual({ used: 0, limit: 10, resetsAt: null });
    counter.take(2);
    expect(values.get("urlfetch_day")).toBe(`${START_MS + FETCH_WINDOW_MS}|2`);
  });

  it("refuses calls past the limit, counting nothing, with when they can go again", () => {
    const { clock, values, counter } = allowance();
    counter.take(8);
    clock.advance(60_000);
    expect(() => counter.take(3)).toThrow(
      new FetchAllowanceError(
        "Apps Script allows 10 UrlFetch calls a day for this account, and today's are used up: nothing was sent. " +
          `Formulas and the sidebar can fetch again after at ${START_MS + FETCH_WINDOW_MS}.`,
      ),
    );
    expect(values.get("urlfetch_day")).toBe(`${START_MS}|8`);
    counter.take(2);
    expect(values.get("urlfetch_day")).toBe(`${START_MS}|10`);
  });

  it("lets calls go uncounted when the lock is busy or the store refuses the write", () => {
    const { mutex, store, values, counter } = allowance();
    mutex.holdElsewhere();
    counter.take(11);
    mutex.holdElsewhere(false);
    store.refuse = true;
    counter.take(10);
    expect(values.size).toBe(0);
  });

  it("reads a damaged count as no count", () => {
    const { values, counter } = allowance();
    values.set("urlfetch_day", `${START_MS}|x`);
    expect(counter.status()).toEqual({ used: 0, limit: 10, resetsAt: null });
    counter.take(1);
    expect(values.get("urlfetch_day")).toBe(`${START_MS}|1`);
  });
});
