// The sidebar's credit record: balances it read itself, newer ones from any paid response, and the
// "last top-up" (highest balance seen) kept per key.
import { describe, expect, it } from "vitest";
import {
  type CreditsRecord,
  countDay,
  creditsView,
  observeBalance,
  parseCreditsRecord,
  reconcileBalance,
} from "../../../src/server/settings/credits-record.ts";

const at = "2026-03-10T12:00:00.000Z";
const DAY = "2026-03-10";

describe("observeBalance", () => {
  it("starts a record with the balance as its top-up", () => {
    const record = observeBalance(null, { key: "k1", remaining: 5000, at, latest: 5000 });
    expect(record).toEqual({ key: "k1", remaining: 5000, asOf: at, topUp: 5000, seen: 5000 });
  });

  it("marks the latest paid response of that moment as older than its own reading", () => {
    // A key check reads the new key's balance while the latest response is still the old key's.
    const record = observeBalance(null, { key: "k2", remaining: 300, at, latest: 50_000 });
    expect(creditsView(reconcileBalance(record, { key: "k2", latest: 50_000 }), DAY)).toEqual({
      spentToday: 0,
      remaining: 300,
      asOf: at,
      topUp: 300,
    });
  });

  it("keeps the highest balance seen for the same key", () => {
    const first = observeBalance(null, { key: "k1", remaining: 5000, at, latest: 5000 });
    const second = observeBalance(first, { key: "k1", remaining: 4200, at, latest: 4200 });
    expect(creditsView(second, DAY)).toEqual({ spentToday: 0, remaining: 4200, asOf: at, topUp: 5000 });
    const toppedUp = observeBalance(second, { key: "k1", remaining: 9000, at, latest: 9000 });
    expect(creditsView(toppedUp, DAY)?.topUp).toBe(9000);
  });

  it("forgets another key's top-up", () => {
    const first = observeBalance(null, { key: "k1", remaining: 50_000, at, latest: 50_000 });
    expect(
      creditsView(observeBalance(first, { key: "k2", remaining: 300, at, latest: 50_000 }), DAY)?.topUp,
    ).toBe(300);
  });
});

describe("reconcileBalance", () => {
  const read = observeBalance(null, { key: "k1", remaining: 5000, at, latest: 5000 });

  it("keeps the sidebar's own reading while the latest paid response is the same figure", () => {
    expect(reconcileBalance(read, { key: "k1", latest: 5000 })).toEqual(read);
    expect(reconcileBalance(read, { key: "k1", latest: null })).toEqual(read);
  });

  it("takes a newer figure from a paid response, without a time it was read", () => {
    const next = reconcileBalance(read, { key: "k1", latest: 4870 });
    expect(creditsView(next, DAY)).toEqual({ spentToday: 0, remaining: 4870, asOf: null, topUp: 5000 });
    // Seen once, it is not taken again over a later reading of the sidebar's own.
    const reread = observeBalance(next, { key: "k1", remaining: 4800, at, latest: 4870 });
    expect(creditsView(reconcileBalance(reread, { key: "k1", latest: 4870 }), DAY)?.remaining).toBe(4800);
  });

  it("adopts the latest paid response when the sidebar has no record yet", () => {
    expect(creditsView(reconcileBalance(null, { key: "k1", latest: 700 }), DAY)).toEqual({
      spentToday: 0,
      remaining: 700,
      asOf: null,
      topUp: 700,
    });
    expect(creditsView(reconcileBalance(null, { key: "k1", latest: null }), DAY)).toBeNull();
  });

  it("sets aside the old key's figure when the key changes, until a newer response arrives", () => {
    const switched = reconcileBalance(read, { key: "k2", latest: 5000 });
    expect(creditsView(switched, DAY)).toBeNull();
    expect(creditsView(reconcileBalance(switched, { key: "k2", latest: 5000 }), DAY)).toBeNull();
    expect(creditsView(reconcileBalance(switched, { key: "k2", latest: 120 }), DAY)).toEqual({
      spentToday: 0,
      remaining: 120,
      asOf: null,
      topUp: 120,
    });
  });
});

describe("parseCreditsRecord", () => {
  const record: CreditsRecord = { key: "k1", remaining: 10, asOf: at, topUp: 20, seen: 10 };

  it("reads what was stored, today's count included", () => {
    expect(parseCreditsRecord(JSON.stringify(record))).toEqual({ ...record, day: null, dayStart: null });
    const daily = { ...record, day: DAY, dayStart: 9_000 };
    expect(parseCreditsRecord(JSON.stringify(daily))).toEqual(daily);
    const empty = { ...record, remaining: null, asOf: null, seen: null };
    expect(parseCreditsRecord(JSON.stringify(empty))).toEqual({ ...empty, day: null, dayStart: null });
  });

  it.each([
    ["nothing", null],
    ["not JSON", "{"],
    ["not an object", "[]"],
    ["a key that is not text", JSON.stringify({ ...record, key: 1 })],
    ["a balance that is not a number", JSON.stringify({ ...record, remaining: "10" })],
    ["a top-up that is not a number", JSON.stringify({ ...record, topUp: null })],
    ["a time that is not text", JSON.stringify({ ...record, asOf: 5 })],
  ])("reads %s as no record", (_name, text) => {
    expect(parseCreditsRecord(text)).toBeNull();
  });
});

describe("countDay", () => {
  const base = observeBalance(null, { key: "k1", remaining: 10_000, at, latest: 10_000 });

  it("counts today's spending from the last balance seen before today, and through a top-up", () => {
    const yesterday = countDay(null, base, "2026-03-09");
    const morning = countDay(yesterday, { ...yesterday, remaining: 9_400 }, DAY);
    expect(creditsView(morning, DAY)?.spentToday).toBe(600);
    const later = countDay(morning, { ...morning, remaining: 9_000 }, DAY);
    expect(creditsView(later, DAY)?.spentToday).toBe(1_000);
    // 5,000 bought, then 200 spent: today still counts what was spent, not the top-up.
    const topped = countDay(later, { ...later, remaining: 14_000 }, DAY);
    const after = countDay(topped, { ...topped, remaining: 13_800 }, DAY);
    expect(creditsView(after, DAY)?.spentToday).toBe(1_200);
  });

  it("starts from zero on a new day, for a new key, and for a first balance", () => {
    const first = countDay(null, base, DAY);
    expect(creditsView(first, DAY)?.spentToday).toBe(0);
    const spent = countDay(first, { ...first, remaining: 9_000 }, DAY);
    expect(creditsView(spent, "2026-03-11")?.spentToday).toBe(0);
    const other = countDay(spent, { ...spent, key: "k2", remaining: 500 }, DAY);
    expect(creditsView(other, DAY)?.spentToday).toBe(0);
  });
});
