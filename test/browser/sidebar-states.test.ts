// States that must not hide, in Chromium: the sidebar's title reads in full, "New enrichment" starts from
// the defaults, a refused Find search shows why where the person is looking, and rows the service failed on
// say so in their Status and in Errors until Resume finds them (issue 29 points 4 and 5).
import type { FrameLocator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../../emulator/testing.ts";
import {
  ADDON,
  addCondition,
  answerEnrich,
  cellInView,
  confirmPaid,
  knownDomains,
  openMenuItem,
  openSidebarPage,
  pickTechnology,
  putColumnH,
  type SidebarPage,
} from "./support/sidebar-page.ts";

/** How much of `selector`'s first match lies inside the sidebar's scrolling screen (0 to 1). */
async function shownFraction(sidebar: FrameLocator, selector: string): Promise<number> {
  return sidebar
    .locator(selector)
    .first()
    .evaluate((element) => {
      const screen = element.closest(".screen") ?? document.documentElement;
      const footer = screen.querySelector(".screen-footer");
      const view = screen.getBoundingClientRect();
      const bottom = footer ? footer.getBoundingClientRect().top : view.bottom;
      const box = element.getBoundingClientRect();
      const seen = Math.max(0, Math.min(box.bottom, bottom) - Math.max(box.top, view.top));
      return box.height > 0 ? seen / box.height : 0;
    });
}

describe("the sidebar's states", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("names the add-on in full: no text of the header row is cut short", async () => {
    const { page, sidebar } = world;
    await openMenuItem(page, "Open sidebar");
    await sidebar.getByRole("button", { name: /credits left/ }).waitFor();
    // Sheets' title bar (the playground's panel header) carries the name the server set.
    expect(await page.locator("#sidebar-title").textContent()).toBe(ADDON);
    expect(await sidebar.getByRole("heading", { level: 1 }).textContent()).toBe(ADDON);
    const cut = await sidebar.locator(".header").evaluate((header) =>
      [header, ...header.querySelectorAll("*")]
        .filter((element) => element.getBoundingClientRect().width > 1)
        .filter((element) => element.scrollWidth > element.clientWidth + 1)
        .map((element) => element.textContent),
    );
    expect(cut).toEqual([]);
  });

  it("starts a new enrichment from the defaults, not the last run's ticks", async () => {
    const { page, sidebar } = world;
    await putColumnH(world, "Domain", knownDomains(world, 5));
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByText("Companies!H2:H6 · 5 rows", { exact: false }).waitFor();
    for (const name of [/^Industry/, /^Employee count/, /^HQ country/]) {
      await sidebar.getByRole("checkbox", { name }).check();
    }
    const enrich = sidebar.getByRole("button", { name: "Enrich 5 rows" });
    await expect.poll(() => enrich.isEnabled()).toBe(true);
    await enrich.click();
    await answerEnrich(sidebar);
    await sidebar.getByText("Enrichment finished").waitFor();

    await sidebar.getByRole("button", { name: "New enrichment" }).click();
    const ticked = await sidebar.getByRole("checkbox", { checked: true }).count();
    expect(ticked).toBe(0);
    await sidebar.getByText("Choose what to add to see the estimate.", { exact: false }).waitFor();
  });

  it("brings a refused search's message into view instead of leaving it above the scrolled form", async () => {
    const { sidebar } = world;
    await sidebar.getByRole("tab", { name: "Find" }).click();
    await sidebar.getByRole("radio", { name: "Jobs" }).click();
    await addCondition(sidebar, "technology");
    await pickTechnology(sidebar, "pyth", /^Python/);
    await sidebar
      .getByLabel("Organizations: ids, domains or names")
      .fill("No Such Widgets Incorporated\nNobody Anywhere Holdings");
    const search = sidebar.getByRole("button", { name: "Search into new sheet" });
    await expect.poll(() => search.isEnabled(), { timeout: 10_000 }).toBe(true);
    // The person scrolled down to the button, as in a 300 px sidebar they must.
    await search.scrollIntoViewIfNeeded();
    await sidebar
      .locator(".screen")
      .first()
      .evaluate((screen) => {
        screen.scrollTop = screen.scrollHeight;
      });
    await search.click();
    await confirmPaid(sidebar, "Search into a new sheet?");
    const banner = sidebar.locator(".banner-error");
    await banner.first().waitFor();
    await expect.poll(() => shownFraction(sidebar, ".banner-error"), { timeout: 5_000 }).toBe(1);
  });
});

describe("rows the service failed on, in the Enrich tab", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("count in Errors and say so in their Status until Resume enriches them", async () => {
    const { page, sidebar, playground } = world;
    const emulator = playground.emulator!.state;
    await putColumnH(world, "Domain", knownDomains(world, 20));
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByText("Companies!H2:H21 · 20 rows", { exact: false }).waitFor();
    await sidebar.getByRole("checkbox", { name: /^Industry/ }).check();
    const enrich = sidebar.getByRole("button", { name: "Enrich 20 rows" });
    await expect.poll(() => enrich.isEnabled()).toBe(true);
    call(emulator, "POST", "/__admin/faults", {
      body: { path: "/v9/organizations", status: 503, count: 100 },
    });
    await enrich.click();
    await answerEnrich(sidebar);
    await sidebar.getByText("The run failed").waitFor({ timeout: 60_000 });

    const errors = sidebar.locator("dl.summary > div").filter({ hasText: "Errors" }).locator("dd");
    expect(await errors.textContent()).toBe("20");
    // Column I holds the industry, J the Status.
    await expect
      .poll(async () => (await cellInView(page, "J2")).textContent(), { timeout: 10_000 })
      .toBe("Not enriched: the service failed; press Resume");

    call(emulator, "DELETE", "/__admin/faults");
    await sidebar.getByRole("button", { name: "Resume" }).click();
    await confirmPaid(sidebar, "Resume this run?");
    await sidebar.getByText("Enrichment finished").waitFor({ timeout: 60_000 });
    expect(await errors.textContent()).toBe("0");
    expect(await sidebar.getByText("Rows not enriched, and why").count()).toBe(0);
    await expect
      .poll(async () => (await cellInView(page, "J2")).textContent(), { timeout: 10_000 })
      .toBe("Found");
  });
});
