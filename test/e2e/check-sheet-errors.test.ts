// Check this sheet lists every kind of error on the sheet in view: formula cells showing #ERROR! grouped by
// the sentence their formula noted (Apps Script cannot read it back), run Status rows by kind, each with its
// count, what to do and its cells, which "Select" selects.
import { describe, expect, it } from "vitest";
import { NOT_NOTED } from "../../src/core/formulas/sheet-errors.ts";
import { domains, FIELDS, jobsWorld, run, settle } from "./bulk-world.ts";

interface Kind {
  where: string;
  sentence: string;
  todo: string;
  count: number;
  ranges: string[];
}
const FORMULA_TODO = "Hover a cell to read the same sentence; it says what to do.";

describe("Check this sheet: errors by kind", () => {
  it("counts formula errors by their sentence and Status rows by kind, forgets cells that answer, selects a kind", async () => {
    const world = await jobsWorld({ orgs: 50 });
    const { gas, emulator } = world;
    const [known, other] = domains(emulator, 2);
    gas.sheet("Sheet1").set("A1", [["Domain"], [known], ["nobody-zq.example"], ["0"], [other]]);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A5", fields: FIELDS });
    expect(settle(world, job.jobId).state).toBe("done");
    expect(
      gas
        .sheet("Sheet1")
        .values()
        .map((row) => row[4]),
    ).toEqual(["Status", "Found", "Not found", "Can't read: 0 is not an organization id.", "Found"]);
    const invalid = gas.formula("G2", '=ORG_ATTR("0","industry")');
    gas.formula("G3", '=ORG_ATTR("0","industry")');
    const attribute = gas.formula("G4", '=ORG_ATTR(A2,"no_such_field")');
    expect(invalid.display).toBe("#ERROR!");

    const status = run<{ errors: Kind[] }>(gas, "formulaSheetStatus");
    expect(status.errors).toEqual([
      { where: "formula", sentence: invalid.error, todo: FORMULA_TODO, count: 2, ranges: ["G2:G3"] },
      { where: "formula", sentence: attribute.error, todo: FORMULA_TODO, count: 1, ranges: ["G4"] },
      {
        where: "status",
        sentence: "Not found: the service has no organization for these identifiers.",
        todo: "Check them for typos or old domains; nothing was charged for them.",
        count: 1,
        ranges: ["E3"],
      },
      {
        where: "status",
        sentence: "Can't read: the cell is no domain, e-mail, id or name (each Status says why).",
        todo: "Correct the identifiers, then run Enrich again over those rows.",
        count: 1,
        ranges: ["E4"],
      },
    ]);

    // Select: the kind's cells are selected on its sheet.
    expect(run(gas, "selectErrorCells", "Sheet1", ["G2:G3"])).toBe(true);
    expect(gas.selection()).toEqual({ sheet: "Sheet1", ranges: ["G2:G3"] });
    expect(run(gas, "selectErrorCells", "Sheet1", ["=HYPERLINK()"])).toBe(false);

    // G4 answers now: its kind is gone, and its note is forgotten, so a later failure of Sheets' own
    // (the 30 seconds ran out) reads as not noted rather than as the old sentence.
    gas.formula("G4", '=ORG_ATTR(A2,"industry")');
    expect(
      run<{ errors: Kind[] }>(gas, "formulaSheetStatus").errors.map((k) => [k.sentence, k.ranges]),
    ).toEqual([
      [invalid.error, ["G2:G3"]],
      ["Not found: the service has no organization for these identifiers.", ["E3"]],
      ["Can't read: the cell is no domain, e-mail, id or name (each Status says why).", ["E4"]],
    ]);
    // Killed at its first cache read: the formula never runs its own catch, so nothing is noted.
    gas.killAt("Cache.get");
    const killed = gas.formula("G4", '=ORG_ATTR(A5,"industry")');
    expect(killed.error).toBe("Exceeded maximum execution time (line 0)");
    expect(run<{ errors: Kind[] }>(gas, "formulaSheetStatus").errors[1]).toEqual({
      where: "formula",
      sentence: NOT_NOTED,
      todo: "Hover a cell to read its message; recalculate to see it again.",
      count: 1,
      ranges: ["G4"],
    });
  });
});
