// The formulas' request intents: the compact value's round trip and size, values it cannot read, room.
import { describe, expect, it } from "vitest";
import {
  AFTER_ANSWER_BYTES,
  clearFormulaIntents,
  decodeIntent,
  encodeIntent,
  FORMULA_INTENT_FULL_MESSAGE,
  FORMULA_INTENT_PREFIX,
  FormulaIntents,
  HASH_CHARS,
  intentHash,
  LOOKUP_INTENT_PREFIX,
  openIntents,
} from "../../../src/core/spending/formula-intents.ts";
import { PROPERTY_STORE_BYTES, PROPERTY_VALUE_BYTES } from "../../../src/core/spending/storage-budget.ts";
import { utf8ByteLength } from "../../../src/core/text/utf8.ts";
import { memoryProperties } from "../functions/formula-world.ts";

const SENT = Date.UTC(2026, 10, 26, 8, 0, 0);
/** Organization keys as identifiers.ts makes them: long domains, some not ASCII. */
const keys = (n: number) =>
  Array.from({ length: n }, (_, i) => `url:a-rather-long-company-name-${i}.münchen.example`);
const FIELDS = ["a:industry", "a:employee_count", "m:technology:kubernetes:count:2026-01-01"];

describe("the compact intent value", () => {
  it("round-trips: the time, the fields and every organization's hash", () => {
    const orgs = keys(5);
    const intent = decodeIntent(encodeIntent(SENT, FIELDS, orgs))!;
    expect(intent.sentAt).toBe(SENT);
    expect(intent.fieldKeys).toEqual(FIELDS);
    expect([...intent.hashes].sort()).toEqual(orgs.map(intentHash).sort());
    for (const hash of intent.hashes) expect(hash).toMatch(/^[0-9a-z]{7}$/);
  });

  it("1,000 organizations (a full request body) take 7 characters each, well under the 9 KB a value holds", () => {
    const text = encodeIntent(SENT, FIELDS, keys(1_000));
    const bytes = utf8ByteLength(text);
    expect(bytes).toBeLessThan(1_000 * HASH_CHARS + 200);
    expect(bytes).toBeLessThan(PROPERTY_VALUE_BYTES - 2_000);
    expect(decodeIntent(text)!.hashes.size).toBe(1_000);
  });

  it("a value it cannot read (another format, edited by hand) is no intent: null, never a throw", () => {
    const good = JSON.parse(encodeIntent(SENT, FIELDS, keys(2))) as unknown[];
    const bad = [
      "",
      "not json",
      "null",
      "{}",
      JSON.stringify([2, ...good.slice(1)]),
      JSON.stringify([1, "yesterday", FIELDS, good[3]]),
      JSON.stringify([1, SENT, "a:industry", good[3]]),
      JSON.stringify([1, SENT, [1], good[3]]),
      JSON.stringify([1, SENT, FIELDS, `${good[3]}x`]),
      JSON.stringify([1, SENT, FIELDS, "ABCDEFG"]),
      JSON.stringify([1, SENT, FIELDS]),
    ];
    for (const text of bad) expect(decodeIntent(text)).toBeNull();
  });
});

describe("which organizations an open intent holds back", () => {
  const store = (values: Record<string, string>) => ({ [`${FORMULA_INTENT_PREFIX}x:0`]: "", ...values });

  it("those in a request asking one of the fields, by the oldest such request's time", () => {
    const [a, b, c] = keys(3) as [string, string, string];
    const all = store({
      [`${FORMULA_INTENT_PREFIX}k1:0`]: encodeIntent(SENT, ["a:industry"], [a, b]),
      [`${FORMULA_INTENT_PREFIX}k2:0`]: encodeIntent(SENT - 5_000, ["a:industry", "a:name"], [b]),
      [`${FORMULA_INTENT_PREFIX}k3:0`]: encodeIntent(SENT - 9_000, ["a:employee_count"], [c]),
      // Not an intent key, though it reads as one.
      "dc:b0": encodeIntent(SENT, ["a:industry"], [c]),
    });
    expect(openIntents(all, [a, b, c], ["a:industry"])).toEqual(
      new Map([
        [a, SENT],
        [b, SENT - 5_000],
      ]),
    );
    expect(openIntents(all, [a, b, c], ["a:employee_count"])).toEqual(new Map([[c, SENT - 9_000]]));
  });

  it("a hand-edited value holds nothing back and stays until cleared", () => {
    const [a] = keys(1) as [string];
    const properties = memoryProperties({
      [`${FORMULA_INTENT_PREFIX}k:0`]: `${encodeIntent(SENT, FIELDS, [a])}!`,
    });
    const intents = new FormulaIntents(properties, () => "n");
    expect(intents.held([a], FIELDS)).toEqual(new Map());
    expect(clearFormulaIntents(properties)).toBe(1);
    expect(properties.values).toEqual({});
  });
});

