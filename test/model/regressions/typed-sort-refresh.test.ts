// Found by the model (test/model, KNOWN_BUGS "sort-refresh"), fixed seed 33 with the switch on (replayPath
// "AABCAFBAA1:qK"), Sheet1!A2:A7 = unknown, org0, org0, unknown, blank, org0:
//   enrich Sheet1!A2:A7 (its poll killed at Range.setValues #1), save a daily refresh rule (every row),
//   type Sheet1!A2: org0, sort Sheet1 by column A Z→A, Refresh now
// Then row 3, the typed org0 that the sort moved down, said "Not found" for a known organization: its Status
// cell moved with the row, the hidden copy of what the add-on wrote did not, so the refresh took the moved
// "Not found" for the person's own text and kept it. Failed before the fix (the copy follows moved cells).
import { describe, expect, it } from "vitest";
import { INDUSTRIES } from "../../../emulator/dataset/catalog/industries.ts";
import { charged, createWorld, logFacts, tryRun, UNKNOWN } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("a refresh after typing over a Not found row and sorting (model regression)", () => {
  it("writes the typed organization's values wherever the sort put its row", async () => {
    const w = await createWorld();
    const { gas } = w;
    const [org0] = w.pool;
    const sheet = gas.sheet("Sheet1");
    sheet.set("A2", [[UNKNOWN], [org0], [org0], [UNKNOWN], [""], [org0]]);
    const job = gas.run("startEnrichment", REQUEST) as { jobId: string };
    gas.killAt("Range.setValues", 1);
    expect("error" in tryRun(w, "pollJobs")).toBe(true);
    for (let polls = 0; polls < 12; polls++) {
      gas.clock.advance("5m");
      const answer = tryRun(w, "pollJobs");
      if (
        "ok" in answer &&
        (answer.ok as { jobId: string; state: string }[]).some(
          (s) => s.jobId === job.jobId && s.state === "done",
        )
      )
        break;
    }
    const rule = gas.run("saveRefreshRule", { jobId: job.jobId, frequency: "daily" }) as { ruleId: string };
    sheet.set("A2", org0);
    sheet.sort(1, { ascending: false, headerRows: 1 });
    const before = charged(w);
    gas.run("refreshNow", rule.ruleId);
    gas.run("pollJobs");
    const org = w.emulator.dataset.orgs[0]!;
    const values = [org.name, org.employeeCount, INDUSTRIES[org.industry]!.name];
    // Z→A as Sheets sorts text, blanks last: where the unknown company lands depends on its spelling.
    const order = [UNKNOWN, org0!, org0!, org0!, org0!].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0));
    expect(sheet.values("A2:E7")).toEqual([
      ...order.map((id) =>
        id === UNKNOWN ? [UNKNOWN, "", "", "", "Not found"] : [org0, ...values, "Found"],
      ),
      ["", "", "", "", ""],
    ]);
    // The enrichment bought org0 once (3 credits; the unknown company is free), Refresh now once more.
    expect([before, charged(w)]).toEqual([3, 6]);
    expect(logFacts(w).reduce((total, fact) => total + fact.credits, 0)).toBe(6);
  });
});
