// sheet.sort and sheet.sortRange: Data ▸ Sort sheet / Sort range, as a person does it, even mid-execution.
import { describe, expect, it } from "vitest";
import { HarnessUsageError } from "../../../harness/index.ts";
import { fixtureHarness, probe, thrown } from "./support.ts";

const BASE = "http://backend.test";

describe("sheet.sort", () => {
  it("sorts whole rows below the frozen rows: values, formulas, notes and formats travel, blanks last", async () => {
    const gas = await fixtureHarness({
      sheets: [
        {
          name: "Data",
          values: [
            ["Key", "Amount"],
            ["pear", 3],
            [7, 1],
            ["", 9],
            [true, 4],
            ["Apple", 2],
            [-1, 5],
          ],
        },
      ],
    });
    const sheet = gas.sheet("Data");
    probe(gas, `SpreadsheetApp.getActive().getSheetByName("Data").setFrozenRows(1); true`);
    sheet.set("C2", "=DOUBLE(B2)");
    sheet.set("C6", "=DOUBLE($B$2)");
    sheet.setNote("A3", "seven");
    probe(gas, `SpreadsheetApp.getActive().getRange("Data!B6").setNumberFormat("0.0"); true`);

    sheet.sort(1);

    expect(sheet.values("A1:C7")).toEqual([
      ["Key", "Amount", ""],
      [-1, 5, ""],
      [7, 1, ""],
      ["Apple", 2, 10],
      ["pear", 3, 6],
      [true, 4, ""],
      ["", 9, ""],
    ]);
    // Relative rows move as copying the formula moves them; "$" rows stay (B2 now holds 5).
    expect(sheet.formulas("C4:C5")).toEqual([["=DOUBLE($B$2)"], ["=DOUBLE(B5)"]]);
    expect(sheet.cell("A3").note).toBe("seven");
    expect(sheet.cell("B4").format).toBe("0.0");
    expect(sheet.cell("B6").format).toBe("");

    sheet.sort("A", { ascending: false });
    expect(sheet.values("A2:A7").flat()).toEqual([true, "pear", "Apple", 7, -1, ""]);
  });

  it("keeps headerRows in place and re-lays a moved array formula from its new row", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "S", values: [["h"], ["b"], ["a"]] }] });
    const sheet = gas.sheet("S");
    sheet.set("B2", "=BLOCK(1,2)");
    sheet.sort(1, { headerRows: 1 });
    expect(sheet.values("A1:C3")).toEqual([
      ["h", "", ""],
      ["a", "", ""],
      ["b", "0,0", "0,1"],
    ]);
    expect(sheet.formulas("B3")).toEqual([["=BLOCK(1,2)"]]);
  });

  it("refuses a column outside the sheet and a bad direction", async () => {
    const gas = await fixtureHarness();
    const sheet = gas.sheet("Sheet1");
    expect(thrown(() => sheet.sort(27))).toBe(
      "sort: column must be a column of the sheet (1 to 26, or letters); got 27.",
    );
    expect(() => sheet.sort(1, { ascending: "yes" as unknown as boolean })).toThrow(HarnessUsageError);
    expect(() => sheet.sort(1, { headerRows: -1 })).toThrow(HarnessUsageError);
  });
});

describe("sheet.sortRange", () => {
  it("sorts only the range's cells: identifiers part from the values beside them", async () => {
    const gas = await fixtureHarness({
      sheets: [
        {
          name: "S",
          values: [
            ["id", "v"],
            ["c", 3],
            ["a", 1],
            ["b", 2],
          ],
        },
      ],
    });
    const sheet = gas.sheet("S");
    sheet.set("D2", "=DOUBLE(B2)");
    sheet.sortRange("A2:A4");
    expect(sheet.values("A1:D4")).toEqual([
      ["id", "v", "", ""],
      ["a", 3, "", 6],
      ["b", 1, "", ""],
      ["c", 2, "", ""],
    ]);
    sheet.sortRange("S!A2:B4", { column: "B", ascending: false });
    expect(sheet.values("A2:B4")).toEqual([
      ["a", 3],
      ["c", 2],
      ["b", 1],
    ]);
    expect(thrown(() => sheet.sortRange("A2:A4", { column: 2 }))).toBe(
      `sortRange: column 2 is outside "A2:A4"; sort by one of its columns.`,
    );
    expect(thrown(() => sheet.sortRange("Other!A1:A2"))).toBe(
      `sortRange: "Other!A1:A2" names another sheet than "S".`,
    );
  });

  it("mid-execution: a Range the script holds reads the sorted cells, and formulas already recalculated", async () => {
    let sortNow: () => void = () => {};
    const gas = await fixtureHarness({
      sheets: [{ name: "S", values: [["c"], ["a"], ["b"]] }],
      emulator: {
        baseUrl: BASE,
        handle: () => {
          sortNow();
          return { status: 200, headers: {}, body: "ok" };
        },
      },
    });
    gas.sheet("S").set("B1", "=TYPES(A1)");
    gas.sheet("S").set("C1", "=DOUBLE(D1)");
    gas.sheet("S").set("D1", 4);
    sortNow = () => {
      gas.sheet("S").sortRange("A1:A3");
      gas.sheet("S").set("D1", 5);
    };
    const seen = probe(
      gas,
      `var s = SpreadsheetApp.getActive().getSheetByName("S"); var r = s.getRange("A1:A3");
       var before = r.getValues().map(function (x) { return x[0]; }).join("");
       UrlFetchApp.fetch("${BASE}/sort-now");
       [before, r.getValues().map(function (x) { return x[0]; }).join(""), s.getRange("C1").getValue()]`,
    );
    expect(seen).toEqual(["cab", "abc", 10]);
  });
});
