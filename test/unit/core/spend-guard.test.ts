// Tests for the formula spend guard: kill switch, daily cap, the day boundary and the spend record.
import { describe, expect, it } from "vitest";
import type { SpendGuardOptions, SpendSettings } from "../../../src/core/spending/spend-guard.ts";
import {
  DEFAULT_SPEND_KEY,
  dayAtOffset,
  KILL_SWITCH_MESSAGE,
  SpendGuard,
  STORE_FULL_MESSAGE,
} from "../../../src/core/spending/spend-guard.ts";
import { FakeMutex, MemoryStringStore } from "./fakes.ts";

class Calendar {
  constructor(public day = "2025-01-15") {}
  readonly today = (): string => this.day;
}

function guard(settings: Partial<SpendSettings> = {}, extra: Partial<SpendGuardOptions> = {}) {
  const store = new MemoryStringStore();
  const calendar = new Calendar();
  const make = (more: Partial<SpendSettings> = {}) =>
    new SpendGuard({
      settings: { killSwitch: false, dailyCap: null, ...settings, ...more },
      store,
      today: calendar.today,
      ...extra,
    });
  return { store, calendar, make, spend: make() };
}

describe("SpendGuard", () => {
  it("lets formulas run with no cap and no kill switch", () => {
    expect(guard().spend.check(5_000)).toEqual({ ok: true });
  });

  it("stops a paid formula when the kill switch is on", () => {
    expect(guard({ killSwitch: true }).spend.check(3)).toEqual({ ok: false, message: KILL_SWITCH_MESSAGE });
    expect(KILL_SWITCH_MESSAGE).toBe(
      "Enrichment formulas are paused (kill switch in Settings). No credits were spent.",
    );
  });

  it("lets a formula that costs nothing (all cached) through even when paused or capped", () => {
    expect(guard({ killSwitch: true }).spend.check(0)).toEqual({ ok: true });
    expect(guard({ dailyCap: 0 }).spend.check(0)).toEqual({ ok: true });
  });

  it("allows spending up to the cap exactly", () => {
    const { spend } = guard({ dailyCap: 100 });
    spend.record(70);
    expect(spend.check(30)).toEqual({ ok: true });
  });

  it("refuses a formula that could pass the cap, naming the cap, today's spend and the possible cost", () => {
    const { spend } = guard({ dailyCap: 1_000 });
    spend.record(950);
    expect(spend.check(1_200)).toEqual({
      ok: false,
      message:
        "The daily formula cap of 1,000 credits would be passed: 950 credits spent today, and this formula " +
        "could cost up to 1,200 credits. No credits were spent. Raise the cap in Settings or try again tomorrow.",
    });
  });

  it("uses the singular for one credit", () => {
    const { spend } = guard({ dailyCap: 1 });
    spend.record(1);
    const result = spend.check(1);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.message).toContain("cap of 1 credit would be passed: 1 credit spent today");
  });

  it("prefers the kill switch message over the cap message", () => {
    expect(guard({ killSwitch: true, dailyCap: 0 }).spend.check(5)).toEqual({
      ok: false,
      message: KILL_SWITCH_MESSAGE,
    });
  });

  it("adds up what formulas record during a day, across executions", () => {
    const { make } = guard({ dailyCap: 100 });
    make().record(10);
    make().record(15);
    expect(make().spentToday()).toBe(25);
  });

  it("starts each day from zero", () => {
    const { spend, calendar } = guard({ dailyCap: 100 });
    spend.record(100);
    expect(spend.check(1).ok).toBe(false);
    calendar.day = "2025-01-16";
    expect(spend.spentToday()).toBe(0);
    expect(spend.check(100)).toEqual({ ok: true });
    spend.record(4);
    expect(spend.spentToday()).toBe(4);
  });

  it("does not write when nothing was spent", () => {
    const { spend, store } = guard();
    spend.record(0);
    expect(store.writes).toBe(0);
  });

  it("stores the record as a small JSON value under its key", () => {
    const { spend, store } = guard();
    spend.record(12);
    expect(JSON.parse(store.get(DEFAULT_SPEND_KEY) as string)).toEqual({ day: "2025-01-15", spent: 12 });
  });

  it.each(["not json", "null", "[]", '{"day":"2025-01-15","spent":-4}', '{"day":"2025-01-15","spent":"9"}'])(
    "reads the unreadable record %s as nothing spent",
    (stored) => {
      const { spend, store } = guard({ dailyCap: 10 });
      store.put(DEFAULT_SPEND_KEY, stored);
      expect(spend.spentToday()).toBe(0);
      spend.record(3);
      expect(spend.spentToday()).toBe(3);
    },
  );

  it("records under the lock when given one, and still records when the lock times out", () => {
    const mutex = new FakeMutex();
    const { spend } = guard({}, { mutex });
    spend.record(2);
    expect(mutex.acquisitions).toBe(1);
    mutex.holdElsewhere();
    spend.record(3);
    expect(spend.spentToday()).toBe(5);
  });

  it("keeps a custom key", () => {
    const { store } = guard();
    new SpendGuard({
      settings: { killSwitch: false, dailyCap: null },
      store,
      today: () => "2025-01-15",
      key: "k",
    }).record(1);
    expect(store.get("k")).not.toBeNull();
  });

  it.each([
    [-1, "estimatedUpperBound must be a number of 0 or more; got -1."],
    [Number.NaN, "estimatedUpperBound must be a number of 0 or more; got NaN."],
  ])("rejects an estimate of %s", (estimate, message) => {
    expect(() => guard().spend.check(estimate)).toThrow(new RangeError(message));
  });

  it("rejects a negative recorded spend", () => {
    expect(() => guard().spend.record(-2)).toThrow(
      new RangeError("actualCreditsUsed must be a number of 0 or more; got -2."),
    );
  });

  it("rejects a negative cap", () => {
    expect(() => guard({ dailyCap: -10 })).toThrow(
      new RangeError("dailyCap must be a number of 0 or more; got -10."),
    );
  });

  it("rejects a day that is not YYYY-MM-DD", () => {
    const { calendar, spend } = guard();
    calendar.day = "15/01/2025";
    expect(() => spend.spentToday()).toThrow(
      new RangeError('today() must return a date as YYYY-MM-DD; got "15/01/2025".'),
    );
  });
});

