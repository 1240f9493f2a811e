// Found by the model (test/model, KNOWN_BUGS "addon-sheet-edit", the value cell B2 of the hidden "Enrichment
// jobs" sheet): a job's value typed over is caught, and rebuilt from the purchase record's waves, but a run
// stopped before it bought anything has no wave, so it is lost: Resume says there is no such job. Shrunk
// sequence, Sheet1!A2:A7 = org0, org1, org2, blank, unknown.example, org2:
//   enrich Sheet1!A2:A3 (done), enrich Sheet1!A2:A7 and Stop at once (row 2 of the jobs sheet),
//   type "typed over" into "Enrichment jobs"!B2, Resume the second run
// What must hold: one cell typed over loses no run (each row keeps a copy of its value, which its check
// vouches for), so Resume finishes the run and buys only org2 (3 credits), logged as charged.
import { describe, expect, it } from "vitest";
import { charged, createWorld, logFacts, UNKNOWN, type World } from "../world.ts";

const FIELDS = ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name }));

function settle(w: World): void {
  for (let i = 0; i < 3; i++) {
    w.gas.clock.advance("5m");
    w.gas.run("pollJobs");
  }
}

describe("typing over a value of the hidden Enrichment jobs sheet (model regression)", () => {
  it("keeps the stopped run no wave names: Resume finishes it and buys each organization once", async () => {
    const w = await createWorld();
    const [org0, org1, org2] = w.pool;
    w.gas.sheet("Sheet1").set("A2", [[org0], [org1], [org2], [null], [UNKNOWN], [org2]]);
    w.gas.run("startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A3", fields: FIELDS });
    settle(w);
    expect(charged(w)).toBe(6);
    const job = w.gas.run("startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A2:A7",
      fields: FIELDS,
    }) as {
      jobId: string;
    };
    w.gas.run("stopJob", job.jobId);
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(6);
    expect(w.gas.sheet("Enrichment jobs").values("A2")[0]?.[0]).toBe(`job:${job.jobId}`);

    w.gas.sheet("Enrichment jobs").set("B2", [["typed over"]]);
    // Before the fix: throws "There is no job "…" in this spreadsheet."
    w.gas.run("resumeJob", job.jobId);
    settle(w);
    expect(charged(w)).toBe(9);
    expect(logFacts(w).map((fact) => [fact.action, fact.credits])).toEqual([
      ["Enrich Sheet1!A2:A3", 6],
      ["Enrich Sheet1!A2:A7", 3],
    ]);
  });
});
