// A formula dragged down a column, as most people write it: every cell is its own execution, many at once.
import { describe, expect, it } from "vitest";
import { addonWorld } from "../support/addon-world.ts";

const ROWS = 200;

async function filledColumn(seed?: number) {
  const w = await addonWorld(seed === undefined ? {} : { harness: { seed } });
  w.gas.sheet().set(
    "A2",
    w.state.dataset.orgs.slice(0, ROWS).map((o) => [o.domain]),
  );
  const runs = w.gas.fill(`B2:B${ROWS + 1}`, '=ORG_ATTR(A2,"industry")');
  return { w, runs };
}

describe("a custom function filled down 200 rows", () => {
  it("starts one execution per cell, many at the same moment", async () => {
    const { w, runs } = await filledColumn();
    const formulas = runs.filter((e) => e.kind === "customFunction");
    expect(formulas).toHaveLength(ROWS);
    const starts = new Map<number, number>();
    for (const e of formulas) starts.set(e.start, (starts.get(e.start) ?? 0) + 1);
    expect(Math.max(...starts.values())).toBeGreaterThanOrEqual(2);
    expect(Math.max(...starts.values())).toBeLessThanOrEqual(30);
    expect(w.gas.sheet().formulas("B3:B4")).toEqual([
      ['=ORG_ATTR(A3,"industry")'],
      ['=ORG_ATTR(A4,"industry")'],
    ]);
    const cells = Array.from({ length: ROWS }, (_, i) => w.gas.cell(`B${i + 2}`));
    expect(cells.filter((c) => c.error !== null)).toEqual([]);
    expect(cells.filter((c) => c.value !== "").length).toBeGreaterThan(ROWS / 2);
  });
});
