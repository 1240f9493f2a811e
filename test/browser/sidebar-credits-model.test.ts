// One credits model in Chromium: after a paid run, the header's chip shows the balance the service last
// reported and what was spent today, read from the one record every paid response updates.
import type { FrameLocator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { call } from "../../emulator/testing.ts";
import { enrichIndustryInColumnH } from "./support/enrich-run.ts";
import { charged, openMenuItem, openSidebarPage, type SidebarPage } from "./support/sidebar-page.ts";

const chip = (sidebar: FrameLocator) => sidebar.locator("header button.chip");
const shownBalance = (world: SidebarPage) => `${balance(world).toLocaleString("en-US")} credits`;

function balance(world: SidebarPage): number {
  return call(world.playground.emulator!.state, "GET", "/__admin/ledger", {
    apiKey: null,
    query: { api_key: [DEMO_API_KEY] },
  }).body.credits_remaining as number;
}

describe("the credits chip", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("follows a paid run without a refresh, with what was spent today", async () => {
    const { page, sidebar } = world;
    await openMenuItem(page, "Open sidebar");
    // The chip starts from the balance the sample sheet's formulas left, their charges counted today.
    await expect.poll(async () => chip(sidebar).textContent()).toBe(shownBalance(world));
    const start = charged(world);

    // A 20-row enrichment on the Enrich tab: a background run the sidebar follows by polling.
    await enrichIndustryInColumnH(world, 20);
    expect(charged(world)).toBeGreaterThan(start);

    await expect.poll(async () => chip(sidebar).textContent()).toBe(shownBalance(world));
    await expect
      .poll(async () => chip(sidebar).getAttribute("aria-label"))
      .toContain(
        `Spent today (since 00:00 (UTC)): ${charged(world).toLocaleString("en-US")} credits, of which formulas ${start.toLocaleString("en-US")} credits.`,
      );
  });
});
