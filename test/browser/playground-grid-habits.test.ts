// The playground grid where a Sheets user's habits meet it: copy across tabs, pasting past the edge, the name
// box, Ctrl+Home/End and PageDown/PageUp, and cell notes.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cellA1 } from "../../harness/a1.ts";
import type { SheetSeed } from "../../harness/index.ts";
import { type RunningPlayground, startPlayground } from "../../playground/server/start-playground.ts";
import { type Browser, launchChromium } from "./support/chromium.ts";
import { playgroundClient } from "./support/playground-client.ts";
import { cell } from "./support/sidebar-page.ts";

/** "Leads": 2,500 rows × 30 columns, data in A–C (a header and 2,499 leads); "Notes": an empty 1,000 × 26. */
const LEAD_ROWS = 2_500;
const leads: SheetSeed = {
  name: "Leads",
  rows: LEAD_ROWS,
  cols: 30,
  values: [
    ["Domain", "Employees", "Owner"],
    ...Array.from({ length: LEAD_ROWS - 1 }, (_, i) => [`lead${i + 2}.com`, (i + 2) * 10, `rep ${i % 7}`]),
  ],
};
const notes: SheetSeed = { name: "Notes", values: [["Kept"]] };

let playground: RunningPlayground;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  playground = await startPlayground({ port: 0, tickMs: 0, sheets: [leads, notes] });
  // What the add-on does to a header it writes: the API name kept in the cell's note.
  playground.session.harness.sheet("Leads").setNote("B1", "employee_count");
  browser = await launchChromium();
  page = browser.page;
  await page.goto(playground.url);
  await cell(page, "A2").filter({ hasText: /\S/ }).waitFor();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await playground?.close();
});

const nameBox = () => page.getByLabel("Name box");

async function goTo(a1: string): Promise<void> {
  await nameBox().fill(a1);
  await nameBox().press("Enter");
}

async function openTab(name: string): Promise<void> {
  await page.getByRole("tab", { name }).click();
  await expect.poll(() => page.getByRole("tab", { name }).getAttribute("aria-selected")).toBe("true");
}

/** Copies the grid's selection as Ctrl+C does: the copy event's clipboard text, which the page fills. */
function copy(): Promise<string> {
  return page.evaluate(() => {
    const clipboardData = new DataTransfer();
    const event = new ClipboardEvent("copy", { clipboardData, bubbles: true, cancelable: true });
    document.querySelector("table.sheet")!.dispatchEvent(event);
    return clipboardData.getData("text/plain");
  });
}

/** Pastes `text` as Ctrl+V does with it on the clipboard. */
async function paste(text: string): Promise<void> {
  await page.evaluate((data) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData("text/plain", data);
    const event = new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true });
    document.querySelector("table.sheet")!.dispatchEvent(event);
  }, text);
}

const api = () => playgroundClient(playground.url);

describe("copy and paste across tabs", () => {
  it("pastes on another tab the values copied on the first, not the destination's own cells", async () => {
    await openTab("Leads");
    await goTo("A1:B3");
    const text = await copy();
    expect(text).toBe("Domain\tEmployees\nlead2.com\t20\nlead3.com\t30");
    await openTab("Notes");
    await goTo("C2");
    await paste(text);
    await expect.poll(() => cell(page, "D4").textContent()).toBe("30");
    const state = await api().state("Notes", "rows=1-5&cols=1-5");
    expect(state.sheet.cells.map((c) => [c.row, c.col, c.display])).toEqual([
      [1, 1, "Kept"],
      [2, 3, "Domain"],
      [2, 4, "Employees"],
      [3, 3, "lead2.com"],
      [3, 4, "20"],
      [4, 3, "lead3.com"],
      [4, 4, "30"],
    ]);
  });

  it("grows a 1,000-row sheet to fit a 2,001-row paste, as Sheets does, the last row pasted", async () => {
    await openTab("Leads");
    await goTo("A1:A2001");
    const text = await copy();
    expect(text.split("\n")).toHaveLength(2001);
    await openTab("Notes");
    await goTo("F1");
    await paste(text);
    await expect
      .poll(async () => (await api().state("Notes", "rows=2001-2001&cols=6-6")).sheet.rows)
      .toBe(2001);
    const last = await api().state("Notes", "rows=1999-2001&cols=6-6");
    expect(last.sheet.cells.map((c) => [c.row, c.display])).toEqual([
      [1999, "lead1999.com"],
      [2000, "lead2000.com"],
      [2001, "lead2001.com"],
    ]);
    await goTo("F2001");
    await expect.poll(() => cell(page, "F2001").textContent()).toBe("lead2001.com");
  });
});

