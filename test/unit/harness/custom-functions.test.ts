// Custom functions in cells: ranges in, arrays spilling out, #REF!, #ERROR!, #NAME? and recalculation.
import { describe, expect, it } from "vitest";
import { fixtureHarness } from "./support.ts";

describe("custom functions in cells", () => {
  it("passes a single cell as its value and a range as a 2-D array", async () => {
    const gas = await fixtureHarness();
    gas.sheet().set("A1", [[3], [4]]);
    expect(gas.formula("B1", "=DOUBLE(A1)").values).toEqual([[6]]);
    expect(gas.formula("C1", "=DOUBLE(A1:A2)").values).toEqual([[6], [8]]);
  });

  it("passes dates as Dates, blanks as empty strings, and literals as typed", async () => {
    const gas = await fixtureHarness();
    gas.sheet().set("A1", [[new Date(Date.UTC(2026, 0, 1)), "", 7, true, "x"]]);
    expect(gas.formula("A3", "=TYPES(A1:E1)").value).toBe("date|blank|number|boolean|string");
    expect(gas.formula("A4", '=TYPES("text")').value).toBe("string");
    expect(gas.formula("A5", "=TYPES(TRUE)").value).toBe("boolean");
  });

  it("reads sheet-qualified and anchored references, and matches names case-insensitively", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "Sheet1" }, { name: "My data", values: [[5]] }] });
    expect(gas.formula("A1", "=double('My data'!$A$1)").value).toBe(10);
  });

  it("spills a 2-D array right and down, and clears the old spill when the result shrinks", async () => {
    const gas = await fixtureHarness();
    expect(gas.formula("B2", "=BLOCK(2, 3)").values).toEqual([
      ["0,0", "0,1", "0,2"],
      ["1,0", "1,1", "1,2"],
    ]);
    expect(gas.cell("D3")).toMatchObject({ value: "1,2", formula: "" });
    gas.formula("B2", "=BLOCK(1, 1)");
    expect(gas.sheet().values("B2:D3")).toEqual([
      ["0,0", "", ""],
      ["", "", ""],
    ]);
  });

  it("shows #REF! with Sheets' message when the spill would overwrite data, and expands once it is cleared", async () => {
    const gas = await fixtureHarness();
    gas.sheet().set("C3", "mine");
    const blocked = gas.formula("B2", "=BLOCK(2, 2)");
    expect([blocked.value, blocked.error]).toEqual([
      "#REF!",
      "Array result was not expanded because it would overwrite data in C3.",
    ]);
    expect(gas.cell("C3").value).toBe("mine");
    gas.sheet().set("C3", "");
    expect(gas.sheet().values("B2:C3")).toEqual([
      ["0,0", "0,1"],
      ["1,0", "1,1"],
    ]);
  });

  it("turns to #REF! when someone types into its spill area", async () => {
    const gas = await fixtureHarness();
    gas.formula("A1", "=BLOCK(3, 1)");
    const before = gas.executions.length;
    gas.sheet().set("A3", "typed");
    expect(gas.cell("A1")).toMatchObject({
      value: "#REF!",
      error: "Array result was not expanded because it would overwrite data in A3.",
    });
    expect(gas.executions.length).toBe(before);
  });

  it("asks for more rows when a spill runs off the sheet", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "Sheet1", rows: 3 }] });
    expect(gas.formula("A2", "=BLOCK(4, 1)").error).toBe(
      "Result was not automatically expanded, please insert more rows (2).",
    );
  });

  it("shows #ERROR! with the thrown message, and #NAME? for a function the bundle lacks or keeps private", async () => {
    const gas = await fixtureHarness();
    expect(gas.formula("A1", '=FAIL("Unknown attribute: colour")')).toMatchObject({
      value: "#ERROR!",
      error: "Unknown attribute: colour",
    });
    expect(gas.formula("A2", "=ORG_COLOUR(A1)")).toMatchObject({
      value: "#NAME?",
      error: "Unknown function: 'ORG_COLOUR'.",
    });
    expect(gas.formula("A3", "=private_()")).toMatchObject({
      value: "#NAME?",
      error: "Unknown function: 'private_'.",
    });
  });

  it("re-runs a formula when a cell it reads changes, and not when another cell does", async () => {
    const gas = await fixtureHarness();
    gas.sheet().set("A1", 1);
    gas.formula("B1", "=DOUBLE(A1)");
    const runs = () => gas.executions.filter((e) => e.kind === "customFunction").length;
    expect(runs()).toBe(1);
    gas.sheet().set("A1", 5);
    expect([gas.cell("B1").value, runs()]).toEqual([10, 2]);
    gas.sheet().set("C9", 5);
    expect(runs()).toBe(2);
  });

  it("re-runs formulas that read a cell a server function wrote, after that execution ends", async () => {
    const gas = await fixtureHarness();
    gas.sheet().set("A1", 1);
    gas.formula("B1", "=DOUBLE(A1)");
    gas.run("probe", `SpreadsheetApp.getActiveSheet().getRange("A1").setValue(21); 0`);
    expect(gas.cell("B1").value).toBe(42);
    expect(gas.executions.at(-1)).toMatchObject({ kind: "customFunction", functionName: "DOUBLE" });
  });

  it("re-runs a chain of formulas in order", async () => {
    const gas = await fixtureHarness();
    gas.sheet().set("A1", 1);
    gas.formula("B1", "=DOUBLE(A1)");
    gas.formula("C1", "=DOUBLE(B1)");
    gas.sheet().set("A1", 2);
    expect(gas.sheet().values("A1:C1")).toEqual([[2, 4, 8]]);
  });

  it("re-runs every formula on recalculate, each in a fresh execution", async () => {
    const gas = await fixtureHarness();
    gas.formula("A1", "=BLOCK(1, 2)");
    gas.formula("A2", "=BLOCK(1, 1)");
    const before = gas.executions.length;
    gas.recalculate();
    const fresh = gas.executions.slice(before);
    expect(fresh.map((e) => [e.kind, e.functionName, e.authMode])).toEqual([
      ["customFunction", "BLOCK", "CUSTOM_FUNCTION"],
      ["customFunction", "BLOCK", "CUSTOM_FUNCTION"],
    ]);
    expect(new Set(fresh.map((e) => e.id)).size).toBe(2);
  });

  it("stops a custom function at 30 seconds and shows Apps Script's note", async () => {
    const gas = await fixtureHarness();
    const cell = gas.formula("A1", "=NAP(31)");
    expect([cell.value, cell.error]).toEqual(["#ERROR!", "Exceeded maximum execution time (line 0)"]);
    expect(gas.formula("A2", "=NAP(29)").value).toBe("rested");
  });

  it("keeps the document read-only inside a custom function and hides the user's e-mail", async () => {
    const gas = await fixtureHarness();
    expect(gas.formula("A1", "=TRY_WRITE()").error).toBe("You do not have permission to call setValue");
    expect(gas.cell("Z1").value).toBe("");
    expect(gas.formula("A2", `=PROBE("Session.getActiveUser().getEmail()")`).value).toBe("");
    expect(gas.formula("A3", "=WHERE_AM_I()").value).toBe("A3");
  });

  it("evaluates formulas the spreadsheet starts with", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "Sheet1", values: [[4, "=DOUBLE(A1)"]] }] });
    expect(gas.cell("B1").value).toBe(8);
  });
});
