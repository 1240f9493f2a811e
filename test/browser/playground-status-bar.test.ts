// The playground's bottom bar in Chromium (issue 29 points 3 and 4): a sheet opened at the end of a full
// tab strip stays in view beside the status text, whatever the status says meanwhile; and the status never
// says "All changes computed" while a cell still shows "Loading…".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  knownDomains,
  openSidebarPage,
  putColumnH,
  type SidebarPage,
  selectRange,
} from "./support/sidebar-page.ts";

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

describe("the status line", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("says formulas are still computing for as long as any cell shows Loading…", async () => {
    const { page } = world;
    await putColumnH(world, "Domain", knownDomains(world, 300));
    await selectRange(page, "I2");
    const bar = page.getByLabel("Formula bar");
    await bar.fill('=ORG_ATTR(H2, "industry")');
    await bar.press("Enter");
    await expect
      .poll(() => page.locator("#status").textContent(), { timeout: 10_000 })
      .toBe("All changes computed");

    // Every change the page draws, as a person would see it: the status line beside the cells' texts.
    await page.evaluate(`(() => {
      const seen = [];
      const look = () => {
        const loading = [...document.querySelectorAll("#grid td")].filter((td) => td.textContent === "Loading…").length;
        seen.push([document.getElementById("status").textContent, loading]);
      };
      new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
      globalThis.statusSeen = seen;
    })()`);
    await selectRange(page, "I2:I301");
    await page.keyboard.press("Control+d");
    await expect
      .poll(() => page.evaluate(`globalThis.statusSeen.some(([, loading]) => loading > 0)`), {
        timeout: 10_000,
      })
      .toBe(true);
    await expect
      .poll(
        () =>
          page.evaluate(
            `(() => { const [status, loading] = globalThis.statusSeen.at(-1); return status + " " + loading; })()`,
          ),
        { timeout: 30_000 },
      )
      .toBe("All changes computed 0");
    const seen = (await page.evaluate("globalThis.statusSeen")) as [string, number][];
    expect(seen.filter(([status, loading]) => status === "All changes computed" && loading > 0)).toEqual([]);
  });
});
