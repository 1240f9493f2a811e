// Freeze formulas to values through the built bundle: the add-on's formulas (spills included) become the
// values they show and a recalculation sends nothing; other formulas, typed cells and formulas outside
// the selection stay; the menu item asks first; refusals are exact.
import { describe, expect, it } from "vitest";
import { failure, jobsWorld, run } from "./bulk-world.ts";

async function sheetWithFormulas() {
  const world = await jobsWorld();
  const { gas, emulator } = world;
  const orgs = emulator.dataset.orgs.slice(0, 3);
  gas.sheet("Sheet1").set("A1", [
    ["Domain", "Name", "Industry", "Note"],
    [orgs[0]!.domain, "", "", "typed 00123"],
    ["nosuch-organization.example", "", "", ""],
    [orgs[1]!.domain, "", "", ""],
    [orgs[2]!.domain, "", "", ""],
  ]);
  gas.sheet("Sheet1").set("D3", [["'00123"]]);
  gas.formula("Sheet1!B2", '=ORG_ATTR(A2:A5, "name,industry")');
  gas.formula("Sheet1!F2", '=JOB_LEVEL("VP of Sales")');
  gas.formula("Sheet1!G2", "=SUM(1,2)");
  return { ...world, orgs };
}

const formulasOf = (gas: Awaited<ReturnType<typeof jobsWorld>>["gas"], a1: string) =>
  gas.sheet("Sheet1").formulas(a1);

describe("freezeFormulas", () => {
  it("turns the add-on's formulas and their spills into values, so a recalculation sends nothing", async () => {
    const { gas, orgs } = await sheetWithFormulas();
    const shown = gas.sheet("Sheet1").values("B2:C5");
    expect(shown[0]![0]).toBe(orgs[0]!.name);
    expect(shown[1]).toEqual(["", ""]);
    expect(run(gas, "previewFreeze", { scope: "sheet" })).toEqual({
      sheetName: "Sheet1",
      range: "the whole sheet",
      formulas: 2,
      errors: 0,
      message: '2 add-on formulas in "Sheet1" will become their values; other formulas stay.',
    });
    const result = run(gas, "freezeFormulas", { scope: "sheet" });
    expect(result).toEqual({
      sheetName: "Sheet1",
      range: "the whole sheet",
      formulas: 2,
      errors: 0,
      cells: shown.flat().filter((value) => value !== "").length + 1,
      message: 'Froze 2 add-on formulas in "Sheet1" to their values. Other formulas were left alone.',
    });
    expect(gas.sheet("Sheet1").values("B2:C5")).toEqual(shown);
    expect(
      formulasOf(gas, "B2:F5")
        .flat()
        .every((f) => f === ""),
    ).toBe(true);
    expect(gas.sheet("Sheet1").values("F2")[0]![0]).toBe("Vice President");
    expect(formulasOf(gas, "G2")[0]![0]).toBe("=SUM(1,2)");
    expect(
      gas
        .sheet("Sheet1")
        .values("D2:D3")
        .map((row) => row[0]),
    ).toEqual(["typed 00123", "00123"]);

    const fetches = gas.fetches.length;
    const formulaRuns = gas.executions.filter((e) => e.kind === "customFunction").length;
    gas.recalculate();
    expect(gas.fetches.length).toBe(fetches);
    expect(gas.executions.filter((e) => e.kind === "customFunction" && e.functionName !== "SUM").length).toBe(
      formulaRuns,
    );
    expect(gas.sheet("Sheet1").values("B2:C5")).toEqual(shown);
  });

  it("freezes only the formulas inside the selection", async () => {
    const { gas } = await sheetWithFormulas();
    gas.select("F1:F9");
    expect(run(gas, "freezeFormulas", { scope: "selection" })).toMatchObject({
      range: "F1:F9",
      formulas: 1,
      cells: 1,
      message: "Froze 1 add-on formula in Sheet1!F1:F9 to its value. Other formulas were left alone.",
    });
    expect(formulasOf(gas, "B2")[0]![0]).toBe('=ORG_ATTR(A2:A5, "name,industry")');
    expect(formulasOf(gas, "F2")[0]![0]).toBe("");
  });

  it("leaves formulas showing an error as they are, and says so", async () => {
    const { gas } = await jobsWorld();
    gas.formula("Sheet1!A1", '=ORG_ATTR("acme.com", "no_such_attribute")');
    expect(gas.cell("A1").value).toBe("#ERROR!");
    expect(run(gas, "freezeFormulas", { scope: "sheet" })).toMatchObject({
      formulas: 0,
      errors: 1,
      message:
        'No add-on formulas with values in "Sheet1"; nothing to freeze. 1 formula showing an error stays as it is.',
    });
    expect(gas.cell("A1").formula).toBe('=ORG_ATTR("acme.com", "no_such_attribute")');
  });

  it("refuses an unknown scope", async () => {
    const { gas } = await jobsWorld();
    expect(failure(gas, "freezeFormulas", { scope: "column" })).toBe(
      'Unknown scope "column". Use one of: selection, sheet.',
    );
    expect(failure(gas, "previewFreeze", "sheet")).toBe('Send {scope: "selection"} or {scope: "sheet"}.');
  });
});

describe("the Freeze formulas to values menu item", () => {
  it("asks first, then freezes the selection and says what it did", async () => {
    const { gas } = await sheetWithFormulas();
    gas.open();
    gas.select("B2:C5");
    gas.ui.answerNext("NO");
    gas.menu("Freeze formulas to values");
    expect(formulasOf(gas, "B2")[0]![0]).not.toBe("");
    gas.ui.answerNext("YES");
    gas.menu("Freeze formulas to values");
    expect(formulasOf(gas, "B2")[0]![0]).toBe("");
    expect(formulasOf(gas, "F2")[0]![0]).toBe('=JOB_LEVEL("VP of Sales")');
    expect(gas.toasts.at(-1)).toEqual({
      title: "Freeze formulas to values",
      message: "Froze 1 add-on formula in Sheet1!B2:C5 to its value. Other formulas were left alone.",
    });
  });

  it("freezes the whole sheet when one cell is selected, and only notes it when there is nothing to freeze", async () => {
    const { gas } = await sheetWithFormulas();
    gas.open();
    gas.select("A1");
    gas.ui.answerNext("YES");
    gas.menu("Freeze formulas to values");
    expect(formulasOf(gas, "B2:F2").flat()).toEqual(["", "", "", "", ""]);
    gas.menu("Freeze formulas to values");
    expect(gas.toasts.at(-1)).toEqual({
      title: "Freeze formulas to values",
      message: 'No add-on formulas with values in "Sheet1"; nothing to freeze.',
    });
  });
});