describe("opening and settling", () => {
  it("writes every body in one write, each under its own key, and settles them one by one", () => {
    const properties = memoryProperties({ other: "x" });
    let writes = 0;
    const counted = {
      ...properties,
      write: (values: Record<string, string>) => {
        writes++;
        properties.write(values);
      },
    };
    const intents = new FormulaIntents(counted, () => "ab");
    const orgs = keys(1_500);
    const opened = intents.open(
      [
        { entityKeys: orgs.slice(0, 1_000), fieldKeys: ["a:industry"] },
        { entityKeys: orgs.slice(1_000), fieldKeys: ["a:industry"] },
      ],
      SENT,
    );
    expect(writes).toBe(1);
    expect(opened).toEqual([
      `${FORMULA_INTENT_PREFIX}${SENT.toString(36)}ab:0`,
      `${FORMULA_INTENT_PREFIX}${SENT.toString(36)}ab:1`,
    ]);
    expect(intents.held(orgs, ["a:industry"]).size).toBe(1_500);
    intents.settle([opened[0]!]);
    expect(Object.keys(properties.values).sort()).toEqual(["other", opened[1]!]);
    expect(intents.held(orgs, ["a:industry"]).size).toBe(500);
    intents.settle([opened[1]!]);
    expect(properties.values).toEqual({ other: "x" });
  });

  it("a store without room for the intent and an answer's bookkeeping writes nothing and says so", () => {
    const orgs = keys(20);
    const value = encodeIntent(SENT, ["a:industry"], orgs);
    const key = `${FORMULA_INTENT_PREFIX}${SENT.toString(36)}ab:0`;
    const fill = (free: number) => ({ filler: "x".repeat(PROPERTY_STORE_BYTES - "filler".length - free) });
    const need = key.length + value.length + AFTER_ANSWER_BYTES;
    const short = memoryProperties(fill(need - 1));
    expect(() =>
      new FormulaIntents(short, () => "ab").open([{ entityKeys: orgs, fieldKeys: ["a:industry"] }], SENT),
    ).toThrow(FORMULA_INTENT_FULL_MESSAGE);
    expect(Object.keys(short.values)).toEqual(["filler"]);
    const enough = memoryProperties(fill(need));
    new FormulaIntents(enough, () => "ab").open([{ entityKeys: orgs, fieldKeys: ["a:industry"] }], SENT);
    expect(enough.values[key]).toBe(value);
  });

  it("a store that refuses the write for room says the same; another failure is passed on as it is", () => {
    const refusing = (message: string) => ({
      ...memoryProperties(),
      write: () => {
        throw new Error(message);
      },
    });
    const open = (message: string) =>
      new FormulaIntents(refusing(message), () => "ab").open(
        [{ entityKeys: keys(1), fieldKeys: FIELDS }],
        SENT,
      );
    expect(() => open("You have exceeded the property storage quota.")).toThrow(FORMULA_INTENT_FULL_MESSAGE);
    expect(() => open("Service unavailable")).toThrow("Service unavailable");
  });

  it("a lookup's intent goes under its own prefix, holds only its own kind, and is cleared with the others", () => {
    const properties = memoryProperties({ other: "x" });
    const intents = new FormulaIntents(properties, () => "ab");
    const [org] = intents.open([{ entityKeys: ["k8s"], fieldKeys: ["a:industry"] }], SENT);
    const [lookup] = intents.open(
      [{ entityKeys: ["k8s"], fieldKeys: ["lookup:tech"] }],
      SENT + 1,
      LOOKUP_INTENT_PREFIX,
    );
    expect(org).toBe(`${FORMULA_INTENT_PREFIX}${SENT.toString(36)}ab:0`);
    expect(lookup).toBe(`${LOOKUP_INTENT_PREFIX}${(SENT + 1).toString(36)}ab:0`);
    expect(intents.held(["k8s"], ["lookup:tech"])).toEqual(new Map([["k8s", SENT + 1]]));
    expect(intents.held(["k8s"], ["lookup:title"])).toEqual(new Map());
    expect(intents.held(["k8s"], ["a:industry"])).toEqual(new Map([["k8s", SENT]]));
    expect(clearFormulaIntents(properties)).toBe(2);
    expect(properties.values).toEqual({ other: "x" });
  });
});
