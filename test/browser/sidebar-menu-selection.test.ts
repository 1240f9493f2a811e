// Extensions ▸ Enrichment for Sheets ▸ Enrich selection… in Chromium: the sidebar opens with the cells the
// person had selected already read, as "Use selection" would, ready to choose what to add.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  charged,
  knownDomains,
  openMenuItem,
  openSidebarPage,
  putColumnH,
  type SidebarPage,
} from "./support/sidebar-page.ts";

describe("Enrich selection… from the menu", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("opens the Enrich tab on the selected column, read for free", async () => {
    const { page, sidebar, api } = world;
    const domains = knownDomains(world, 12);
    await putColumnH(world, "Domain", domains);
    const before = charged(world);
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByText("Companies!H2:H13 · 12 rows · 12 unique", { exact: false }).waitFor();
    await sidebar.getByText("Header “Domain” skipped.").waitFor();
    expect(charged(world)).toBe(before);

    // Opened again on another selection, it reads that one.
    await api.post("/api/select", { sheet: "Companies", a1: "H2:H6" });
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByText("Companies!H2:H6 · 5 rows · 5 unique", { exact: false }).waitFor();
  });

  it("keeps “Include rows added later” as the user left it when the same cells are read again", async () => {
    const { page, sidebar } = world;
    const use = sidebar.getByRole("button", { name: "Use selection" });
    await page.getByRole("columnheader", { name: "H", exact: true }).click();
    await use.click();
    const later = sidebar.getByRole("checkbox", { name: /^Include rows added later/ });
    await sidebar.getByText("Companies!H2:H (new rows included) · 12 rows now", { exact: false }).waitFor();
    expect(await later.isChecked()).toBe(true);
    await later.uncheck();
    await sidebar.getByText("Companies!H2:H13 · 12 rows · 12 unique", { exact: false }).waitFor();

    // Read again (as when the menu's read at start answers after a press): the box stays unchecked.
    const answered = page.waitForResponse(
      (r) => r.url().endsWith("/api/run") && r.request().postDataJSON()?.name === "describeSelection",
    );
    await use.click();
    await answered;
    await expect.poll(() => use.getAttribute("aria-busy")).toBe(null);
    expect(await later.isChecked()).toBe(false);
    await sidebar.getByText("Companies!H2:H13 · 12 rows · 12 unique", { exact: false }).waitFor();
  });
});
