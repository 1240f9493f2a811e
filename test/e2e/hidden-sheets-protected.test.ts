// The add-on's hidden sheets (the jobs' records, the purchase record, the remembered matches) carry a
// warning-only protection: an editor who unhides one and edits it gets Sheets' own warning first, while the
// add-on's executions (anyone's) keep writing it.
import { describe, expect, it } from "vitest";
import {
  addonSheet,
  copySheetName,
  JOBS_SHEET,
  MATCH_SHEET,
  RECORD_SHEET,
  SHELF_SHEET,
} from "../../src/core/addon-sheets/registry.ts";
import { addFault, domains, FIELDS, jobsWorld, run } from "./bulk-world.ts";

/** The protection Sheets holds on the add-on's sheet `name`: warning-only, saying what the sheet keeps. */
const warned = (name: string) => ({ warningOnly: true, description: addonSheet(name)?.purpose });

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
    expect(gas.sheet(RECORD_SHEET)).toMatchObject({ hidden: true, protection: warned(RECORD_SHEET) });
    expect(gas.sheet(JOBS_SHEET)).toMatchObject({ hidden: true, protection: warned(JOBS_SHEET) });
    // The sidebar's next call that flushes the log files the run's waves in the by-key copy formulas read.
    run(gas, "formulaSheetStatus");
    expect(gas.sheet(SHELF_SHEET)).toMatchObject({ hidden: true, protection: warned(SHELF_SHEET) });
    expect(gas.sheet(copySheetName("Sheet1"))).toMatchObject({
      hidden: true,
      protection: warned(copySheetName("Sheet1")),
    });
    run(gas, "createOrganizationList", { name: "Q3", selection: { sheetName: "Sheet1", range: "A2:A6" } });
    expect(gas.sheet(MATCH_SHEET)).toMatchObject({ hidden: true, protection: warned(MATCH_SHEET) });
    // The person's own sheets are left alone.
    expect(gas.sheet("Sheet1").protection).toBeNull();
  }, 120_000);
});
