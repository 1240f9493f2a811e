// Number formats in the harness, as Sheets keeps them: apart from contents, shown on dates, "@" keeping text.
import { describe, expect, it } from "vitest";
import { fixtureHarness, probe } from "./support.ts";

const sheet = `SpreadsheetApp.getActiveSpreadsheet().getSheetByName("Data")`;

describe("number formats", () => {
  it("parses 00123, TRUE and 50% like Sheets, keeps text with an apostrophe or under @", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "Data", values: [["x"]] }] });
    probe(gas, `(${sheet}.getRange("A1:C1").setValues([["00123", "TRUE", "50%"]]), null)`);
    expect(gas.sheet("Data").values("A1:C1")).toEqual([[123, true, 0.5]]);
    probe(gas, `(${sheet}.getRange("A2:C2").setValues([["'00123", "'TRUE", "'50%"]]), null)`);
    expect(gas.sheet("Data").values("A2:C2")).toEqual([["00123", "TRUE", "50%"]]);
    probe(gas, `(${sheet}.getRange("A3").setNumberFormat("@").setValues([["00123"]]), null)`);
    expect(gas.sheet("Data").cell("A3")).toMatchObject({ value: "00123", format: "@" });
  });

  it("shows a date in the cell's date format and keeps the format when the value changes", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "Data", values: [["x"]] }] });
    probe(gas, `(${sheet}.getRange("A1").setValues([[new Date(Date.UTC(2024, 2, 1, 9, 30))]]), null)`);
    const unformatted = gas.sheet("Data").cell("A1").display;
    probe(gas, `(${sheet}.getRange("A1").setNumberFormat("yyyy-mm-dd"), null)`);
    expect(gas.sheet("Data").cell("A1").display).toBe("2024-03-01");
    expect(unformatted).not.toBe("2024-03-01");
    probe(gas, `(${sheet}.getRange("A1").setValues([[new Date(Date.UTC(2023, 11, 24))]]), null)`);
    expect(gas.sheet("Data").cell("A1")).toMatchObject({ display: "2023-12-24", format: "yyyy-mm-dd" });
    expect(probe(gas, `${sheet}.getRange("A1:B1").getNumberFormats()`)).toEqual([
      ["yyyy-mm-dd", "0.###############"],
    ]);
    probe(gas, `(${sheet}.getRange("A1").clear(), null)`);
    expect(gas.sheet("Data").cell("A1").format).toBe("");
  });
});
