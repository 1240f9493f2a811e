// Found by the model (test/model, KNOWN_BUGS "copy"): File ▸ Make a copy carries the refresh rules, and both
// files then run each due refresh: the spending doubles. Shrunk sequence (npm run model -- --bugs copy
// --seed 404 --runs 40: path "39:0:0:0:0:0:0:0:10:8"),
// Sheet1!A2:A7 = org0, blank, unknown.example, blank, org0, org0:
//   enrich Sheet1!A2:A7, save a daily refresh rule (every row), make a copy of the file and open it,
//   advance 31h, make a copy of the file and open it
// The ledger charged 9 credits; the price list's minimum is 6 (the run, then one refresh a day later). Here
// written with one copy: the original's trigger runs the day's refresh, then the sidebar opened in the copy
// runs the same refresh again. Issue case: "a copy of the file doubling spending". Fixed this stop; the test failed before the fix.
import { describe, expect, it } from "vitest";
import { charged, createWorld } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("a copy of a file with a refresh rule (model regression)", () => {
  it("refreshes once a day, not once in each file", async () => {
    const w = await createWorld();
    const org0 = w.pool[0]!;
    w.gas.sheet("Sheet1").set("A2", [[org0], [null], ["no-such-company-zq.example"], [null], [org0], [org0]]);
    const job = w.gas.run("startEnrichment", REQUEST) as { jobId: string };
    w.gas.run("pollJobs");
    w.gas.run("saveRefreshRule", { jobId: job.jobId, frequency: "daily" });
    expect(charged(w)).toBe(3);

    const copy = w.gas.copySpreadsheet();
    w.gas.useSpreadsheet(copy);
    w.gas.reopen();
    w.gas.run("pollJobs");
    // A day and 7 hours on: the original's trigger has run the day's refresh (3 credits).
    w.gas.clock.advance("31h");
    expect(charged(w)).toBe(6);
    // The person opens the sidebar in the copy. Today: its copy of the rule runs the same refresh (9).
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(6);
  });
});
