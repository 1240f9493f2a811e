// sheet.insertRows, deleteRows and moveRows: cells shift and formulas on any sheet adjust, as in Sheets.
import { describe, expect, it } from "vitest";
import { adjustForRows, cellRow, rangeRows } from "../../../harness/formula/row-changes.ts";
import { fixtureHarness, probe, thrown } from "./support.ts";

const BASE = "http://backend.test";
const column = (n: number) => Array.from({ length: n }, (_, i) => [`r${i + 1}`]);

describe("row changes", () => {
  it("grow a range on insert inside, shrink it on delete, and move it whole with moved rows", () => {
    expect(rangeRows(2, 10, { kind: "insert", before: 5, count: 2 })).toEqual({ start: 2, end: 12 });
    expect(rangeRows(2, 10, { kind: "insert", before: 2, count: 2 })).toEqual({ start: 4, end: 12 });
    expect(rangeRows(2, 10, { kind: "insert", before: 11, count: 2 })).toEqual({ start: 2, end: 10 });
    expect(rangeRows(2, null, { kind: "insert", before: 5, count: 2 })).toEqual({ start: 2, end: null });
    expect(rangeRows(2, 10, { kind: "delete", row: 5, count: 2 })).toEqual({ start: 2, end: 8 });
    expect(rangeRows(2, 10, { kind: "delete", row: 1, count: 3 })).toEqual({ start: 1, end: 7 });
    expect(rangeRows(2, 10, { kind: "delete", row: 2, count: 9 })).toBeNull();
    expect(rangeRows(3, 4, { kind: "move", from: 2, count: 4, before: 9 })).toEqual({ start: 6, end: 7 });
    expect(rangeRows(1, 10, { kind: "move", from: 2, count: 2, before: 6 })).toEqual({ start: 1, end: 10 });
    expect([1, 2, 3, 4, 5, 6].map((r) => cellRow(r, { kind: "move", from: 2, count: 2, before: 6 }))).toEqual(
      [1, 4, 5, 2, 3, 6],
    );
    expect([1, 2, 3, 4, 5].map((r) => cellRow(r, { kind: "move", from: 4, count: 2, before: 2 }))).toEqual([
      1, 4, 5, 2, 3,
    ]);
  });

  it("rewrite only references to the changed sheet, $ rows too, and deleted ones as #REF!", () => {
    const insert = { kind: "insert", before: 3, count: 2 } as const;
    expect(adjustForRows(`=F(A5, $B$5:B9, Other!A5, 'My data'!A5, A:A, A2:A)`, "Data", "Data", insert)).toBe(
      `=F(A7, $B$7:B11, Other!A5, 'My data'!A5, A:A, A2:A)`,
    );
    expect(adjustForRows(`=F(Data!A5)`, "Other", "data", insert)).toBe(`=F(Data!A7)`);
    expect(adjustForRows(`=F(A3, A1:A2, A3:A4)`, "S", "S", { kind: "delete", row: 3, count: 2 })).toBe(
      `=F(#REF!, A1:A2, #REF!)`,
    );
  });
});

