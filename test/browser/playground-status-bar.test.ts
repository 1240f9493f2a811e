// The playground's bottom bar in Chromium (issue 29 points 3 and 4): a sheet opened at the end of a full
// tab strip stays in view beside the status text, whatever the status says meanwhile.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSidebarPage, type SidebarPage } from "./support/sidebar-page.ts";

describe("the sheet tab strip", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage({
      sheets: Array.from({ length: 18 }, (_v, i) => ({ name: `Accounts ${i + 1}`, values: [["Domain"]] })),
    });
  });

  afterAll(async () => {
    await world?.close();
  });

  it("keeps a new sheet's tab in view when the status text beside it grows", async () => {
    const { page } = world;
    // The answer to the new sheet is slow to come back, as an add-on's execution is: the page hears of the
    // new sheet (and draws its tab) while the status still says "Working…".
    await page.route("**/api/sheets", async (route) => {
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.fulfill({ response });
    });
    await page.getByRole("button", { name: "Add sheet" }).click();
    await page.getByRole("tab", { name: "Sheet19", selected: true }).waitFor();
    await expect
      .poll(() => page.locator("#status").textContent(), { timeout: 10_000 })
      .toBe("All changes computed");
    const boxes = await page.evaluate(() => {
      const box = (element: Element) => {
        const { left, right } = element.getBoundingClientRect();
        return { left, right };
      };
      return {
        tab: box(document.querySelector('.tab[aria-selected="true"]')!),
        strip: box(document.getElementById("tabs")!),
        status: box(document.getElementById("status")!),
      };
    });
    expect(boxes.strip.right).toBeLessThanOrEqual(boxes.status.left);
    expect(boxes.tab.left).toBeGreaterThanOrEqual(boxes.strip.left - 0.5);
    expect(boxes.tab.right).toBeLessThanOrEqual(boxes.strip.right + 0.5);
  });
});
