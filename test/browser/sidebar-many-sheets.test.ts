// Issue 19 point 10 in Chromium: a spreadsheet with 40 sheets of long names keeps the sidebar in view and
// within its 300 px: the sheet tabs scroll in their strip, and a selection on a long-named sheet wraps in
// the sidebar's pickers instead of widening them.
import type { Frame } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VIEWPORT } from "./support/chromium.ts";
import { openMenuItem, openSidebarPage, type SidebarPage } from "./support/sidebar-page.ts";

/** 90 characters with no space to break at, as exported or generated sheet names often are. */
const longName = (i: number) =>
  `Q3_pipeline_review_enterprise_accounts_${String(i).padStart(2, "0")}_`.padEnd(90, "x");
const SHEETS = Array.from({ length: 40 }, (_v, i) => longName(i));
const LAST = SHEETS[SHEETS.length - 1]!;

let world: SidebarPage;
let frame: Frame;

/** The widths of the sidebar's document: what it lays out against what it shows. */
const frameWidths = () =>
  frame.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));

beforeAll(async () => {
  world = await openSidebarPage({
    sheets: [
      { name: "Sheet1", values: [["Organization id"]] },
      ...SHEETS.map((name) => ({ name, values: [["Person id"], ["1"], ["2"]] })),
    ],
  });
  await openMenuItem(world.page, "Open sidebar");
  const handle = await world.page.locator("#sidebar-frame").elementHandle();
  frame = (await handle!.contentFrame())!;
});

afterAll(async () => {
  await world?.close();
});

describe("a spreadsheet with 40 long-named sheets", () => {
  it("keeps the page as wide as the window and the whole sidebar in view", async () => {
    const { page } = world;
    const page_ = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(page_.scroll).toBeLessThanOrEqual(page_.client);
    const box = await page.locator("#sidebar").boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORT.width);
    // The tabs scroll inside their strip, each cut short with its full name on hover.
    const strip = await page.evaluate(() => {
      const tabs = document.getElementById("tabs")!;
      return { scroll: tabs.scrollWidth, client: tabs.clientWidth };
    });
    expect(strip.scroll).toBeGreaterThan(strip.client);
    expect(await page.getByRole("tab", { name: LAST }).getAttribute("title")).toBe(LAST);
  });

  it("wraps a selection on a long-named sheet inside the sidebar's pickers on the Lists and Signals screens", async () => {
    const { page, sidebar, api } = world;
    await api.post("/api/select", { sheet: LAST, a1: "A1:A3" });
    for (const tab of ["Lists", "Signals"]) {
      await sidebar.getByRole("tab", { name: tab }).click();
      const field = sidebar.locator(".selection-field").first();
      await field.getByRole("button", { name: "Use selection" }).click();
      await field.getByText(/ · 2 rows · 2 ids$/).waitFor({ timeout: 10_000 });
      const value = await field.locator(".selection-value").boundingBox();
      const frameBox = await page.locator("#sidebar-frame").boundingBox();
      expect(value!.x + value!.width, tab).toBeLessThanOrEqual(frameBox!.x + frameBox!.width);
      expect(await frameWidths(), tab).toSatisfy(({ scroll, client }) => scroll <= client);
    }
    // The sidebar is still where the person left it, fully in view.
    const box = await page.locator("#sidebar").boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(VIEWPORT.width);
  });
});