describe("sheet.insertRows / deleteRows / moveRows", () => {
  it("inserts rows anywhere: cells shift, ranges grow, formulas elsewhere follow, the sheet grows", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "S", values: column(5) }, { name: "T" }] });
    const sheet = gas.sheet("S");
    sheet.set("B1", "=TYPES(A1:A3)");
    sheet.set("B5", "=TYPES(A5)");
    gas.sheet("T").set("A1", "=TYPES(S!A4)");
    const runs = gas.executions.length;

    sheet.insertRows(2, 2);

    expect(sheet.maxRows).toBe(1002);
    expect(sheet.values("A1:A7").flat()).toEqual(["r1", "", "", "r2", "r3", "r4", "r5"]);
    expect(sheet.formulas("B1:B7").flat()).toEqual(["=TYPES(A1:A5)", "", "", "", "", "", "=TYPES(A7)"]);
    expect(gas.sheet("T").formulas("A1")).toEqual([["=TYPES(S!A6)"]]);
    // The grown range ran again (blanks arrived); formulas whose cells moved with them kept their results.
    expect(sheet.cell("B1").value).toBe("string;blank;blank;string;string");
    expect(gas.executions.slice(runs).map((e) => e.functionName)).toEqual(["TYPES"]);
    expect(sheet.cell("B7").value).toBe("string");
  });

  it("lays an array result crossing inserted rows out again from its anchor; formats move with their rows", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "S", values: column(4) }] });
    const sheet = gas.sheet("S");
    sheet.set("B1", "=BLOCK(3,1)");
    probe(gas, `SpreadsheetApp.getActive().getRange("S!A3").setNumberFormat("@"); true`);
    const runs = gas.executions.length;
    sheet.insertRows(2, 1);
    expect(sheet.values("A1:B5")).toEqual([
      ["r1", "0,0"],
      ["", "1,0"],
      ["r2", "2,0"],
      ["r3", ""],
      ["r4", ""],
    ]);
    expect([sheet.cell("A3").format, sheet.cell("A4").format]).toEqual(["", "@"]);
    expect(gas.executions.length).toBe(runs);
  });

  it("deletes rows: references to them become #REF!, ranges shrink, frozen rows and max rows follow", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "S", values: column(6), rows: 10 }] });
    const sheet = gas.sheet("S");
    probe(gas, `SpreadsheetApp.getActive().getSheetByName("S").setFrozenRows(2); true`);
    sheet.set("B1", "=TYPES(A1:A6)");
    sheet.set("C1", "=TYPES(A3)");
    sheet.set("C6", "=TYPES(A6)");

    sheet.deleteRows(2, 2);

    expect(sheet.maxRows).toBe(8);
    expect(probe(gas, `SpreadsheetApp.getActive().getSheetByName("S").getFrozenRows()`)).toBe(1);
    expect(sheet.values("A1:A4").flat()).toEqual(["r1", "r4", "r5", "r6"]);
    expect(sheet.formulas("B1:C1")).toEqual([["=TYPES(A1:A4)", "=TYPES(#REF!)"]]);
    expect(sheet.cell("C1")).toMatchObject({ value: "#REF!", error: "Reference does not exist." });
    expect(sheet.cell("B1").value).toBe("string;string;string;string");
    expect(sheet.cell("C4")).toMatchObject({ formula: "=TYPES(A4)", value: "string" });
    expect(thrown(() => sheet.deleteRows(2, 8))).toBe(
      "deleteRows: rows 2 to 9 reach past the sheet's 8 rows.",
    );
    expect(thrown(() => sheet.deleteRows(1, 8))).toBe(
      "deleteRows: a sheet keeps at least one row that is not frozen; delete fewer rows.",
    );
    expect(thrown(() => sheet.insertRows(0, 1))).toBe(
      "insertRows: beforeRow must be a whole number of at least 1; got 0.",
    );
  });

  it("moves rows: their cells travel, references to them follow, a range keeps what stays in it", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "S", values: column(6) }] });
    const sheet = gas.sheet("S");
    sheet.setNote("A2", "two");
    sheet.set("B2", "=TYPES(A2)");
    sheet.set("C1", "=TYPES(A2)");
    sheet.set("D1", "=TYPES(A1:A6)");

    sheet.moveRows(2, 2, 6);

    expect(sheet.values("A1:A6").flat()).toEqual(["r1", "r4", "r5", "r2", "r3", "r6"]);
    expect(sheet.cell("A4").note).toBe("two");
    expect(sheet.formulas("B4")).toEqual([["=TYPES(A4)"]]);
    expect(sheet.formulas("C1:D1")).toEqual([["=TYPES(A4)", "=TYPES(A1:A6)"]]);
    expect(thrown(() => sheet.moveRows(2, 3, 3))).toBe(
      "moveRows: rows 2 to 4 cannot move to before row 3, which is among them.",
    );
    sheet.moveRows(2, 2, 4);
    expect(sheet.values("A1:A3").flat()).toEqual(["r1", "r4", "r5"]);
  });

  it("mid-execution: a Range the script holds points at its position, and the sheet's size changes", async () => {
    let change: () => void = () => {};
    const gas = await fixtureHarness({
      sheets: [{ name: "S", values: column(3), rows: 5 }],
      emulator: {
        baseUrl: BASE,
        handle: () => {
          change();
          return { status: 200, headers: {}, body: "ok" };
        },
      },
    });
    change = () => gas.sheet("S").insertRows(1, 1);
    const seen = probe(
      gas,
      `var s = SpreadsheetApp.getActive().getSheetByName("S"); var r = s.getRange("A2:A3");
       var before = r.getValues().join(","); UrlFetchApp.fetch("${BASE}/insert");
       [before, r.getValues().join(","), s.getMaxRows(), s.getLastRow()]`,
    );
    expect(seen).toEqual(["r2,r3", "r1,r2", 6, 4]);
  });
});
