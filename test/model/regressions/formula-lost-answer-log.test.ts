// Found by the model (test/model, KNOWN_BUGS "formula-lost"): a formula whose answer is lost after the
// service charged it leaves the charge out of the Enrichment log. Shrunk sequence (npm run model -- --bugs
// formula-lost --seed 5 --runs 10: path "8:0:0:0:0:0:0:1:0"), F!A2:A7 = org0, blank, org0, unknown.example,
// unknown.example, org0:
//   formula range (fault delay: held past UrlFetch's deadline)
// (first found with a truncated body over blank, org0 ×5, as written here; same outcome).
// The ledger charged 2 credits (org0's industry); the log says 0 charged and 0 possibly charged. The
// standard: the Enrichment log always equals what the ledger charged (a lost answer as "possibly charged").
// Marked it.fails until the fix lands; the lead flips it.
import { describe, expect, it } from "vitest";
import { addFault, charged, clearFaults, createWorld, logFacts } from "../world.ts";

describe("a formula's lost answer (model regression)", () => {
  it.fails("is in the Enrichment log as possibly charged, so the log covers the ledger", async () => {
    const w = await createWorld();
    const org0 = w.pool[0]!;
    w.gas.sheet("F").set("A2", [[null], [org0], [org0], [org0], [org0], [org0]]);
    addFault(w, { path: "/v9/organizations", body: "truncated", count: 1 });
    w.gas.formula("F!B2", '=ORG_ATTR(A2:A7,"industry")');
    clearFaults(w);
    // Any execution that may write the sheet appends the formulas' waiting log rows.
    w.gas.run("getSettings");
    expect(charged(w)).toBe(2);
    // Today: [] — the charge is nowhere in the log.
    expect(logFacts(w).map((fact) => [fact.kind, fact.credits])).toEqual([["possibly", 2]]);
  });
});
