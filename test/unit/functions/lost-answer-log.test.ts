// A formula request whose answer is lost after the service charged it leaves a "possibly charged" log row
// for the most that request could cost: organizations per body, lookups per part; answered bodies log as
// charges, refused ones log nothing.
import { describe, expect, it } from "vitest";
import type { FormulaCharge, FormulaLoss } from "../../../src/functions/formula-env.ts";
import { LOOKUP_NOT_REPEATED, lookupTitles } from "../../../src/functions/lookups.ts";
import { orgAttr } from "../../../src/functions/org-attr.ts";
import { FORMULA_NOT_REPEATED } from "../../../src/functions/org-fetch.ts";
import { formulaWorld } from "./formula-world.ts";

function loggingWorld() {
  const w = formulaWorld();
  const charges: FormulaCharge[] = [];
  const losses: FormulaLoss[] = [];
  w.env.logCharge = (charge) => charges.push(charge);
  w.env.logPossible = (loss) => losses.push(loss);
  return { ...w, charges, losses };
}

describe("a formula's lost answer in the Enrichment log", () => {
  it("one lost body: a possibly-charged row for its most (every organization it asked), no charge row", () => {
    const w = loggingWorld();
    w.service.loseNext = [true];
    const ids = [["acme.com"], ["globex.com"], ["nobody.example"], ["acme.com"]];
    expect(() => orgAttr(w.env, ids, "employee_count")).toThrow();
    // The service charged acme and globex (2 each); the unknown one would have cost 2 had it matched.
    expect(w.service.creditsCharged).toBe(4);
    expect(w.losses).toEqual([
      { what: "ORG_ATTR (Employee count)", credits: 6, notRepeated: FORMULA_NOT_REPEATED },
    ]);
    expect(w.charges).toEqual([]);
  });

  it("two bodies, the first lost: only its most is possibly charged; the answered one is a charge", () => {
    const w = loggingWorld();
    expect(orgAttr(w.env, "acme.com", "name")).toBe("Acme");
    w.charges.length = 0;
    // acme lacks only employee_count (2 credits); globex lacks both (2 credits): two bodies.
    w.service.loseNext = [true, false];
    expect(() => orgAttr(w.env, [["acme.com"], ["globex.com"]], "name, employee_count")).toThrow();
    expect(w.service.requests.slice(1).map((r) => r.body.select.attributes)).toEqual([
      ["id", "employee_count"],
      ["id", "name", "employee_count"],
    ]);
    expect(w.losses).toEqual([
      { what: "ORG_ATTR (Employee count)", credits: 2, notRepeated: FORMULA_NOT_REPEATED },
    ]);
    expect(w.charges.map((c) => [c.what, c.rows, c.creditsUsed])).toEqual([
      ["ORG_ATTR (Name, Employee count)", 1, 2],
    ]);
  });

  it("a refused request is no loss: nothing possibly charged", () => {
    const w = loggingWorld();
    w.service.failNext = [401];
    expect(() => orgAttr(w.env, [["acme.com"]], "employee_count")).toThrow(/rejected the API key/);
    expect(w.losses).toEqual([]);
  });

  it("1,500 titles, the second part's answer lost: that part's most (5 credits), the first part a charge", () => {
    const w = loggingWorld();
    const titles = Array.from({ length: 1_500 }, (_, i) => `Senior Engineer ${i}`);
    w.service.loseNext = [false, true];
    expect(() => lookupTitles(w.env, titles)).toThrow();
    expect(w.service.creditsCharged).toBe(15);
    expect(w.losses).toEqual([{ what: "job title lookups", credits: 5, notRepeated: LOOKUP_NOT_REPEATED }]);
    expect(w.charges.map((c) => [c.what, c.creditsUsed])).toEqual([["job title lookups", 10]]);
  });

  it("a refused lookup is no loss", () => {
    const w = loggingWorld();
    w.service.failNext = [401];
    expect(() => lookupTitles(w.env, ["Senior Engineer"])).toThrow(/rejected the API key/);
    expect(w.losses).toEqual([]);
  });
});
