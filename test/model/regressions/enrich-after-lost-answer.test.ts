// Found by the model (test/model, npm run model -- --seed 103 --runs 150; replayPath "AABPB:V"): a second
// Enrich over rows whose answer was lost (charged, the body truncated) buys them again unasked. Shrunk
// sequence, Sheet1!A2:A7 = org0, org0, org0, org0, org0, unknown.example:
//   enrich Sheet1!A2:A7 (fault truncated), enrich Sheet1!A2:A7 (its poll killed at Range.setValues #5)
// The ledger charged 6 credits; the model's minimum was 3: a paid request with an unknown outcome is never
// re-sent without the person saying so. Re-run lost rows is that choice; a new Enrich may be too, once its
// price names the rows it sends again (before the fix it said only "Up to 6 credits · …"), so a yes is
// informed: the model then counts them as bought again on purpose.
import { describe, expect, it } from "vitest";
import { addFault, charged, clearFaults, createWorld, logFacts, UNKNOWN } from "../world.ts";

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
  it("names them in the price before buying them again", async () => {
    const w = await createWorld();
    const org0 = w.pool[0]!;
    w.gas.sheet("Sheet1").set("A2", [[org0], [org0], [org0], [org0], [org0], [UNKNOWN]]);
    addFault(w, { path: "/v9/organizations", body: "truncated", count: 1 });
    w.gas.run("startEnrichment", REQUEST);
    settle(w);
    clearFaults(w);
    expect(charged(w)).toBe(3);

    const price = w.gas.run("estimateEnrichment", REQUEST) as { message: string };
    expect(price.message).toBe(
      "Up to 6 credits · 2 organizations × 3 (1 base + 2 for fields) · 6 rows whose last answer was lost may be charged again",
    );
    w.gas.run("startEnrichment", REQUEST);
    w.gas.killAt("Range.setValues", 5);
    settle(w);
    w.gas.killAt("Nothing.happens", 1);
    // The person said yes to the price that named them: org0 bought again, knowingly.
    expect(charged(w)).toBe(6);
    expect(logFacts(w).map((fact) => [fact.action, fact.kind, fact.credits])).toEqual([
      ["Enrich Sheet1!A2:A7", "charged", 0],
      ["Enrich Sheet1!A2:A7", "possibly", 6],
      ["Enrich Sheet1!A2:A7", "charged", 3],
    ]);
    // Bought and written now: a third price names nothing lost.
    expect((w.gas.run("estimateEnrichment", REQUEST) as { message: string }).message).toBe(
      "Up to 6 credits · 2 organizations × 3 (1 base + 2 for fields)",
    );
  });
});
