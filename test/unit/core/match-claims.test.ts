// The match memory's rows read as each organization's state: a recorded id wins, then the first live
// in-flight mark in row order (so two executions agree which buys), an expired mark frees the organization.
import { describe, expect, it } from "vitest";
import {
  CLAIM_EXPIRES_MS,
  IN_FLIGHT,
  matchStates,
  NOT_FOUND,
  RELEASED,
} from "../../../src/core/organizations/match-claims.ts";

const NOW = Date.UTC(2026, 0, 5, 9);
const at = (msAgo: number) => new Date(NOW - msAgo);

describe("matchStates", () => {
  it("prefers a recorded id, then the first live mark; an expired or released mark frees the organization", () => {
    const rows = [
      ["url:a.com", IN_FLIGHT, at(1_000), "t1"],
      ["url:a.com", 12, at(500), "t2"],
      ["url:b.com", IN_FLIGHT, at(2_000), "t1"],
      ["url:b.com", IN_FLIGHT, at(1_000), "t2"],
      ["url:c.com", IN_FLIGHT, at(CLAIM_EXPIRES_MS + 1), "t1"],
      ["url:d.com", RELEASED, at(1_000), "t1"],
    ];
    const states = matchStates(rows, ["url:a.com", "url:b.com", "url:c.com", "url:d.com", "url:e.com"], NOW);
    expect(Object.fromEntries(states)).toEqual({
      "url:a.com": { kind: "known", id: 12 },
      "url:b.com": { kind: "claimed", token: "t1" },
      "url:c.com": { kind: "free" },
      "url:d.com": { kind: "free" },
      "url:e.com": { kind: "free" },
    });
  });

  it("settles a wait on the awaited execution's not-found answer, not another's", () => {
    const rows = [
      ["url:a.com", NOT_FOUND, at(1_000), "t1"],
      ["url:b.com", NOT_FOUND, at(1_000), "t9"],
      ["url:b.com", IN_FLIGHT, at(900), "t2"],
    ];
    const awaited = new Map([
      ["url:a.com", "t1"],
      ["url:b.com", "t2"],
    ]);
    expect(Object.fromEntries(matchStates(rows, [...awaited.keys()], NOW, awaited))).toEqual({
      "url:a.com": { kind: "not-found" },
      "url:b.com": { kind: "claimed", token: "t2" },
    });
  });
});
