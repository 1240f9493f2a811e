// The hidden store sheet's rows as the Sheets calls write them: with a copy, four cells a row, so a value typed
// over is read from its copy; without, three, as the prints sheet has always been written.
import { describe, expect, it, vi } from "vitest";

vi.mock("../../../src/platform/hidden-sheet", () => ({ hideAddonSheet: () => undefined }));

const { sheetStore } = await import("../../../src/platform/sheet-store.ts");

/** A Sheets Spreadsheet of one sheet as much as the store uses: a grid of strings, growing as written. */
function book() {
  const grid: string[][] = [];
  const sheet = {
    getDataRange: () => ({ getValues: () => grid.map((row) => [...row]) }),
    appendRow: (row: string[]) => {
      grid.push([...row]);
      return sheet;
    },
    getRange: (row: number, column: number, rows: number, columns: number) => ({
      setValues: (values: string[][]) => {
        expect([rows, columns]).toEqual([values.length, values[0]?.length]);
        values.forEach((cells, i) => {
          const target = grid[row - 1 + i] ?? [];
          cells.forEach((cell, c) => {
            target[column - 1 + c] = cell;
          });
          grid[row - 1 + i] = target;
        });
      },
    }),
  };
  let made = false;
  const spreadsheet = {
    getSheetByName: () => (made ? sheet : null),
    insertSheet: () => {
      made = true;
      return sheet;
    },
    getActiveSheet: () => null,
    setActiveSheet: () => undefined,
  };
  return { grid, spreadsheet: spreadsheet as unknown as GoogleAppsScript.Spreadsheet.Spreadsheet };
}

describe("sheetStore rows", () => {
  it("writes key, value, check and the value's copy, reads a value typed over from the copy, and blanks all four", () => {
    const { grid, spreadsheet } = book();
    const store = sheetStore(spreadsheet, "Enrichment jobs", undefined, { copy: true });
    store.put("job:a", "one");
    store.put("job:b", "two");
    expect(grid).toEqual([
      ["job:a", "vone", expect.stringMatching(/^#[0-9a-z]+ job:a$/), "vone"],
      ["job:b", "vtwo", expect.stringMatching(/^#[0-9a-z]+ job:b$/), "vtwo"],
    ]);
    store.put("job:a", "three");
    expect(grid[0]?.[1]).toBe("vthree");
    expect(grid[0]?.[3]).toBe("vthree");
    (grid[0] as string[])[1] = "typed over";
    const again = sheetStore(spreadsheet, "Enrichment jobs", undefined, { copy: true });
    expect(again.get("job:a")).toBe("three");
    expect(again.damaged()).toBe(false);
    again.delete("job:b");
    expect(grid[1]).toEqual(["", "", "-", ""]);
    // Both typed over: the row is lost, reported, and blanked whole once rebuilt.
    (grid[0] as string[])[3] = "typed over";
    const hurt = sheetStore(spreadsheet, "Enrichment jobs", undefined, { copy: true });
    expect(hurt.get("job:a")).toBeNull();
    expect(hurt.damaged()).toBe(true);
    hurt.tidy();
    expect(grid[0]).toEqual(["", "", "-", ""]);
  });

  it("writes three cells a row without a copy", () => {
    const { grid, spreadsheet } = book();
    const store = sheetStore(spreadsheet, "Enrichment row prints");
    store.put("p:a", "one");
    store.put("p:a", "two");
    expect(grid).toEqual([["p:a", "vtwo", expect.stringMatching(/^#[0-9a-z]+ p:a$/)]]);
    store.delete("p:a");
    expect(grid).toEqual([["", "", "-"]]);
  });
});
