// The add-on's hidden sheets (the jobs' records, the purchase record, the remembered matches) carry a
// warning-only protection: an editor who unhides one and edits it gets Sheets' own warning first, while the
// add-on's executions (anyone's) keep writing it.
import { describe, expect, it } from "vitest";
import { RECORD_SHEET } from "../../src/core/bulk/purchase-record.ts";
import { HIDDEN_SHEET_WARNING } from "../../src/platform/hidden-sheet.ts";
import { MATCH_SHEET } from "../../src/server/sidebar/match-memory.ts";
import { addFault, domains, FIELDS, jobsWorld, run } from "./bulk-world.ts";

const WARNED = { warningOnly: true, description: HIDDEN_SHEET_WARNING };

describe("the add-on's hidden sheets", () => {
  it("are each protected warning-only, with a sentence saying what they keep", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 3_000 });
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 2_500).map((d) => [d])]);
    run(gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A1:A2501",
      fields: FIELDS,
    });
    // The first answer is lost; the second wave's answers go down in the spreadsheet's purchase record.
    addFault(emulator, { path: "/v9/organizations", method: "POST", body: "truncated", count: 1 });
    run(gas, "pollJobs");
    expect(gas.sheet(RECORD_SHEET)).toMatchObject({ hidden: true, protection: WARNED });
    expect(gas.sheet("Enrichment jobs")).toMatchObject({ hidden: true, protection: WARNED });
    expect(gas.sheet("Enrichment copy · Sheet1")).toMatchObject({ hidden: true, protection: WARNED });
    run(gas, "createOrganizationList", { name: "Q3", selection: { sheetName: "Sheet1", range: "A2:A6" } });
    expect(gas.sheet(MATCH_SHEET)).toMatchObject({ hidden: true, protection: WARNED });
    // The person's own sheets are left alone.
    expect(gas.sheet("Sheet1").protection).toBeNull();
  }, 120_000);
});
