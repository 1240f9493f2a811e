// An execution killed after a wave's paid answers reached the run's journal sheet but before the wave's
// checkpoint: the resume writes those rows from the journal without buying them again, and logs what they
// cost from the journal, exactly once, so the Enrichment log equals what the service charged.
import { describe, expect, it } from "vitest";
import {
  domains,
  FIELDS,
  type JobsWorld,
  jobsWorld,
  ledgerTotal,
  orgRequests,
  run,
  settle,
  UNIT,
} from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";

describe("a bulk run killed between a wave's journal and its checkpoint", () => {
  it("logs that wave's credits on resume, once, and buys nothing again", async () => {
    let served = 0;
    let armed = false;
    const world: JobsWorld = await jobsWorld({
      orgs: 4_000,
      intercept: (request, emulator) => {
        const answer = emulator(request);
        // The first wave's answer is in hand: its first write is the journal's; the execution dies at the
        // next (its rows), long before the checkpoint (a write to the job store's sheet) that vouches for it.
        if (request.path === "/v9/organizations" && ++served === 1 && !armed) {
          armed = true;
          world.gas.killAt("Range.setValues", 2);
        }
        return answer;
      },
    });
    world.gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(world.emulator, 3_000).map((d) => [d])]);
    const job = run(world.gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A1:A3001",
      fields: FIELDS,
    });
    const status = settle(world, job.jobId, { killed: true });
    expect(world.gas.executions.some((e) => e.error === "Exceeded maximum execution time")).toBe(true);
    expect(status).toMatchObject({ state: "done", rowsDone: 3_000 });
    // Three chunks of 1,000, each bought once.
    expect(orgRequests(world)).toHaveLength(3);
    expect(ledgerTotal(world.emulator)).toBe(3_000 * UNIT);
    const facts = logFacts(world.gas);
    expect(facts.every((f) => f.kind === "charged")).toBe(true);
    expect(facts.reduce((sum, f) => sum + (f.credits ?? 0), 0)).toBe(3_000 * UNIT);
    expect(world.gas.sheet("Sheet1").values("B2")).toEqual([[world.emulator.dataset.orgs[0]!.name]]);
  }, 120_000);
});
