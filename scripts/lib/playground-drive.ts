// Drives the playground at real size (50,000 rows × 30 columns) through the interactions, timing each.
import type { Page } from "playwright-core";
import {
  ctrlDown,
  fillDown,
  jumpWithNameBox,
  recalculated,
  scrollFrames,
  scrollTo,
  selectColumn,
  type Timing,
  undo,
} from "./grid-timing.ts";

export const LARGE_ROWS = 50_000;
export const LARGE_COLS = 30;
/** The formula column (AD) is filled down over this many rows, from AD2. */
export const FILL_ROWS = 5_000;

/** How often the undo and Ctrl+Down are repeated; their median is printed (the first Ctrl+Down is the slow one). */
export const REPEATS = 5;

/** Each interaction with the page time it took to show; recalculation is the time until every formula ran. */
export async function driveLargeSheet(page: Page): Promise<Timing[]> {
  const timings: Timing[] = [];
  const time = async (name: string, run: () => Promise<number>) => {
    timings.push({ name, ms: await run() });
  };
  /** Runs `run` REPEATS times and records the median, with every run's figure. */
  const median = async (name: string, run: (i: number) => Promise<number>) => {
    const runs: number[] = [];
    for (let i = 0; i < REPEATS; i++) runs.push(await run(i));
    const sorted = [...runs].sort((a, b) => a - b);
    const all = runs.map((ms) => ms.toFixed(0)).join(", ");
    timings.push({ name: `${name}, median of ${REPEATS} (${all})`, ms: sorted[(REPEATS - 1) >> 1]! });
  };
  await time(`name box → A${LARGE_ROWS}`, () => jumpWithNameBox(page, `A${LARGE_ROWS}`, `A${LARGE_ROWS}`));
  await time("select column B (header click)", () => selectColumn(page, 2, "B"));
  await time(`name box → AD2:AD${FILL_ROWS + 1}`, () =>
    jumpWithNameBox(page, `AD2:AD${FILL_ROWS + 1}`, "AD2"),
  );
  await time(`fill down =LEN(A2) over ${FILL_ROWS} rows (Ctrl+D, shown)`, () => fillDown(page, "AD3"));
  await time(`… all ${FILL_ROWS} formulas computed (not an interaction)`, () => recalculated(page, "AD3"));
  await median(`undo of the ${FILL_ROWS}-row fill (Ctrl+Z, shown)`, async (i) => {
    if (i > 0) {
      await jumpWithNameBox(page, `AD2:AD${FILL_ROWS + 1}`, "AD2");
      await fillDown(page, "AD3");
      await recalculated(page, "AD3");
    }
    const ms = await undo(page, "AD3");
    await recalculated(page, "AD2");
    return ms;
  });
  // Each run from row 1 of another column of data, so each is that column's first Ctrl+Down.
  await median(`first Ctrl+Down of a column, row 1 → ${LARGE_ROWS}`, async (i) => {
    const letter = String.fromCharCode("C".charCodeAt(0) + i);
    await jumpWithNameBox(page, `${letter}1`, `${letter}1`);
    return ctrlDown(page, `${letter}${LARGE_ROWS}`);
  });
  await time(`scroll to the bottom (row ${LARGE_ROWS})`, () => scrollTo(page, "bottom", `A${LARGE_ROWS}`));
  await time("scroll to the top (row 1)", () => scrollTo(page, "top", "A1"));
  await time("fast scroll, 60 frames of 2,000 px: slowest frame", () => scrollFrames(page, 60, 2000));
  return timings;
}

export function timingTable(timings: Timing[]): string {
  const width = Math.max(...timings.map((t) => t.name.length));
  return timings.map((t) => `${t.name.padEnd(width)}  ${t.ms.toFixed(0).padStart(6)} ms`).join("\n");
}