describe("dayAtOffset", () => {
  const lateUtc = Date.UTC(2025, 0, 15, 23, 30);
  it.each([
    [0, "2025-01-15"],
    [60, "2025-01-16"],
    [-300, "2025-01-15"],
    [-24 * 60, "2025-01-14"],
    [330, "2025-01-16"],
  ])("gives the date at UTC%+i minutes", (offset, day) => {
    expect(dayAtOffset(lateUtc, offset)).toBe(day);
  });

  it("pads years, months and days", () => {
    expect(dayAtOffset(Date.UTC(987, 2, 4), 0)).toBe("0987-03-04");
  });
});

/** A store of `room` bytes (keys and values), refusing a write past it as Apps Script does. */
class RoomStore extends MemoryStringStore {
  constructor(public room: number) {
    super();
  }
  override put(key: string, value: string): void {
    const others = [...this.values].filter(([k]) => k !== key);
    const used = others.reduce((n, [k, v]) => n + k.length + v.length, 0) + key.length + value.length;
    if (used > this.room)
      throw new Error(
        "You have exceeded the property storage quota. Please remove some properties and try again.",
      );
    super.put(key, value);
  }
}

describe("SpendGuard: no record, no spend", () => {
  it("refuses before paying when the store cannot take the record", () => {
    const store = new RoomStore(20);
    const spend = new SpendGuard({
      settings: { killSwitch: false, dailyCap: null },
      store,
      today: () => "2025-01-15",
    });
    expect(spend.admit(40)).toEqual({ ok: false, message: STORE_FULL_MESSAGE });
    expect(store.get(DEFAULT_SPEND_KEY)).toBeNull();
  });

  it("holds room for the record, so recording after payment fits even in a store left with no room", () => {
    const store = new RoomStore(1_000);
    const spend = new SpendGuard({
      settings: { killSwitch: false, dailyCap: 1_000 },
      store,
      today: () => "2025-01-15",
    });
    spend.record(7);
    expect(spend.admit(999 - 7)).toEqual({ ok: true });
    const held = store.get(DEFAULT_SPEND_KEY)!;
    store.room = DEFAULT_SPEND_KEY.length + held.length;
    spend.record(992);
    expect(spend.spentToday()).toBe(999);
  });

  it("never throws after payment: spend the store refuses waits in the deferred store and is folded in later", () => {
    const store = new RoomStore(0);
    const deferred = new MemoryStringStore();
    const spend = new SpendGuard({
      settings: { killSwitch: false, dailyCap: 100 },
      store,
      today: () => "2025-01-15",
      deferred,
    });
    expect(() => spend.record(30)).not.toThrow();
    expect(spend.spentToday()).toBe(30);
    expect(spend.check(71).ok).toBe(false);
    store.room = 1_000;
    spend.record(5);
    expect(JSON.parse(store.get(DEFAULT_SPEND_KEY)!)).toEqual({ day: "2025-01-15", spent: 35 });
    expect(spend.spentToday()).toBe(35);
  });
});
