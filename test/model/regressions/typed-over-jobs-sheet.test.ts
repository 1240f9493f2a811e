// Found by the model (test/model, KNOWN_BUGS "addon-sheet-edit"): typing over a cell of the hidden
// "Enrichment jobs" sheet loses every job: a stopped run can no longer be resumed ("There is no job …"),
// and nothing tells the person why. Shrunk sequence (npm run model -- --seed 101 --runs 30, before the
// switch; replayPath "GAAEO:V"), Sheet1!A2:A7 = org0, org0, blank, unknown.example, org0, org0:
//   enrich Sheet1!A2:A7 and Stop at once, type "typed over" into "Enrichment jobs"!A1, Resume
// What must hold: a person's edit of the add-on's own sheet does not destroy the runs it records (the sheet
// is repaired, or the edit is refused), so Resume finishes the run and buys org0 once (3 credits).
// Route: addon-sheets (one module owning the add-on's sheets and their repair).
import { describe, expect, it } from "vitest";
import { charged, createWorld, logFacts, UNKNOWN } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("typing over the hidden Enrichment jobs sheet (model regression)", () => {
  it("keeps the stopped run: Resume finishes it and buys each organization once", async () => {
    const w = await createWorld();
    const org0 = w.pool[0]!;
    w.gas.sheet("Sheet1").set("A2", [[org0], [org0], [null], [UNKNOWN], [org0], [org0]]);
    const job = w.gas.run("startEnrichment", REQUEST) as { jobId: string };
    w.gas.run("stopJob", job.jobId);
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(0);

    w.gas.sheet("Enrichment jobs").set("A1", [["typed over"]]);
    // Today: throws "There is no job "…" in this spreadsheet."
    w.gas.run("resumeJob", job.jobId);
    for (let i = 0; i < 3; i++) {
      w.gas.clock.advance("5m");
      w.gas.run("pollJobs");
    }
    expect(charged(w)).toBe(3);
    expect(logFacts(w).map((fact) => [fact.action, fact.credits])).toEqual([["Enrich Sheet1!A2:A7", 3]]);
  });
});
