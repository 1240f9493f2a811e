// gas.renameSheet, gas.deleteSheet and a person's work in hidden sheets.
import { describe, expect, it } from "vitest";
import { GAS } from "../../../harness/index.ts";
import { fixtureHarness, probe, thrown } from "./support.ts";

const BASE = "http://backend.test";
const sheets = [
  { name: "Main", values: [["x"]] },
  { name: "My data", values: [["a"], [2]] },
  { name: "Secret", hidden: true, values: [[3]] },
];

describe("gas.renameSheet", () => {
  it("renames; formulas naming the sheet follow without running, and an unresolved name resolves", async () => {
    const gas = await fixtureHarness({ sheets });
    gas.sheet("Main").set("B1", "=TYPES('My data'!A1:A2)");
    gas.sheet("Main").set("C1", "=DOUBLE(Data!A2)");
    gas.sheet("My data").set("B1", "=TYPES(A1)");
    expect(gas.cell("Main!C1")).toMatchObject({ value: "#REF!", error: GAS.unresolvedSheet("Data") });
    const runs = gas.executions.length;

    gas.renameSheet("my data", "Data");

    expect(gas.sheet("Main").formulas("B1:C1")).toEqual([["=TYPES(Data!A1:A2)", "=DOUBLE(Data!A2)"]]);
    expect(gas.sheet("Data").formulas("B1")).toEqual([["=TYPES(A1)"]]);
    expect(gas.cell("Main!C1").value).toBe(4);
    expect(gas.executions.slice(runs).map((e) => e.functionName)).toEqual(["DOUBLE"]);
    expect(
      probe(gas, `SpreadsheetApp.getActive().getSheets().map(function (s) { return s.getName(); })`),
    ).toEqual(["Main", "Data", "Secret"]);
  });

  it("refuses an unknown sheet, a taken name and an empty one", async () => {
    const gas = await fixtureHarness({ sheets });
    expect(thrown(() => gas.renameSheet("Nope", "X"))).toBe(
      `gas.renameSheet: no sheet named "Nope"; the sheets are "Main", "My data", "Secret".`,
    );
    expect(thrown(() => gas.renameSheet("Main", "secret"))).toBe(
      `gas.renameSheet: ${GAS.sheetNameTaken("secret")}`,
    );
    expect(thrown(() => gas.renameSheet("Main", ""))).toBe(`gas.renameSheet: A sheet needs a name; got "".`);
  });
});

describe("gas.deleteSheet", () => {
  it("deletes; formulas elsewhere naming it become #REF!, and a running script no longer finds it", async () => {
    let remove: () => void = () => {};
    const gas = await fixtureHarness({
      sheets,
      emulator: {
        baseUrl: BASE,
        handle: () => {
          remove();
          return { status: 200, headers: {}, body: "ok" };
        },
      },
    });
    gas.sheet("Main").set("B1", "=DOUBLE('My data'!A2)");
    expect(gas.cell("Main!B1").value).toBe(4);
    const kept = gas.sheet("My data");
    remove = () => gas.deleteSheet("My data");
    const seen = probe(
      gas,
      `var b = SpreadsheetApp.getActive(); var before = b.getNumSheets();
       UrlFetchApp.fetch("${BASE}/delete"); [before, b.getNumSheets(), b.getSheetByName("My data")]`,
    );
    expect(seen).toEqual([3, 2, null]);
    expect(gas.cell("Main!B1")).toMatchObject({
      formula: "=DOUBLE(#REF!)",
      value: "#REF!",
      error: "Reference does not exist.",
    });
    expect(thrown(() => kept.sortRange("A1:A2"))).toBe(
      `The sheet "My data" was deleted; get another with gas.sheet(name).`,
    );
    expect(() => kept.set("A1", 1)).toThrow(/was deleted/);
    expect(thrown(() => gas.deleteSheet("Main"))).toBe(GAS.lastSheet);
    expect(thrown(() => gas.deleteSheet("My data"))).toBe(
      `gas.deleteSheet: no sheet named "My data"; the sheets are "Main", "Secret".`,
    );
  });
});

describe("a hidden sheet", () => {
  it("takes a person's typing and recalculates its formulas; setHidden(false) shows it to scripts", async () => {
    const gas = await fixtureHarness({ sheets });
    const secret = gas.sheet("Secret");
    secret.set("B1", "=DOUBLE(A1)");
    secret.set("A1", 21);
    expect(secret.values("A1:B1")).toEqual([[21, 42]]);
    expect(secret.hidden).toBe(true);
    secret.setHidden(false);
    expect(probe(gas, `SpreadsheetApp.getActive().getSheetByName("Secret").isSheetHidden()`)).toBe(false);
  });
});
