// Page time of the playground grid's interactions, measured in the page from the input to the frame showing it.
import type { Page } from "playwright-core";

/** What one interaction took in the page: from dispatching the input to the frame that shows its result. */
export interface Timing {
  name: string;
  ms: number;
}

/**
 * Runs `act` in the page, then waits frame by frame until `done` holds there; the page time between the two
 * (performance.now()), so a slow test machine's Playwright round trips are not counted.
 */
async function measure(page: Page, act: string, done: string): Promise<number> {
  // Sent as text: functions compiled by tsx carry helpers (__name) the page does not have.
  return page.evaluate(`new Promise((resolve, reject) => {
    const start = performance.now();
    ${act}
    const limit = start + 60000;
    const frame = () => {
      if (${done}) resolve(performance.now() - start);
      else if (performance.now() > limit) reject(new Error("Not shown within 60 s: " + ${JSON.stringify(done)}));
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  })`) as Promise<number>;
}

const key = (target: string, init: string) =>
  `${target}.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ${init} }));`;
const shows = (a1: string, text = "\\S") =>
  `/${text}/.test(document.querySelector('td[data-a1="${a1}"]')?.textContent ?? "")`;

/** The name box: type a cell or range and press Enter; shown when the active cell is drawn with its text. */
export function jumpWithNameBox(page: Page, a1: string, cell: string): Promise<number> {
  return measure(
    page,
    `const box = document.getElementById("name-box"); box.value = ${JSON.stringify(a1)}; ${key("box", 'key: "Enter"')}`,
    `document.querySelector('td.active[data-a1="${cell}"]') !== null && ${shows(cell)}`,
  );
}

/** Clicks a column's header; shown when the header and the column's cells in view are marked selected. */
export function selectColumn(page: Page, col: number, letters: string): Promise<number> {
  return measure(
    page,
    `document.querySelector('th.col-header[data-col="${col}"]').dispatchEvent(new MouseEvent("mousedown", { bubbles: true, cancelable: true, button: 0 }));`,
    `document.querySelector('th.col-header.selected[data-col="${col}"]') !== null && document.querySelector('td.selected[data-a1="${letters}2"]') !== null`,
  );
}

/** Ctrl+D over the selection; shown when `cell` (below the top row) shows "Loading…" or its value. */
export function fillDown(page: Page, cell: string): Promise<number> {
  return measure(page, key("document.querySelector('table.sheet')", 'key: "d", ctrlKey: true'), shows(cell));
}

/** Waits for every formula to have run: `cell` shows text other than "Loading…" and the server is idle. */
export function recalculated(page: Page, cell: string): Promise<number> {
  return measure(
    page,
    "",
    `${shows(cell)} && !/Loading/.test(document.querySelector('td[data-a1="${cell}"]').textContent) && document.getElementById("status").textContent === "All changes computed"`,
  );
}

/** Scrolls the grid to its bottom or top, at its left edge; shown when `cell` is drawn with its text. */
export function scrollTo(page: Page, where: "bottom" | "top", cell: string): Promise<number> {
  const top = where === "bottom" ? "grid.scrollHeight" : "0";
  return measure(
    page,
    `const grid = document.getElementById("grid"); grid.scrollTo(0, ${top});`,
    shows(cell),
  );
}

/** Scrolls down `frames` steps of `step` pixels, one per frame, as a fast wheel does; the slowest frame. */
export async function scrollFrames(page: Page, frames: number, step: number): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    const grid = document.getElementById("grid");
    let worst = 0;
    let last = performance.now();
    let left = ${frames};
    const frame = () => {
      const now = performance.now();
      worst = Math.max(worst, now - last);
      last = now;
      if (left-- === 0) resolve(worst);
      else {
        grid.scrollTop += ${step};
        requestAnimationFrame(frame);
      }
    };
    requestAnimationFrame(frame);
  })`) as Promise<number>;
}

/** Ctrl+Z; shown when `cell` is drawn empty (the fill taken back) and the server has nothing left to compute. */
export function undo(page: Page, cell: string): Promise<number> {
  return measure(
    page,
    key("document.querySelector('table.sheet')", 'key: "z", ctrlKey: true'),
    `document.querySelector('td[data-a1="${cell}"]')?.textContent === ""`,
  );
}

/** Ctrl+Down from the active cell; shown when `cell` is drawn as the active cell with its text. */
export function ctrlDown(page: Page, cell: string): Promise<number> {
  return measure(
    page,
    key("document.querySelector('table.sheet')", 'key: "ArrowDown", ctrlKey: true'),
    `document.querySelector('td.active[data-a1="${cell}"]') !== null && ${shows(cell)}`,
  );
}
