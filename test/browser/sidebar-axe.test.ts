// axe-core over every sidebar tab, its views and sections, and the dialogs a person reaches (issue 41
// point 8): no serious or critical WCAG 2.2 AA violation in any of them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seriousViolations, type Violation } from "./support/axe.ts";
import { openMenuItem, openSidebarPage, type SidebarPage } from "./support/sidebar-page.ts";

describe("the sidebar under axe-core", () => {
  let world: SidebarPage;
  const found: Record<string, Violation[]> = {};
  const checked: string[] = [];
  const check = async (state: string) => {
    checked.push(state);
    // Screens read their data first; axe looks once the spinner is gone.
    await world.sidebar.locator(".spinner").first().waitFor({ state: "hidden", timeout: 20_000 });
    const violations = await seriousViolations(world.page);
    if (violations.length > 0) found[state] = violations;
  };

  beforeAll(async () => {
    world = await openSidebarPage();
    await openMenuItem(world.page, "Open sidebar");
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("has no serious or critical violation on any tab, view or section", async () => {
    const { page, sidebar } = world;
    for (const tab of ["Enrich", "Find", "Lists", "Signals", "More"]) {
      await sidebar.getByRole("tab", { name: tab, exact: true }).click();
      await check(tab);
      // The tab's own views ("Organization lists", "Contact lists"; the Signals views).
      const views = sidebar.locator(".view-switch [role=tab]");
      for (let i = 0; i < (await views.count()); i++) {
        await views.nth(i).click();
        await check(`${tab} ▸ ${await views.nth(i).textContent()}`);
      }
      // Find's kinds of search.
      const kinds = sidebar.locator(".segmented [role=radio]");
      for (let i = 0; i < (await kinds.count()); i++) {
        await kinds.nth(i).click();
        await check(`${tab} ▸ ${await kinds.nth(i).textContent()}`);
      }
      // More's sections, each opened.
      const closed = sidebar.locator("button[aria-expanded=false]");
      for (let i = (await closed.count()) - 1; i >= 0; i--) await closed.nth(i).click();
      await check(`${tab}, sections open`);
    }
    for (const item of ["Settings", "Help"]) {
      await openMenuItem(page, item);
      await check(item);
    }
    // Every tab, both kinds of list, the Signals views, Find's three kinds, Settings and Help.
    expect(checked.length).toBeGreaterThanOrEqual(16);
    expect(found).toEqual({});
  });

  it("has none in the price questions either", async () => {
    const { page, sidebar } = world;
    await openMenuItem(page, "Open sidebar");
    await sidebar.getByRole("tab", { name: "Enrich", exact: true }).click();
    const field = sidebar.getByRole("combobox", { name: "Technologies" });
    await field.fill("snowflake");
    await field.press("Enter");
    await sidebar.getByRole("alertdialog").waitFor();
    await check("Technology search question");
    await sidebar.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();

    await sidebar.getByRole("tab", { name: "Lists", exact: true }).click();
    await sidebar.getByRole("button", { name: "Read lists" }).click();
    await sidebar.getByRole("alertdialog").waitFor();
    await check("Read lists question");
    await sidebar.getByRole("alertdialog").getByRole("button", { name: "Read the lists" }).click();
    await sidebar.getByRole("list", { name: "Organization lists" }).getByRole("listitem").first().waitFor();
    await check("Lists read");
    expect(found).toEqual({});
  });
});
