// axe-core over every sidebar tab and the dialogs a person reaches (issue 41 point 8): no serious or
// critical WCAG 2.2 AA violation anywhere.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations } from "./support/axe.ts";
import { openMenuItem, openSidebarPage, type SidebarPage } from "./support/sidebar-page.ts";

describe("the sidebar under axe-core", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("has no serious or critical violation on any tab", async () => {
    const { page, sidebar } = world;
    await openMenuItem(page, "Open sidebar");
    const found: Record<string, unknown> = {};
    for (const tab of ["Enrich", "Find", "Lists", "Signals", "More"]) {
      await sidebar.getByRole("tab", { name: tab, exact: true }).click();
      await page.waitForTimeout(1_500);
      found[tab] = await seriousViolations(page);
    }
    await openMenuItem(page, "Settings");
    await page.waitForTimeout(1_500);
    found.Settings = await seriousViolations(page);
    expect(found).toEqual({ Enrich: [], Find: [], Lists: [], Signals: [], More: [], Settings: [] });
  });
});
