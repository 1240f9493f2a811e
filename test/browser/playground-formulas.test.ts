// The playground's formula evaluator in the harness: built-ins by HyperFormula, bundle functions by the harness.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { createClock, createHarness, DEFAULT_BUNDLE, GAS, type Harness } from "../../harness/index.ts";
import { loadBundle } from "../../harness/load-bundle.ts";
import { SHEETS_MESSAGES } from "../../playground/server/formula/engine-values.ts";
import { createSpreadsheetEvaluator } from "../../playground/server/formula/spreadsheet-evaluator.ts";

const BUNDLE = fileURLToPath(new URL("../fixtures/harness/formulas.js", import.meta.url));
const SHEETS = ["Sheet1", "Other"];

async function world(): Promise<Harness> {
  const evaluator = createSpreadsheetEvaluator({
    functionNames: loadBundle(BUNDLE).functionNames,
    timeZone: "Etc/UTC",
    sheetNames: () => SHEETS,
  });
  return createHarness({
    bundlePath: BUNDLE,
    evaluator,
    clock: createClock(Date.UTC(2026, 0, 5, 9)),
    sheets: [
      { name: "Sheet1", values: [[1], [2], [3], ["'12"], [new Date(Date.UTC(2026, 2, 14))]] },
      { name: "Other", values: [[10]] },
    ],
  });
}

describe("the playground's spreadsheet evaluator", () => {
  let gas: Harness;
  beforeEach(async () => {
    gas = await world();
  });

  it("computes built-in functions over ranges", () => {
    expect(gas.formula("C1", "=SUM(A1:A3)").values).toEqual([[6]]);
    expect(gas.formula("C2", "=AVERAGE(A1:A3)*10").values).toEqual([[20]]);
    expect(gas.formula("C3", '=IF(A2>1, "big", "small")').values).toEqual([["big"]]);
  });

  it("re-computes a built-in when a cell it reads changes", () => {
    gas.formula("C1", "=SUM(A1:A3)");
    gas.sheet("Sheet1").set("A1", 100);
    expect(gas.cell("C1").value).toBe(105);
  });

  it("runs a bundle function in a fresh execution, its range argument a 2-D array, its result spilling", () => {
    const before = gas.executions.length;
    expect(gas.formula("D1", "=DOUBLE(A1:A3)").values).toEqual([[2], [4], [6]]);
    const runs = gas.executions.slice(before).filter((e) => e.kind === "customFunction");
    expect(runs.map((e) => e.functionName)).toEqual(["DOUBLE"]);
    expect(gas.formula("E1", "=TYPES(A1:A5)").value).toBe("number;number;number;string;date");
    expect(gas.formula("F1", "=BLOCK(2, 3)").values).toEqual([
      ["0,0", "0,1", "0,2"],
      ["1,0", "1,1", "1,2"],
    ]);
  });

  it("runs bundle functions nested inside built-ins through the harness", () => {
    expect(gas.formula("D1", "=SUM(DOUBLE(A1:A3))").values).toEqual([[12]]);
    expect(gas.formula("D2", '=IFERROR(FAIL("boom"), "caught")').values).toEqual([["caught"]]);
    expect(gas.executions.filter((e) => e.kind === "customFunction").map((e) => e.functionName)).toEqual([
      "DOUBLE",
      "FAIL",
    ]);
  });

  it("sums what a bundle function spilled, and follows it when its inputs change", () => {
    gas.formula("D1", "=DOUBLE(A1:A3)");
    gas.formula("E1", "=SUM(D1:D3)");
    expect(gas.cell("E1").value).toBe(12);
    gas.sheet("Sheet1").set("A3", 30);
    expect(gas.cell("E1").value).toBe(66);
  });

  it("shows a bundle function's error with its message", () => {
    const cell = gas.formula("D1", '=FAIL("The service is down")');
    expect([cell.value, cell.error]).toEqual(["#ERROR!", "The service is down"]);
  });

  it("reads cells of other sheets and reports sheets that do not exist", () => {
    expect(gas.formula("C1", "=Other!A1*2").values).toEqual([[20]]);
    const missing = gas.formula("C2", "=Nowhere!A1");
    expect([missing.value, missing.error]).toEqual(["#REF!", "Sheet does not exist."]);
  });

  it("answers errors with Sheets' codes and messages", () => {
    const divide = gas.formula("C1", "=1/0");
    expect([divide.value, divide.error]).toEqual(["#DIV/0!", SHEETS_MESSAGES.divideByZero]);
    const parse = gas.formula("C2", "=SUM(1");
    expect([parse.value, parse.error]).toEqual(["#ERROR!", GAS.formulaParse]);
    const circular = gas.formula("C3", "=C3+1");
    expect([circular.value, circular.error]).toEqual(["#REF!", SHEETS_MESSAGES.circular]);
    const unknown = gas.formula("C4", "=NOSUCH(1)");
    expect(unknown.value).toBe("#NAME?");
  });

  it("keeps text as text, reads dates as date serials and an empty cell as 0", () => {
    expect(gas.formula("C1", "=ISTEXT(A4)").values).toEqual([[true]]);
    expect(gas.formula("C2", '=A4&"!"').values).toEqual([["12!"]]);
    expect(gas.formula("C3", "=YEAR(A5)*100+MONTH(A5)").values).toEqual([[202603]]);
    expect(gas.formula("C4", "=A40+1").values).toEqual([[1]]);
  });
});

describe("HyperFormula (GPL-3.0, a development dependency)", () => {
  it("stays out of the add-on's bundle", () => {
    expect(readFileSync(DEFAULT_BUNDLE, "utf8")).not.toMatch(/hyperformula/i);
  });
});
