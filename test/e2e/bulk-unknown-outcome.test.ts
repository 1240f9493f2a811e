// A paid request whose answer is lost is never bought again by surprise: the rows are reported, the
// credits it may have cost are logged as possibly charged, and only the user's re-run buys them again.
import { describe, expect, it } from "vitest";
import {
  addFault,
  allBlank,
  domains,
  FIELDS,
  jobsWorld,
  ledgerTotal,
  loggedCredits,
  logRows,
  orgRequests,
  run,
  settle,
  UNIT,
} from "./bulk-world.ts";

async function runWithLostAnswer(fault: Record<string, unknown>, fetchDeadlineMs?: number) {
  const world = await jobsWorld({ orgs: 4_000, ...(fetchDeadlineMs ? { fetchDeadlineMs } : {}) });
  world.gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(world.emulator, 3_000).map((d) => [d])]);
  // The first request is served and charged, but its answer never arrives whole.
  addFault(world.emulator, { path: "/v9/organizations", count: 1, ...fault });
  const job = run(world.gas, "startEnrichment", {
    sheetName: "Sheet1",
    inputRange: "A1:A3001",
    fields: FIELDS,
  });
  return { world, job, status: settle(world, job.jobId, { killed: true }) };
}

// [what happens, the fault on the first request, UrlFetch's deadline, rows whose answer is lost]
const CASES = [
  ["a truncated body", { body: "truncated" }, undefined, 1_000],
  ["a body that is not JSON", { body: "malformed" }, undefined, 1_000],
  // A timeout makes the whole fetchAll throw, as Apps Script's does; a run's first wave is one request, so
  // only its 1,000 answers are lost.
  ["a fetch past UrlFetch's deadline", { delay_ms: 70_000 }, undefined, 1_000],
  // Slower than the 6-minute limit, with no fetch deadline before it: the execution dies in flight.
  ["an execution killed while the request was out", { delay_ms: 400_000 }, 600_000, 1_000],
] as const;

describe("a paid answer lost after the service charged", () => {
  it.each(CASES)(
    "after %s: not re-sent, its rows reported, its credits logged as possibly charged",
    async (_name, fault, deadline, lost) => {
      const { world, status } = await runWithLostAnswer(fault, deadline);
      // Three chunks of 1,000, each sent once: what was lost is not bought again.
      expect(orgRequests(world)).toHaveLength(3);
      expect(ledgerTotal(world.emulator)).toBe(3_000 * UNIT);
      expect(loggedCredits(world.gas)).toBe(ledgerTotal(world.emulator));
      const possibly = logRows(world.gas).filter((row) =>
        /^[\d,]+ credits? possibly charged/.test(String(row[5])),
      );
      expect(possibly.map((row) => row[3])).toEqual([lost * UNIT]);
      expect(status).toMatchObject({ state: "done", rowsDone: 3_000 - lost });
      expect(status.message).toContain(
        `The answer for ${lost.toLocaleString("en-US")} rows was lost after the request went out (up to ${(lost * UNIT).toLocaleString("en-US")} credits possibly charged), so they were not bought again`,
      );
      // The lost rows stay empty rather than half-written.
      expect(allBlank(world.gas, "Sheet1", "B2:B1001")).toBe(true);
    },
  );
});

describe("re-running lost rows", () => {
  it("buys them again only when asked, at the price the button named, and writes them", async () => {
    const { world, job, status } = await runWithLostAnswer({ body: "truncated" });
    expect(status).toMatchObject({ lostRows: 1_000, lostCredits: 1_000 * UNIT });
    const rerun = run(world.gas, "rerunLostRows", job.jobId);
    expect(rerun.message).toBe("Buying the 1,000 lost rows again (up to 3,000 credits).");
    const done = settle(world, job.jobId, { killed: true });
    expect(done).toMatchObject({ state: "done", rowsDone: 3_000, lostRows: 0 });
    expect(orgRequests(world)).toHaveLength(4);
    expect(ledgerTotal(world.emulator)).toBe(4_000 * UNIT);
    // What was charged for the lost answer stays logged as possibly charged, once.
    expect(loggedCredits(world.gas)).toBe(ledgerTotal(world.emulator));
    expect(world.gas.sheet("Sheet1").values("B2")).toEqual([[world.emulator.dataset.orgs[0]!.name]]);
    expect(() => run(world.gas, "rerunLostRows", job.jobId)).toThrow(
      "This job has no lost rows to buy again.",
    );
  });
});
