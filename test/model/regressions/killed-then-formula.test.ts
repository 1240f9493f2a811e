// Found by the model (seeds 11, and by two other helpers; fails on a14ae8b too): a run's poll dies at the
// 6-minute limit while writing the sheet (Range.setValues #3 or #5), after the service charged the wave and
// the purchase record took it; then a range formula over the same organizations buys them again. Shrunk
// sequence, Sheet1!A2:A7 = org0, org0, blank, org0, org0, org0:
//   enrich Sheet1!A2:A7, the poll killed at Range.setValues #5
//   type F!A2: the same identifiers; formula range (=ORG_ATTR(A2:A7,"industry"))
// The ledger charged 5 credits (the run's 3, then the formula's 2) against a minimum of 3: the run noted the
// by-key shelf only when it ended, and a killed run never ends, so formulas never saw its wave.
import { describe, expect, it } from "vitest";
import { charged, createWorld, logFacts, truth } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("a formula after a run killed while writing the sheet (model regression)", () => {
  for (const at of [3, 5]) {
    it(`reads the run's purchase from the record, buying nothing (killed at Range.setValues #${at})`, async () => {
      const w = await createWorld();
      const [org0] = w.pool;
      const ids = [[org0], [org0], [""], [org0], [org0], [org0]];
      w.gas.sheet("Sheet1").set("A2", ids);
      w.gas.run("startEnrichment", REQUEST);
      w.gas.killAt("Range.setValues", at);
      expect(() => w.gas.run("pollJobs")).toThrow();
      for (let i = 0; i < 6; i++) {
        w.gas.clock.advance("5m");
        w.gas.run("pollJobs");
      }
      // The sidebar's next call flushes the log (and brings the by-key shelf up to date).
      w.gas.run("getSettings");
      expect(charged(w)).toBe(3);
      w.gas.sheet("F").set("A2", ids);
      w.gas.formula("F!B2", '=ORG_ATTR(A2:A7,"industry")');
      w.gas.run("getSettings");
      expect(charged(w)).toBe(3);
      expect(logFacts(w).map((f) => [f.kind, f.credits])).toEqual([["charged", 3]]);
      const industry = truth(w, org0!)?.industry;
      expect(
        w.gas
          .sheet("F")
          .values()
          .slice(1, 7)
          .map((row) => row[1]),
      ).toEqual(ids.map(([id]) => (id ? industry : "")));
    });
  }
});
