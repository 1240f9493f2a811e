// Found with the model (test/model, KNOWN_BUGS "two-rules"): two refresh rules over the same rows both spend,
// hours apart. The sequence, run as the model's commands (Sheet1!A2:A7 = org0 … org5):
//   enrich Sheet1!A2:A7, save a daily refresh rule (every row), advance 7h,
//   save a daily refresh rule (every row), advance 31h
// The ledger charged 54 credits; the model's minimum is 36: a scheduled refresh does not buy again what a
// refresh of the same rows bought less than half its period ago (here 7 hours before). Issue case: "two
// refresh rules over the same rows both spending". Fixed this stop: the second save is refused, naming the
// first rule, so only the first buys (the test failed before the fix: 54 credits).
import { describe, expect, it } from "vitest";
import { charged, createWorld } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("two refresh rules over the same rows (model regression)", () => {
  it("buy each organization once: the second rule over the same rows is refused, naming the first", async () => {
    const w = await createWorld();
    w.gas.sheet("Sheet1").set(
      "A2",
      w.pool.slice(0, 6).map((domain) => [domain]),
    );
    const job = w.gas.run("startEnrichment", REQUEST) as { jobId: string };
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(18);
    w.gas.run("saveRefreshRule", { jobId: job.jobId, frequency: "daily" });
    w.gas.clock.advance("7h");
    expect(() => w.gas.run("saveRefreshRule", { jobId: job.jobId, frequency: "daily" })).toThrow(
      "Sheet1!A2:A7 already has a scheduled refresh over these rows (daily): a second one would buy them again. Change that one instead: delete it in More ▸ Scheduled refreshes, then save the schedule you want.",
    );
    // The first rule falls due a day after it was saved (18 credits), the second 7 hours later.
    w.gas.clock.advance("31h");
    // Before the fix: 54, the second rule bought all six organizations again 7 hours after the first.
    expect(charged(w)).toBe(36);
  });
});
