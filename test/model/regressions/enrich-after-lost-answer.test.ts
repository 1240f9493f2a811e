// Found by the model (test/model, npm run model -- --seed 103 --runs 150; replayPath "AABPB:V"): a second
// Enrich over rows whose answer was lost (charged, the body truncated) buys them again unasked. Shrunk
// sequence, Sheet1!A2:A7 = org0, org0, org0, org0, org0, unknown.example:
//   enrich Sheet1!A2:A7 (fault truncated), enrich Sheet1!A2:A7 (its poll killed at Range.setValues #5)
// The ledger charged 6 credits; the model's minimum is 3: a paid request with an unknown outcome is never
// re-sent without the person saying so (Re-run lost rows is that choice; a new Enrich is not).
import { describe, expect, it } from "vitest";
import { addFault, charged, clearFaults, createWorld, UNKNOWN } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

function settle(w: Awaited<ReturnType<typeof createWorld>>): void {
  for (let i = 0; i < 4; i++) {
    try {
      w.gas.run("pollJobs");
    } catch {
      // a killed poll: the next one takes over, as the sidebar's does
    }
    w.gas.clock.advance("5m");
  }
}

describe("a second Enrich over rows whose answer was lost (model regression)", () => {
  it.fails("does not buy them again unasked", async () => {
    const w = await createWorld();
    const org0 = w.pool[0]!;
    w.gas.sheet("Sheet1").set("A2", [[org0], [org0], [org0], [org0], [org0], [UNKNOWN]]);
    addFault(w, { path: "/v9/organizations", body: "truncated", count: 1 });
    w.gas.run("startEnrichment", REQUEST);
    settle(w);
    clearFaults(w);
    expect(charged(w)).toBe(3);

    w.gas.run("startEnrichment", REQUEST);
    w.gas.killAt("Range.setValues", 5);
    settle(w);
    w.gas.killAt("Nothing.happens", 1);
    // Today: 6.
    expect(charged(w)).toBe(3);
  });
});
