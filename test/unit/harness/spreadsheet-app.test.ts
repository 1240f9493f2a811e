// SpreadsheetApp: sheets, ranges, values and their messages, display values, formulas, notes, selection.
import { describe, expect, it } from "vitest";
import { GAS } from "../../../harness/index.ts";
import { fixtureHarness, probe, thrown } from "./support.ts";

const sheets = [
  {
    name: "Data",
    values: [
      ["Domain", "Employees"],
      ["acme.com", 120],
      ["globex.com", 45],
    ],
  },
  { name: "Secret", hidden: true, values: [["hidden"]] },
];

describe("SpreadsheetApp", () => {
  it("lists sheets with their hidden flags and finds them by name", async () => {
    const gas = await fixtureHarness({ sheets });
    expect(
      probe(
        gas,
        `SpreadsheetApp.getActiveSpreadsheet().getSheets().map(function (s) { return [s.getName(), s.isSheetHidden(), s.getIndex()]; })`,
      ),
    ).toEqual([
      ["Data", false, 1],
      ["Secret", true, 2],
    ]);
    expect(
      probe(gas, `SpreadsheetApp.getActiveSpreadsheet().getSheetByName("secret").getRange("A1").getValue()`),
    ).toBe("hidden");
    expect(probe(gas, `SpreadsheetApp.getActiveSpreadsheet().getSheetByName("Nope")`)).toBeNull();
  });

  it("reads ranges by A1 notation and by coordinates", async () => {
    const gas = await fixtureHarness({ sheets });
    const sheet = `SpreadsheetApp.getActiveSpreadsheet().getSheetByName("Data")`;
    expect(probe(gas, `${sheet}.getRange("A2:B3").getValues()`)).toEqual([
      ["acme.com", 120],
      ["globex.com", 45],
    ]);
    expect(probe(gas, `${sheet}.getRange(2, 2, 2, 1).getValues()`)).toEqual([[120], [45]]);
    expect(probe(gas, `${sheet}.getRange("$B$1").getValue()`)).toBe("Employees");
    expect(probe(gas, `SpreadsheetApp.getActiveSpreadsheet().getRange("Secret!A1").getA1Notation()`)).toBe(
      "A1",
    );
    expect(probe(gas, `${sheet}.getDataRange().getA1Notation()`)).toBe("A1:B3");
    expect(
      probe(
        gas,
        `var r = ${sheet}.getRange("B2:C9"); [r.getRow(), r.getColumn(), r.getNumRows(), r.getNumColumns(), r.getLastRow(), r.getLastColumn()]`,
      ),
    ).toEqual([2, 2, 8, 2, 9, 3]);
    expect(probe(gas, `${sheet}.getRange("A:A").getNumRows()`)).toBe(1000);
    expect(probe(gas, `[${sheet}.getLastRow(), ${sheet}.getLastColumn()]`)).toEqual([3, 2]);
  });

  it("answers bad ranges with Apps Script's messages", async () => {
    const gas = await fixtureHarness({ sheets });
    const sheet = `SpreadsheetApp.getActiveSheet()`;
    expect(thrown(() => probe(gas, `${sheet}.getRange("not a range")`))).toBe("Range not found");
    expect(thrown(() => probe(gas, `${sheet}.getRange(0, 1)`))).toBe(
      "The starting row of the range is too small.",
    );
    expect(thrown(() => probe(gas, `${sheet}.getRange(1, 0)`))).toBe(
      "The starting column of the range is too small.",
    );
    expect(thrown(() => probe(gas, `${sheet}.getRange(1, 1, 0, 1)`))).toBe(
      "The number of rows in the range must be at least 1.",
    );
    expect(thrown(() => probe(gas, `${sheet}.getRange(1, 1, 1, 0)`))).toBe(
      "The number of columns in the range must be at least 1.",
    );
    expect(thrown(() => probe(gas, `${sheet}.getRange(1001, 1)`))).toBe(GAS.outsideSheet);
    expect(thrown(() => probe(gas, `${sheet}.getRange("A1").getCell(2, 1)`))).toBe(
      "Cell reference out of range",
    );
  });

  it("refuses setValues whose shape differs from the range, with the exact message", async () => {
    const gas = await fixtureHarness();
    const range = `SpreadsheetApp.getActiveSheet().getRange("A1:B2")`;
    expect(thrown(() => probe(gas, `${range}.setValues([[1, 2]])`))).toBe(
      "The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2.",
    );
    expect(thrown(() => probe(gas, `${range}.setValues([[1, 2], [3]])`))).toBe(
      "The number of columns in the data does not match the number of columns in the range. The data has 1 but the range has 2.",
    );
    expect(thrown(() => probe(gas, `${range}.setValues("1,2")`))).toBe(
      "The parameters (String) don't match the method signature for SpreadsheetApp.Range.setValues.",
    );
    expect(gas.setValuesCalls).toEqual([]);
  });

  it("writes values, counts each setValues call, and reads typed text as Sheets does", async () => {
    const gas = await fixtureHarness();
    probe(
      gas,
      `SpreadsheetApp.getActiveSheet().getRange("A1:D1").setValues([["42", "'42", "true", "12.5%"]]); 0`,
    );
    probe(
      gas,
      `SpreadsheetApp.getActiveSheet().getRange("A2:B2").setValues([[null, new Date(Date.UTC(2026, 0, 2))]]); 0`,
    );
    expect(gas.sheet().values("A1:D1")).toEqual([[42, "42", true, 0.125]]);
    expect(gas.sheet().cell("B2").value).toEqual(new Date(Date.UTC(2026, 0, 2)));
    expect(gas.setValuesCalls.map((c) => [c.a1, c.rows, c.cols])).toEqual([
      ["A1:D1", 1, 4],
      ["A2:B2", 1, 2],
    ]);
  });

  it("refuses a cell over 50,000 characters", async () => {
    const gas = await fixtureHarness();
    expect(
      thrown(() => probe(gas, `SpreadsheetApp.getActiveSheet().getRange("A1").setValue("x".repeat(50001))`)),
    ).toBe("Your input contains more than the maximum of 50000 characters in a single cell.");
  });

  it("shows display values as Sheets formats them", async () => {
    const gas = await fixtureHarness({ timeZone: "Etc/UTC" });
    gas.sheet().set("A1", [[1234, 0.1 + 0.2, true, ""]]);
    probe(
      gas,
      `SpreadsheetApp.getActiveSheet().getRange("A2:B2").setValues([[new Date(Date.UTC(2026, 2, 7)), new Date(Date.UTC(2026, 2, 7, 14, 3, 9))]]); 0`,
    );
    expect(probe(gas, `SpreadsheetApp.getActiveSheet().getRange("A1:D2").getDisplayValues()`)).toEqual([
      ["1234", "0.3", "TRUE", ""],
      ["3/7/2026", "3/7/2026 14:03:09", "", ""],
    ]);
  });

  it("hands dates to the bundle as Dates of its own realm", async () => {
    const gas = await fixtureHarness();
    gas.sheet().set("A1", [[new Date(Date.UTC(2026, 0, 1))]]);
    expect(
      probe(
        gas,
        `var v = SpreadsheetApp.getActiveSheet().getRange("A1:A1").getValues(); [v instanceof Array, v[0][0] instanceof Date]`,
      ),
    ).toEqual([true, true]);
  });

  it("reads and writes formulas and notes", async () => {
    const gas = await fixtureHarness();
    probe(
      gas,
      `var s = SpreadsheetApp.getActiveSheet(); s.getRange("A1").setValue(21); s.getRange("B1").setFormula("=DOUBLE(A1)"); s.getRange("A1").setNote("input"); 0`,
    );
    expect(gas.cell("B1")).toMatchObject({ value: 42, formula: "=DOUBLE(A1)" });
    expect(
      probe(
        gas,
        `var s = SpreadsheetApp.getActiveSheet(); [s.getRange("A1:B1").getFormulas(), s.getRange("A1").getNote(), s.getRange("B1").getNote()]`,
      ),
    ).toEqual([[["", "=DOUBLE(A1)"]], "input", ""]);
    probe(gas, `SpreadsheetApp.getActiveSheet().getRange("A1").clearNote().clearContent(); 0`);
    expect(gas.cell("A1")).toMatchObject({ value: "", note: "" });
    expect(gas.cell("B1").value).toBe(0);
  });

  it("follows the active sheet and the selection", async () => {
    const gas = await fixtureHarness({ sheets });
    gas.select("Data!A2:A3");
    expect(
      probe(
        gas,
        `[SpreadsheetApp.getActiveSheet().getName(), SpreadsheetApp.getActiveRange().getA1Notation(), SpreadsheetApp.getActiveSpreadsheet().getActiveCell().getA1Notation()]`,
      ),
    ).toEqual(["Data", "A2:A3", "A2"]);
    probe(
      gas,
      `var ss = SpreadsheetApp.getActiveSpreadsheet(); ss.setActiveSheet(ss.getSheetByName("Secret")); 0`,
    );
    expect(probe(gas, `var s = SpreadsheetApp.getActiveSheet(); [s.getName(), s.isSheetHidden()]`)).toEqual([
      "Secret",
      false,
    ]);
  });

  it("inserts sheets with unique names and refuses a duplicate with Sheets' message", async () => {
    const gas = await fixtureHarness();
    expect(probe(gas, `SpreadsheetApp.getActiveSpreadsheet().insertSheet().getName()`)).toBe("Sheet2");
    expect(probe(gas, `SpreadsheetApp.getActiveSpreadsheet().insertSheet("Results", 0).getIndex()`)).toBe(1);
    expect(thrown(() => probe(gas, `SpreadsheetApp.getActiveSpreadsheet().insertSheet("results")`))).toBe(
      'A sheet with the name "results" already exists. Please enter another name.',
    );
  });

  it("grows the sheet with appendRow and insertRowsAfter at the end", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "Sheet1", rows: 2, values: [["a"], ["b"]] }] });
    probe(
      gas,
      `var s = SpreadsheetApp.getActiveSheet(); s.appendRow(["c", 3]); s.insertRowsAfter(s.getMaxRows(), 10); 0`,
    );
    expect([gas.sheet().maxRows, gas.sheet().values("A3:B3")]).toEqual([13, [["c", 3]]]);
  });

  it("does not open other spreadsheets under the currentonly scope", async () => {
    const gas = await fixtureHarness();
    expect(thrown(() => probe(gas, `SpreadsheetApp.openById("abc")`))).toBe(
      "You do not have permission to call SpreadsheetApp.openById. Required permissions: https://www.googleapis.com/auth/spreadsheets",
    );
  });

  it("records toasts", async () => {
    const gas = await fixtureHarness();
    probe(gas, `SpreadsheetApp.getActiveSpreadsheet().toast("Done", "Enrichment"); 0`);
    expect(gas.toasts).toEqual([{ message: "Done", title: "Enrichment" }]);
  });
});
