// Edits whose recalculation runs later, a few formulas at a time: loading cells, chunks, and joining a sync edit.
import { describe, expect, it } from "vitest";
import { fixtureHarness } from "./support.ts";

const customRuns = (gas: Awaited<ReturnType<typeof fixtureHarness>>) =>
  gas.executions.filter((e) => e.kind === "customFunction").length;

describe("recalculation left for later", () => {
  it("answers the edit at once, shows the formulas loading, and runs them chunk by chunk", async () => {
    const gas = await fixtureHarness();
    const sheet = gas.sheet();
    sheet.set("A1", [[1], [2], [3], [4], [5]]);
    const before = customRuns(gas);
    sheet.set("B1", [["=DOUBLE(A1)"], ["=DOUBLE(A2)"], ["=DOUBLE(A3)"], ["=DOUBLE(A4)"], ["=DOUBLE(A5)"]], {
      later: true,
    });
    expect(customRuns(gas)).toBe(before);
    expect(sheet.loading("B1:B5").flat()).toEqual([true, true, true, true, true]);
    expect(sheet.values("B1:B5").flat()).toEqual(["", "", "", "", ""]);

    expect(gas.settle(2)).toBe(false);
    expect(sheet.loading("B1:B5").flat()).toEqual([false, false, true, true, true]);
    expect(sheet.values("B1:B2").flat()).toEqual([2, 4]);
    while (!gas.settle(2));
    expect(sheet.values("B1:B5").flat()).toEqual([2, 4, 6, 8, 10]);
    expect(sheet.loading("B1:B5").flat()).toEqual([false, false, false, false, false]);
    expect(customRuns(gas) - before).toBe(5);
  });

  it("shows a computed formula loading again while an edit to its input waits", async () => {
    const gas = await fixtureHarness();
    const sheet = gas.sheet();
    sheet.set("A1", 1);
    gas.formula("B1", "=DOUBLE(A1)");
    sheet.set("A1", 21, { later: true });
    expect(sheet.loading("B1")).toEqual([[false]]);
    expect(gas.settle(0)).toBe(false);
    expect(sheet.loading("B1")).toEqual([[true]]);
    expect(sheet.values("B1")).toEqual([[2]]);
    while (!gas.settle(10));
    expect(sheet.values("B1")).toEqual([[42]]);
  });

  it("settles what waits when an edit recalculates at once, and skips a formula replaced meanwhile", async () => {
    const gas = await fixtureHarness();
    const sheet = gas.sheet();
    sheet.set("A1", [[1], [2]]);
    sheet.set("B1", [["=DOUBLE(A1)"], ["=DOUBLE(A2)"]], { later: true });
    expect(gas.settle(0)).toBe(false);
    sheet.set("B2", "typed over");
    sheet.set("C1", "=DOUBLE(A1)");
    expect(sheet.values("B1:C2")).toEqual([
      [2, 2],
      ["typed over", ""],
    ]);
    expect(gas.settle(10)).toBe(true);
  });
});

describe("a sheet's contents", () => {
  it("gives what typing back restores: formulas, text kept text, blanks where a result spilled", async () => {
    const gas = await fixtureHarness();
    const sheet = gas.sheet();
    sheet.set("A1", [["'12", 12, true]]);
    gas.formula("A2", "=BLOCK(1, 2)");
    expect(sheet.contents("A1:C2")).toEqual([
      ["'12", 12, true],
      ["=BLOCK(1, 2)", "", ""],
    ]);
    sheet.set("A1", sheet.contents("A1:C2"));
    expect(sheet.values("A1:C2")).toEqual([
      ["12", 12, true],
      ["0,0", "0,1", ""],
    ]);
  });
});