describe("the name box", () => {
  it.each([
    ["AE2", "Invalid range: AE2 is past this sheet's last cell, AD2500."],
    ["A60000", "Invalid range: A60000 is past this sheet's last cell, AD2500."],
    ["Z0", "Invalid range: Z0 is not a cell or a range such as B2 or A2:C9."],
  ])(
    "says why %s is refused and keeps the typing in the name box, not in the cell",
    async (typed, message) => {
      await openTab("Leads");
      await goTo("C3");
      await nameBox().fill(typed);
      await nameBox().press("Enter");
      await expect
        .poll(() => page.getByRole("alert").filter({ hasText: "Invalid range" }).textContent())
        .toBe(message);
      // The next keystrokes go where the person is typing: the name box, never the cell selected before.
      await page.keyboard.type("xyz");
      expect(await nameBox().inputValue()).toBe("xyz");
      expect(await page.locator(".cell-editor").isVisible()).toBe(false);
      await nameBox().press("Escape");
      expect(await nameBox().inputValue()).toBe("C3");
      expect((await api().state("Leads", "rows=3-3&cols=3-3")).sheet.cells[0]!.display).toBe("rep 1");
    },
  );

  it("goes to a valid cell and hands the keys back to the grid there", async () => {
    await openTab("Leads");
    await goTo("B2400");
    await expect.poll(() => page.locator('td.active[data-a1="B2400"]').count()).toBe(1);
    expect(await page.getByRole("alert").filter({ hasText: "Invalid range" }).count()).toBe(0);
  });
});

/** Rows a PageDown moves: the rows the grid shows whole, as the page measures them. */
async function pageRows(): Promise<number> {
  return page.evaluate(() => {
    const grid = document.getElementById("grid")!;
    return Math.max(1, Math.floor((grid.clientHeight - 23) / 23));
  });
}

describe("keys that move the selection as in Sheets", () => {
  it("Ctrl+Home goes to A1 and Ctrl+End to the last row and column with data", async () => {
    await openTab("Leads");
    await goTo("B7");
    await page.keyboard.press("Control+End");
    await expect.poll(() => nameBox().inputValue()).toBe(`C${LEAD_ROWS}`);
    await expect.poll(() => page.locator(`td.active[data-a1="C${LEAD_ROWS}"]`).textContent()).toBe("rep 6");
    await page.keyboard.press("Control+Home");
    await expect.poll(() => nameBox().inputValue()).toBe("A1");
    await expect.poll(() => page.locator('td.active[data-a1="A1"]').textContent()).toBe("Domain");
  });

  it("Ctrl+Shift+End and Ctrl+Shift+Home extend the selection from the active cell", async () => {
    await goTo("B7");
    await page.keyboard.press("Control+Shift+End");
    await expect.poll(() => nameBox().inputValue()).toBe(`B7:C${LEAD_ROWS}`);
    await page.keyboard.press("Control+Shift+Home");
    await expect.poll(() => nameBox().inputValue()).toBe("A1:B7");
    expect(await page.locator('td.active[data-a1="B7"]').count()).toBe(1);
  });

  it("PageDown moves the active cell a screen down and PageUp back; Shift extends", async () => {
    await goTo("B1");
    const rows = await pageRows();
    expect(rows).toBeGreaterThan(5);
    await page.keyboard.press("PageDown");
    await expect.poll(() => nameBox().inputValue()).toBe(`B${1 + rows}`);
    await page.keyboard.press("PageDown");
    await expect.poll(() => nameBox().inputValue()).toBe(`B${1 + 2 * rows}`);
    expect(await page.locator(`td.active[data-a1="B${1 + 2 * rows}"]`).isVisible()).toBe(true);
    await page.keyboard.press("PageUp");
    await expect.poll(() => nameBox().inputValue()).toBe(`B${1 + rows}`);
    await page.keyboard.press("Shift+PageDown");
    await expect.poll(() => nameBox().inputValue()).toBe(`B${1 + rows}:B${1 + 2 * rows}`);
    await page.keyboard.press("Shift+PageUp");
    await page.keyboard.press("Shift+PageUp");
    await expect.poll(() => nameBox().inputValue()).toBe(`B1:B${1 + rows}`);
    await goTo(cellA1(LEAD_ROWS - 2, 2));
    await page.keyboard.press("PageDown");
    await expect.poll(() => nameBox().inputValue()).toBe(`B${LEAD_ROWS}`);
  });
});

describe("cell notes", () => {
  it("marks a cell with a note by a black triangle in its corner and shows the note on hover", async () => {
    await openTab("Leads");
    await goTo("A1");
    const b1 = cell(page, "B1");
    await expect.poll(() => b1.locator(".note-mark").count()).toBe(1);
    expect(await cell(page, "A1").locator(".note-mark").count()).toBe(0);
    const mark = await b1.locator(".note-mark").evaluate((el) => {
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const td = el.closest("td")!.getBoundingClientRect();
      return {
        color: style.borderTopColor,
        right: Math.round(td.right - box.right),
        top: Math.round(box.top - td.top),
      };
    });
    expect(mark).toEqual({ color: "rgb(0, 0, 0)", right: 1, top: 0 });
    await b1.hover();
    const note = page.getByRole("tooltip");
    await expect.poll(() => note.isVisible()).toBe(true);
    expect(await note.textContent()).toBe("employee_count");
    await cell(page, "A2").hover();
    await expect.poll(() => note.isVisible()).toBe(false);
  });
});
