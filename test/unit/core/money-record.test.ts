// The one money record: every paid answer's charge counted once, the newest balance kept, the day's counts
// starting at 00:00, and a copy further along chosen over one behind.
import { describe, expect, it } from "vitest";
import {
  foldPaid,
  foldPossibly,
  foldRead,
  furthest,
  type MoneyRecord,
  moneyView,
  type PaidAnswer,
  parseMoneyRecord,
} from "../../../src/core/spending/money-record.ts";

const DAY = "2026-03-10";
const answer = (
  creditsUsed: number,
  creditsRemaining: number,
  at: string,
  byFormula = false,
): PaidAnswer => ({
  key: "k1",
  creditsUsed,
  creditsRemaining,
  at: `${DAY}T${at}:00.000Z`,
  byFormula,
});

describe("foldPaid", () => {
  it("sums every answer's charge, formulas' apart, and keeps the latest balance", () => {
    let record: MoneyRecord | null = null;
    record = foldPaid(record, answer(63, 999_937, "09:00", true), DAY);
    record = foldPaid(record, answer(40, 999_897, "09:05"), DAY);
    record = foldPaid(record, answer(31, 999_866, "09:06"), DAY);
    expect(moneyView(record, "k1", DAY)).toEqual({
      remaining: 999_866,
      asOf: `${DAY}T09:06:00.000Z`,
      from: "paid",
      topUp: 999_937,
      spentToday: 134,
      formulasToday: 63,
      possiblyToday: 0,
      balanceBeforeLoss: false,
      version: `k1|${DAY}|3|${DAY}T09:06:00.000Z|999866|0`,
    });
    expect(record.answers).toBe(3);
  });

  it("counts an answer folded late, but keeps the newer balance", () => {
    let record = foldPaid(null, answer(10, 90, "09:10"), DAY);
    record = foldPaid(record, answer(5, 100, "09:00"), DAY);
    expect(moneyView(record, "k1", DAY)).toMatchObject({ remaining: 90, spentToday: 15 });
  });

  it("starts the counts again on a new day, keeping the balance", () => {
    const yesterday = foldPaid(
      null,
      { ...answer(50, 950, "22:00"), at: "2026-03-09T22:00:00.000Z" },
      "2026-03-09",
    );
    expect(moneyView(yesterday, "k1", DAY)).toMatchObject({
      remaining: 950,
      spentToday: 0,
      formulasToday: 0,
    });
    const today = foldPaid(yesterday, answer(7, 943, "08:00", true), DAY);
    expect(moneyView(today, "k1", DAY)).toMatchObject({ remaining: 943, spentToday: 7, formulasToday: 7 });
  });

  it("starts afresh for another key, and shows nothing for a key it does not hold", () => {
    const first = foldPaid(null, answer(50, 950, "08:00"), DAY);
    const other = foldPaid(first, { ...answer(3, 20, "08:01"), key: "k2" }, DAY);
    expect(moneyView(other, "k2", DAY)).toMatchObject({ remaining: 20, spentToday: 3, topUp: 20 });
    expect(moneyView(other, "k1", DAY)).toBeNull();
  });
});

describe("foldRead", () => {
  it("takes a balance the sidebar read, spends nothing, and says where it came from", () => {
    const paid = foldPaid(null, answer(10, 990, "09:00"), DAY);
    const read = foldRead(paid, { key: "k1", remaining: 2_000, at: `${DAY}T09:30:00.000Z` }, DAY);
    expect(moneyView(read, "k1", DAY)).toEqual({
      remaining: 2_000,
      asOf: `${DAY}T09:30:00.000Z`,
      from: "read",
      topUp: 2_000,
      spentToday: 10,
      formulasToday: 0,
      possiblyToday: 0,
      balanceBeforeLoss: false,
      version: `k1|${DAY}|1|${DAY}T09:30:00.000Z|2000|0`,
    });
  });

  it("leaves a newer paid balance alone", () => {
    const paid = foldPaid(null, answer(10, 990, "09:00"), DAY);
    expect(foldRead(paid, { key: "k1", remaining: 1_000, at: `${DAY}T08:59:00.000Z` }, DAY)).toEqual(paid);
  });
});

describe("foldPossibly", () => {
  const lost = (credits: number, at: string) => ({ key: "k1", credits, at: `${DAY}T${at}:00.000Z` });

  it("counts a lost answer's possible charge apart, and marks the balance before it as behind", () => {
    let record = foldPaid(null, answer(20, 980, "09:00"), DAY);
    record = foldPossibly(record, lost(100, "09:01"), DAY);
    expect(moneyView(record, "k1", DAY)).toMatchObject({
      remaining: 980,
      spentToday: 20,
      possiblyToday: 100,
      balanceBeforeLoss: true,
    });
    // A balance read after the loss is the ledger's: no longer behind; the possible charge stays counted.
    record = foldRead(record, { key: "k1", remaining: 880, at: `${DAY}T09:02:00.000Z` }, DAY);
    expect(moneyView(record, "k1", DAY)).toMatchObject({
      remaining: 880,
      possiblyToday: 100,
      balanceBeforeLoss: false,
    });
  });

  it("takes back a settled amount, never below nothing, and starts again on a new day", () => {
    let record = foldPossibly(null, lost(50, "09:00"), DAY);
    record = foldPossibly(record, lost(-30, "09:05"), DAY);
    expect(record.possibly).toBe(20);
    expect(foldPossibly(record, lost(-80, "09:06"), DAY).possibly).toBe(0);
    expect(foldPossibly(record, lost(5, "09:00"), "2026-03-11").possibly).toBe(5);
  });

  it("reads a record kept before lost answers were counted as having none", () => {
    const { possibly: _p, lostAt: _l, ...older } = foldPaid(null, answer(4, 96, "09:00"), DAY);
    expect(parseMoneyRecord(JSON.stringify(older))).toMatchObject({ possibly: 0, lostAt: null });
  });
});

describe("furthest and parseMoneyRecord", () => {
  it("prefers the copy with more answers, then the later day", () => {
    const one = foldPaid(null, answer(1, 99, "09:00"), DAY);
    const two = foldPaid(one, answer(1, 98, "09:01"), DAY);
    expect(furthest(one, two)).toBe(two);
    expect(furthest(two, one)).toBe(two);
    expect(furthest(null, one)).toBe(one);
    const tomorrow = foldPaid(null, answer(1, 97, "09:00"), "2026-03-11");
    expect(furthest(two, tomorrow)).toBe(tomorrow);
  });

  it("reads back what it wrote and refuses anything else", () => {
    const record = foldPaid(null, answer(4, 96, "09:00", true), DAY);
    expect(parseMoneyRecord(JSON.stringify(record))).toEqual(record);
    expect(parseMoneyRecord(null)).toBeNull();
    expect(parseMoneyRecord("{")).toBeNull();
    // The shape the sidebar kept before this record: not taken for it.
    expect(
      parseMoneyRecord(JSON.stringify({ key: "k1", remaining: 5, asOf: null, topUp: 5, seen: null })),
    ).toBeNull();
    expect(parseMoneyRecord(JSON.stringify({ ...record, spent: "4" }))).toBeNull();
  });
});
