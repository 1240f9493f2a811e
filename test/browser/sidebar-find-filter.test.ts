// The Find tab in Chromium: an organization search built from conditions (a technology picked from the
// paid search, a headcount range) is priced first and lands in a new sheet with a header row and links.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addCondition,
  cell,
  charged,
  confirmPaid,
  openMenuItem,
  openSidebarPage,
  pickTechnology,
  type SidebarPage,
} from "./support/sidebar-page.ts";

describe("an organization search from the sidebar", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("is built from conditions, priced, and written to a new sheet with a header row and links", async () => {
    const { page, sidebar } = world;
    await openMenuItem(page, "Open sidebar");
    await sidebar.getByRole("tab", { name: "Find" }).click();
    await sidebar.getByRole("radio", { name: "Organizations" }).waitFor();

    await addCondition(sidebar, "technology");
    const before = charged(world);
    await pickTechnology(sidebar, "pyth", /^Python/);
    // The technology search cost what the field says: 1 credit, once.
    expect(charged(world) - before).toBe(1);
    await addCondition(sidebar, "employee_count");
    await sidebar.getByLabel("Employees, at least").fill("100");
    await sidebar.getByText("technology EQ 'python' AND employee_count EQ '100-'").waitFor();
    await sidebar.getByLabel(/^How many/).fill("10");

    const estimate = sidebar.getByText(/^Up to \d+ credits · 10 organizations × \d+$/);
    await estimate.waitFor();
    const [, credits] = /^Up to (\d+) credits/.exec((await estimate.textContent()) ?? "")!;
    const beforeSearch = charged(world);
    await sidebar.getByRole("button", { name: "Search into new sheet" }).click();
    expect(await confirmPaid(sidebar, "Search into a new sheet?")).toBe(`Up to ${credits} credits.`);
    await sidebar.getByText(/^Wrote 10 organizations to "Organizations" for \d+ credits\./).waitFor();
    expect(charged(world) - beforeSearch).toBe(Number(credits));

    // The new sheet is shown, with its header row and a link per organization.
    await expect
      .poll(() => page.getByRole("tab", { name: "Organizations" }).getAttribute("aria-selected"))
      .toBe("true");
    expect(await cell(page, "A1").textContent()).toBe("Name");
    expect(await cell(page, "B1").textContent()).toBe("Domain");
    const header = await world.api.state("Organizations");
    const links = header.sheet.cells.filter((c) => c.row > 1 && c.display.startsWith("https://"));
    expect(links).toHaveLength(10);
    // Friendly names on the sheet, the API names in the headers' notes.
    const headerRow = header.sheet.cells.filter((c) => c.row === 1);
    expect(headerRow.map((c) => c.display)).toEqual([
      "Name",
      "Domain",
      "Industry",
      "Employee count",
      "HQ country",
      "Link in the web app",
    ]);
    expect(headerRow.map((c) => c.note)).toEqual([
      "name",
      "url",
      "industry",
      "employee_count",
      "headquarters_country",
      "service_url",
    ]);
  });

  it("names the Order by choices in words, not API names", async () => {
    const { page, sidebar } = world;
    await openMenuItem(page, "Open sidebar");
    await sidebar.getByRole("tab", { name: "Find" }).click();
    await sidebar.getByRole("radio", { name: "Organizations" }).click();
    const options = await sidebar.getByLabel("Order by").locator("option").allTextContents();
    expect(options).toContain("Cloud spend (million USD)");
    expect(options).toContain("Employee count (as a number)");
    expect(options.filter((text) => text.includes("_") || /\b(int|usd|millions)\b/.test(text))).toEqual([]);
  });
});
