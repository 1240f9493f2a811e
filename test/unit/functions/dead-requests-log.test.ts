// The sweep's side in the server: a dead request becomes one possibly-charged row, worded for what it asked,
// and its intent is marked so that the next sweep finds nothing.
import { describe, expect, it } from "vitest";
import {
  encodeIntent,
  FORMULA_INTENT_PREFIX,
  LOOKUP_INTENT_PREFIX,
} from "../../../src/core/spending/formula-intents.ts";
import { LOOKUP_NOT_REPEATED } from "../../../src/functions/lookups.ts";
import { FORMULA_NOT_REPEATED } from "../../../src/functions/org-fetch.ts";
import { ALIVE_MS, anyDeadRequest, takeDeadRequests } from "../../../src/server/formulas/dead-requests.ts";

function store(values: Record<string, string>) {
  return {
    values,
    all: () => ({ ...values }),
    put: (key: string, value: string) => {
      values[key] = value;
    },
  };
}

describe("the sweep of dead formula requests", () => {
  it("logs a lookup and an organizations request once (in key order), each with its own words, and marks both", () => {
    const s = store({
      [`${FORMULA_INTENT_PREFIX}a:0`]: encodeIntent(0, ["a:industry"], ["acme.com"], 2, 30_000),
      [`${LOOKUP_INTENT_PREFIX}a:0`]: encodeIntent(0, ["lookup:title"], ["cto"], 1, 30_000),
    });
    expect(anyDeadRequest(s, 29_999)).toBe(false);
    expect(anyDeadRequest(s, 30_000)).toBe(true);
    const { rows, credits } = takeDeadRequests(s, 30_000);
    expect(credits).toBe(3);
    const at = new Date(30_000);
    expect(rows).toEqual([
      [
        at,
        "Formulas: job title lookups",
        0,
        1,
        "",
        `1 credit possibly charged: an answer was lost after its request went out; ${LOOKUP_NOT_REPEATED}.`,
      ],
      [
        at,
        "Formulas: ORG_ATTR (Industry)",
        0,
        2,
        "",
        `2 credits possibly charged: an answer was lost after its request went out; ${FORMULA_NOT_REPEATED}.`,
      ],
    ]);
    expect(anyDeadRequest(s, 30_000)).toBe(false);
    expect(takeDeadRequests(s, 60_000)).toEqual({ rows: [], credits: 0 });
  });

  it("waits ALIVE_MS for a request that does not say when its execution ends", () => {
    const s = store({ [`${LOOKUP_INTENT_PREFIX}b:0`]: encodeIntent(0, ["lookup:title"], ["cto"], 1) });
    expect(ALIVE_MS).toBe(420_000);
    expect(anyDeadRequest(s, ALIVE_MS - 1)).toBe(false);
    expect(anyDeadRequest(s, ALIVE_MS)).toBe(true);
  });

  it("no document: nothing to sweep", () => {
    expect(anyDeadRequest(null, 1e12)).toBe(false);
    expect(takeDeadRequests(null, 1e12)).toEqual({ rows: [], credits: 0 });
  });
});
