// Formula requests whose execution died with them out: found once their sender surely ended, worded for the
// log, and marked so that no later sweep logs them again.
import { describe, expect, it } from "vitest";
import { deadRequests } from "../../../src/core/spending/dead-requests.ts";
import {
  decodeIntent,
  encodeIntent,
  FORMULA_INTENT_PREFIX,
  LOOKUP_INTENT_PREFIX,
  loggedIntent,
} from "../../../src/core/spending/formula-intents.ts";

const ALIVE = 420_000;
const org = (key: string, value: string) => ({ [`${FORMULA_INTENT_PREFIX}${key}`]: value });

describe("dead formula requests", () => {
  it("an organizations request is dead from its endsBy on, not a millisecond before", () => {
    const all = org(
      "a:0",
      encodeIntent(1_000, ["a:industry", "m:tech:salesforce:people_count:"], ["acme.com"], 4, 31_000),
    );
    expect(deadRequests(all, 30_999, ALIVE)).toEqual([]);
    expect(deadRequests(all, 31_000, ALIVE)).toEqual([
      {
        key: `${FORMULA_INTENT_PREFIX}a:0`,
        marked: JSON.stringify([
          1,
          1_000,
          ["a:industry", "m:tech:salesforce:people_count:"],
          decodeIntentHashes(all),
          4,
          31_000,
          1,
        ]),
        what: "ORG_ATTR (Industry, salesforce people_count)",
        most: 4,
      },
    ]);
  });

  it("without endsBy (a sidebar execution's lookup) it waits aliveMs after it was sent", () => {
    const all = { [`${LOOKUP_INTENT_PREFIX}b:0`]: encodeIntent(1_000, ["lookup:title"], ["cto"], 1) };
    expect(deadRequests(all, 1_000 + ALIVE - 1, ALIVE)).toEqual([]);
    expect(deadRequests(all, 1_000 + ALIVE, ALIVE).map((d) => [d.what, d.most])).toEqual([
      ["job title lookups", 1],
    ]);
  });

  it("words each lookup kind, and an unknown one as text", () => {
    const all = {
      [`${LOOKUP_INTENT_PREFIX}c:0`]: encodeIntent(0, ["lookup:tech"], ["k8s"], 1, 10),
      [`${LOOKUP_INTENT_PREFIX}c:1`]: encodeIntent(0, ["lookup:category"], ["crm"], 2, 10),
      [`${LOOKUP_INTENT_PREFIX}c:2`]: encodeIntent(0, ["lookup:other"], ["x"], 3, 10),
    };
    expect(deadRequests(all, 10, ALIVE).map((d) => [d.what, d.most])).toEqual([
      ["technology lookups", 1],
      ["category lookups", 2],
      ["text lookups", 3],
    ]);
  });

  it("leaves logged ones, priceless ones (an earlier version's), unreadable ones and other keys alone", () => {
    const all = {
      ...org("d:0", loggedIntent(encodeIntent(0, ["a:industry"], ["acme.com"], 2, 10))!),
      ...org("d:1", JSON.stringify([1, 0, ["a:industry"], "0000000"])),
      ...org("d:2", "not json"),
      "paid:logrow:x": encodeIntent(0, ["a:industry"], ["acme.com"], 2, 10),
    };
    expect(deadRequests(all, 1_000_000, ALIVE)).toEqual([]);
  });

  it("lists them in key order (the order they were sent)", () => {
    const all = {
      ...org("f:0", encodeIntent(0, ["a:industry"], ["b.com"], 2, 10)),
      ...org("e:0", encodeIntent(0, ["a:industry"], ["a.com"], 2, 10)),
    };
    expect(deadRequests(all, 10, ALIVE).map((d) => d.key)).toEqual([
      `${FORMULA_INTENT_PREFIX}e:0`,
      `${FORMULA_INTENT_PREFIX}f:0`,
    ]);
  });
});

describe("an intent's price, end and logged mark", () => {
  it("round-trips most, endsBy and logged; an older value reads as 0, 0, not logged", () => {
    const value = encodeIntent(5, ["a:industry"], ["acme.com"], 7, 35);
    expect(decodeIntent(value)).toMatchObject({ sentAt: 5, most: 7, endsBy: 35, logged: false });
    expect(decodeIntent(loggedIntent(value)!)).toMatchObject({ most: 7, endsBy: 35, logged: true });
    const older = JSON.stringify([1, 5, ["a:industry"], "0000000"]);
    expect(decodeIntent(older)).toMatchObject({ most: 0, endsBy: 0, logged: false });
    expect(JSON.parse(loggedIntent(older)!)).toEqual([1, 5, ["a:industry"], "0000000", 0, 0, 1]);
  });

  it("refuses a bad price, end or mark, and more than seven parts", () => {
    const base = [1, 5, ["a:industry"], "0000000"];
    for (const tail of [[-1], ["2"], [1, -1], [1, "x"], [1, 1, 2], [1, 1, 1, 0]])
      expect(decodeIntent(JSON.stringify([...base, ...tail]))).toBeNull();
    expect(loggedIntent("nope")).toBeNull();
  });
});

function decodeIntentHashes(all: Record<string, string>): string {
  return JSON.parse(Object.values(all)[0]!)[3];
}
