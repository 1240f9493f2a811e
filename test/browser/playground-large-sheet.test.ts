// The playground at real size: 50,000 rows × 30 columns, driven as a person would; page times printed, not asserted.

import type { Locator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEmulatorState } from "../../emulator/state.ts";
import { largeSheet } from "../../playground/server/large-sheet.ts";
import { type RunningPlayground, startPlayground } from "../../playground/server/start-playground.ts";
import {
  fillDown,
  jumpWithNameBox,
  recalculated,
  scrollTo,
  selectColumn,
} from "../../scripts/lib/grid-timing.ts";
import { FILL_ROWS, LARGE_COLS, LARGE_ROWS } from "../../scripts/lib/playground-drive.ts";
import { type Browser, launchChromium } from "./support/chromium.ts";
import { playgroundClient } from "./support/playground-client.ts";
import { cell } from "./support/sidebar-page.ts";

let playground: RunningPlayground;
let browser: Browser;
const orgs = createEmulatorState().dataset.orgs;
const figures: string[] = [];
const note = (name: string, ms: number) => figures.push(`${name}: ${ms.toFixed(0)} ms`);

beforeAll(async () => {
  playground = await startPlayground({
    port: 0,
    tickMs: 0,
    sheets: [largeSheet(orgs, LARGE_ROWS, LARGE_COLS)],
  });
  browser = await launchChromium();
  await browser.page.goto(playground.url);
  await cell(browser.page, "A2").filter({ hasText: /\S/ }).waitFor();
}, 60_000);

afterAll(async () => {
  console.log(`Page times on ${LARGE_ROWS} rows × ${LARGE_COLS} columns:\n  ${figures.join("\n  ")}`);
  await browser?.close();
  await playground?.close();
});

const lastDomain = orgs[(LARGE_ROWS - 2) % orgs.length]!.domain;

describe("a 50,000-row sheet in the playground", () => {
  it("jumps with the name box to the last row, the cell drawn with its text", async () => {
    const page = browser.page;
    note("name box to the last row", await jumpWithNameBox(page, `A${LARGE_ROWS}`, `A${LARGE_ROWS}`));
    await expect(cell(page, `A${LARGE_ROWS}`).textContent()).resolves.toBe(lastDomain);
    expect(await page.getByLabel("Name box").inputValue()).toBe(`A${LARGE_ROWS}`);
    await expect(page.locator(`td.active[data-a1="A${LARGE_ROWS}"]`).count()).resolves.toBe(1);
  });

  it("selects column B with its header, on the page and in the spreadsheet", async () => {
    const page = browser.page;
    note("select column B", await selectColumn(page, 2, "B"));
    expect(await page.getByLabel("Name box").inputValue()).toBe(`B1:B${LARGE_ROWS}`);
    await expect
      .poll(async () => (await playgroundClient(playground.url).state()).selection)
      .toBe(`B1:B${LARGE_ROWS}`);
  });

  it("goes to the data's edge with Ctrl+arrows", async () => {
    const page = browser.page;
    await page.getByLabel("Name box").fill("C1");
    await page.getByLabel("Name box").press("Enter");
    await page.keyboard.press("Control+ArrowDown");
    await expect.poll(() => page.getByLabel("Name box").inputValue()).toBe(`C${LARGE_ROWS}`);
    await page.keyboard.press("Control+ArrowRight");
    await expect.poll(() => page.getByLabel("Name box").inputValue()).toBe(`AC${LARGE_ROWS}`);
  });

  it(`fills a formula down over ${FILL_ROWS} rows with Ctrl+D, each row reading its own cell`, async () => {
    const page = browser.page;
    await jumpWithNameBox(page, `AD2:AD${FILL_ROWS + 1}`, "AD2");
    note(`fill down ${FILL_ROWS} formulas (shown)`, await fillDown(page, "AD3"));
    note(`all ${FILL_ROWS} formulas computed`, await recalculated(page, "AD3"));
    const state = await playgroundClient(playground.url).state(
      undefined,
      `rows=2-${FILL_ROWS + 2}&cols=30-30`,
    );
    const formulas = state.sheet.cells.filter((c) => c.formula);
    expect(formulas).toHaveLength(FILL_ROWS);
    expect(formulas.at(-1)).toMatchObject({
      row: FILL_ROWS + 1,
      formula: `=LEN(A${FILL_ROWS + 1})`,
      display: String(orgs[(FILL_ROWS - 1) % orgs.length]!.domain.length),
    });
    await expect(cell(page, "AD3").textContent()).resolves.toBe(String(orgs[1]!.domain.length));
  });

  it("takes the fill back with Ctrl+Z", async () => {
    const page = browser.page;
    await page.keyboard.press("Control+z");
    await expect.poll(() => cell(page, "AD3").textContent()).toBe("");
    const state = await playgroundClient(playground.url).state(
      undefined,
      `rows=2-${FILL_ROWS + 2}&cols=30-30`,
    );
    expect(state.sheet.cells.map((c) => c.formula)).toEqual(["=LEN(A2)"]);
  });

  // Skipped at stop 37: on this machine it fails at the stop's base commit too (AD5 has no box after the
  // jump to AD2, with or without load), though CI passed it a stop before; the playground is unchanged since.
  // Left for the next stop to find what in the machine's Chromium changed, rather than hold this stop's work.
  it("drags the fill handle down three rows", async () => {
    const page = browser.page;
    await jumpWithNameBox(page, "AD2", "AD2");
    // The undo before this test may still be redrawing the grid on a loaded machine: take the handle once
    // it is drawn at the new selection (boundingBox is null for a hidden one).
    await page.locator(".fill-handle").waitFor({ state: "visible" });
    // On a loaded machine the grid redraws the rows below the jump a frame or two later, replacing their cells:
    // take each box once it is there.
    const handle = await boxOf(page.locator(".fill-handle"));
    const target = await boxOf(cell(page, "AD5"));
    await page.mouse.move(handle.x + 3, handle.y + 3);
    await page.mouse.down();
    await page.mouse.move(target.x + 10, target.y + 10, { steps: 4 });
    await page.mouse.up();
    await expect.poll(() => cell(page, "AD5").textContent()).toBe(String(orgs[3]!.domain.length));
    expect(await page.getByLabel("Name box").inputValue()).toBe("AD2:AD5");
  });

  it("scrolls end to end, the last and first rows drawn with their data", async () => {
    const page = browser.page;
    note("scroll to the bottom", await scrollTo(page, "bottom", `A${LARGE_ROWS}`));
    await expect(cell(page, `A${LARGE_ROWS}`).textContent()).resolves.toBe(lastDomain);
    note("scroll to the top", await scrollTo(page, "top", "A1"));
    await expect(cell(page, "A1").textContent()).resolves.toBe("Domain");
  });
});

/** The box of `locator` once the grid has drawn it (null while a redraw replaces the element). */
async function boxOf(locator: Locator): Promise<{ x: number; y: number }> {
  for (let tries = 0; tries < 50; tries++) {
    const box = await locator.boundingBox();
    if (box) return box;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No box for ${String(locator)} after 5 s`);
}
