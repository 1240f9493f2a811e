// A background job keeps its own record of its paid requests, even when a sidebar call sends them: the
// sidebar call's intent journal stays out of it, so nothing the job answers for is logged by the sidebar too.
import { describe, expect, it } from "vitest";
import { addFault, failure, jobsWorld, ledger, run } from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";

describe("a people search whose start is killed with its request out", () => {
  it("leaves nothing for later paid sidebar calls to log: the start is the job's, and it charges nothing", async () => {
    // UrlFetch would wait 10 minutes: the execution's 6 are over first, with the request out.
    const { gas, emulator } = await jobsWorld({ fetchDeadlineMs: 600_000 });
    const org = emulator.dataset.orgs.find((o) => o.peopleCount >= 5)!;
    addFault(emulator, { path: "/v9/people", method: "POST", delay_ms: 420_000, count: 1 });
    const search = {
      filter: { organization_ids: [org.id] },
      select: { attributes: ["name", "job_title", "current_employer"] },
      limit: 25,
      sheetName: "People",
    };
    expect(failure(gas, "startPeopleSearch", search)).toMatch(/Exceeded maximum execution time/);
    expect(ledger(emulator)).toEqual([]);
    gas.clock.advance("10m");
    run(gas, "getContactLists");
    gas.clock.advance("10m");
    run(gas, "getContactLists");
    expect(logFacts(gas).filter((f) => f.kind === "possibly")).toEqual([]);
  });
});
