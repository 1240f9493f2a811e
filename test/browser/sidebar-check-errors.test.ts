// Check this sheet in Chromium: every kind of error on the sheet in view, with its count, sentence and what
// to do, and a button that selects its cells in the grid (issue 41 point 3).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMenuItem, openSidebarPage, type SidebarPage } from "./support/sidebar-page.ts";

describe("Check this sheet: errors by kind", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("lists the formula errors by their sentence, and Select selects their cells", async () => {
    const { page, sidebar, playground, api } = world;
    const gas = playground.session.harness;
    await page.getByRole("tab", { name: "Examples" }).click();
    await expect.poll(async () => (await api.state()).calculating, { timeout: 60_000 }).toBe(false);
    const bad = gas.formula("Examples!Z2", '=ORG_ATTR("0","industry")');
    gas.formula("Examples!Z3", '=ORG_ATTR("0","industry")');
    expect(bad.display).toBe("#ERROR!");
    await openMenuItem(page, "Settings");
    await sidebar.getByRole("button", { name: "Check this sheet" }).click();
    await sidebar.getByRole("heading", { name: /^Errors on "Examples": / }).waitFor();
    const item = sidebar.locator("li", { hasText: bad.error! });
    await expect
      .poll(async () => item.textContent())
      .toBe(
        `2 cells (formula cells showing #ERROR!): ${bad.error} Hover a cell to read the same sentence; it says what to do.Select these 2`,
      );
    await item.getByRole("button", { name: "Select these 2" }).click();
    await expect.poll(() => gas.selection()).toEqual({ sheet: "Examples", ranges: ["Z2:Z3"] });
  });
});
