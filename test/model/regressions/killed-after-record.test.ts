// Found by the model (test/model, fixed seed 33, path "5:0:0:0:0:0:0:0:0:0") on this stop's merged work:
// a run's poll dies at its fifth Range.setValues, after the service charged the wave and the purchase record
// took it, and the run comes to rest with the charge nowhere in the Enrichment log. Shrunk sequence,
// Sheet1!A2:A7 = org0, org0, blank, org0, org0, org0:
//   enrich Sheet1!A2:A7, the poll killed at Range.setValues #5
// The ledger charged 3 credits; the log said 0 charged and 0 possibly.
import { describe, expect, it } from "vitest";
import { charged, createWorld, logFacts } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("a run whose poll dies after its wave is recorded (model regression)", () => {
  it("logs what the service charged", async () => {
    const w = await createWorld();
    const [org0] = w.pool;
    w.gas.sheet("Sheet1").set("A2", [[org0], [org0], [""], [org0], [org0], [org0]]);
    w.gas.run("startEnrichment", REQUEST);
    w.gas.killAt("Range.setValues", 5);
    try {
      w.gas.run("pollJobs");
    } catch {
      // the killed poll
    }
    for (let i = 0; i < 6; i++) {
      w.gas.clock.advance("5m");
      w.gas.run("pollJobs");
    }
    expect(charged(w)).toBe(3);
    const facts = logFacts(w);
    expect(facts.map((f) => [f.kind, f.credits])).toEqual([["charged", 3]]);
  });

  it("logs it once when the poll dies after the log row went in, before its note on the job was cleared", async () => {
    const w = await createWorld();
    const [org0] = w.pool;
    w.gas.sheet("Sheet1").set("A2", [[org0], [org0], [""], [org0], [org0], [org0]]);
    w.gas.run("startEnrichment", REQUEST);
    // The fifth write is the log row's append; the sixth clears the job's note of it.
    w.gas.killAt("Range.setValues", 6);
    try {
      w.gas.run("pollJobs");
    } catch {
      // the killed poll
    }
    expect(logFacts(w).map((f) => [f.kind, f.credits])).toEqual([["charged", 3]]);
    for (let i = 0; i < 6; i++) {
      w.gas.clock.advance("5m");
      w.gas.run("pollJobs");
    }
    expect(charged(w)).toBe(3);
    expect(logFacts(w).map((f) => [f.kind, f.credits])).toEqual([["charged", 3]]);
  });
});
