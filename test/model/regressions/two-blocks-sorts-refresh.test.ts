// Found by the weighted campaign (npm run model -- --seed 505 --runs 70 --max-commands 35 --weights Enrich=3,
// SaveRule=5,RefreshNow=8,SortSheet=3,SortIdentifiers=3,Advance=2,RenameTarget=2,Resume=2; replayPath
// "AACACML:VB") once a refresh refilled the other runs' blocks, Sheet1!A2:A7 = org0, org0, blank, org0,
// unknown, org0:
//   enrich Sheet1!A2:A7 (the poll and the dispatch trigger at once), sort the range Sheet1!A2:A7 alone A→Z,
//   sort Sheet1 by column A Z→A, enrich Sheet1!A2:A7 (a second block), save a daily refresh rule (every row),
//   Refresh now
// The first block's row 5 said Not found beside org0's values: the whole-row sort had carried the add-on's
// Status there, the hidden copy still held it at the old place, so the refill took it for the person's and
// wrote the values beside it. Fixed: the refill makes the copy follow moved cells first, and leaves a row
// whose Status is the person's.
import { describe, expect, it } from "vitest";
import { createWorld, truth, UNKNOWN } from "../world.ts";
import { pollUntilDone } from "./poll-until-done.ts";

const fields = ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name }));
const REQUEST = { sheetName: "Sheet1", inputRange: "A2:A7", fields };

describe("two blocks, sorts of the identifiers and of the sheet, Refresh now (model regression)", () => {
  it("leaves every row of both blocks showing its own organization", async () => {
    const w = await createWorld();
    const [org0] = w.pool as [string];
    const sheet = w.gas.sheet("Sheet1");
    sheet.set("A2", [[org0], [org0], [""], [org0], [UNKNOWN], [org0]]);
    const settle = (jobId: string) => pollUntilDone(w, jobId);
    settle((w.gas.run("startEnrichment", REQUEST) as { jobId: string }).jobId);
    sheet.sortRange("A2:A7", { ascending: true });
    sheet.sort(1, { ascending: false, headerRows: 1 });
    const second = w.gas.run("startEnrichment", REQUEST) as { jobId: string };
    settle(second.jobId);
    const rule = w.gas.run("saveRefreshRule", { jobId: second.jobId, frequency: "daily" }) as {
      ruleId: string;
    };
    settle((w.gas.run("refreshNow", rule.ruleId) as { jobId: string }).jobId);
    for (const [id, ...cells] of sheet.values("A2:I7")) {
      if (id === "") continue;
      const want = truth(w, String(id));
      const line =
        want === null
          ? ["", "", "", "Not found"]
          : [want["name"], want["employee_count"], want["industry"], "Found"];
      expect([String(id), ...cells]).toEqual([String(id), ...line, ...line]);
    }
  });
});
