// Attribute names as a person types them into ORG_ATTR in the playground's grid, and the list Help gives.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cell, openMenuItem, openSidebarPage, type SidebarPage } from "./support/sidebar-page.ts";

async function typeInto(page: Page, a1: string, text: string): Promise<void> {
  await cell(page, a1).click();
  await page.keyboard.type(text);
  await page.keyboard.press("Enter");
}

describe("attribute names in ORG_ATTR", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("takes the add-on's own headers, and suggests the name a synonym means before sending anything", async () => {
    const { page, api } = world;
    const domain = (await api.state()).sheet.cells.find((c) => c.row === 2 && c.col === 1)?.display;
    expect(domain).toMatch(/\./);
    const requestsBefore = world.playground.session.harness.fetches.length;
    await typeInto(page, "M2", '=ORG_ATTR(A2, "employees")');
    await expect.poll(async () => (await cell(page, "M2").textContent()) ?? "").toBe("#ERROR!");
    expect(await cell(page, "M2").getAttribute("title")).toMatch(
      /^Unknown attribute "employees" in "attributes"\. Did you mean "employee_count"\? Use one of: /,
    );
    expect(world.playground.session.harness.fetches.length).toBe(requestsBefore);

    await typeInto(page, "N2", '=ORG_ATTR(A2, "HQ country")');
    await typeInto(page, "O2", '=ORG_ATTR(A2, "headquarters_country")');
    await expect.poll(async () => (await cell(page, "O2").textContent()) ?? "").not.toMatch(/^(|Loading…)$/);
    const byHeader = (await cell(page, "N2").textContent()) ?? "";
    expect(byHeader).not.toBe("#ERROR!");
    expect(byHeader).toBe((await cell(page, "O2").textContent()) ?? "");
  });

  it("lists every attribute with its header and API name in Help", async () => {
    const { page, sidebar } = world;
    await openMenuItem(page, "Help");
    const row = sidebar.locator(".help-attributes div", { hasText: "headquarters_country" });
    await expect.poll(async () => (await row.locator("dt").textContent())?.trim()).toBe("HQ country +");
    expect(await sidebar.locator(".help-attributes div").count()).toBe(29);
  });
});
