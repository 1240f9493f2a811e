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

  it("a store refusing reads (the day's properties quota): no row, the intents wait; the add-on's own errors surface", () => {
    const quota = Object.assign(new Error("Service invoked too many times for one day: properties."), {
      name: "Exception",
    });
    const refusing = {
      all: (): Record<string, string> => {
        throw quota;
      },
      put: () => {},
    };
    expect(anyDeadRequest(refusing, 1e12)).toBe(false);
    expect(takeDeadRequests(refusing, 1e12)).toEqual({ rows: [], credits: 0 });
    const broken = {
      all: (): Record<string, string> => {
        throw new TypeError("bug");
      },
      put: () => {},
    };
    expect(() => anyDeadRequest(broken, 1e12)).toThrow(TypeError);
    expect(() => takeDeadRequests(broken, 1e12)).toThrow(TypeError);
  });

  it("a store refusing a write midway: rows only for the requests marked, the rest found by a later sweep", () => {
    const quota = Object.assign(new Error("Service invoked too many times for one day: properties."), {
      name: "Exception",
    });
    const values: Record<string, string> = {
      [`${FORMULA_INTENT_PREFIX}a:0`]: encodeIntent(0, ["a:industry"], ["acme.com"], 2, 30_000),
      [`${FORMULA_INTENT_PREFIX}b:0`]: encodeIntent(0, ["a:industry"], ["beta.com"], 4, 30_000),
    };
    let writes = 0;
    const s = {
      all: () => ({ ...values }),
      put: (key: string, value: string) => {
        if (++writes > 1) throw quota;
        values[key] = value;
      },
    };
    const first = takeDeadRequests(s, 30_000);
    expect(first.credits).toBe(2);
    expect(first.rows.map((row) => row[3])).toEqual([2]);
    writes = 0;
    const second = takeDeadRequests(s, 30_000);
    expect(second.credits).toBe(4);
    expect(takeDeadRequests(s, 30_000)).toEqual({ rows: [], credits: 0 });
    const broken = {
      all: () => ({
        ...values,
        [`${FORMULA_INTENT_PREFIX}c:0`]: encodeIntent(0, ["a:industry"], ["c.com"], 1, 30_000),
      }),
      put: () => {
        throw new RangeError("bug");
      },
    };
    expect(() => takeDeadRequests(broken, 30_000)).toThrow(RangeError);
  });
});
