// Paid lookups only when the person asks (issue 41 point 6), through the real sidebar: typing a technology
// at a person's pace spends nothing; Enter or Search asks with the price, then searches once; an earlier
// answer suggests for free; a category lookup asks too. Reading saved lists names its bound: the count the
// last read found.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  closeSidebar,
  confirmPaid,
  ledgerEntries,
  openMenuItem,
  openSidebarPage,
  type SidebarPage,
} from "./support/sidebar-page.ts";

const SIDEBAR_LOOKUPS = ["/v9/technologies/find", "/v9/technologies/categories/lookup"];

describe("technology searches", () => {
  let world: SidebarPage;
  // The sample sheet's formulas spend on their own; these are the lookups' charges alone.
  const paths = () =>
    ledgerEntries(world.playground)
      .filter((entry) => SIDEBAR_LOOKUPS.includes(entry.path))
      .map((entry) => [entry.path, entry.credits]);

  beforeAll(async () => {
    world = await openSidebarPage();
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("spend nothing while typing, and search once, asked with its price, on Enter", async () => {
    const { page, sidebar } = world;
    await openMenuItem(page, "Open sidebar");
    const field = sidebar.getByRole("combobox", { name: "Technologies" });
    // A person typing "snowflake" at about 0.7 s a key: every pause is longer than any debounce.
    await field.pressSequentially("snowflake", { delay: 700 });
    await page.waitForTimeout(1_000);
    expect(paths()).toEqual([]);
    expect(await sidebar.getByRole("listbox", { name: "Technologies: suggestions" }).count()).toBe(0);

    await field.press("Enter");
    const ask = sidebar.getByRole("alertdialog", { name: 'Search technologies for "snowflake"?' });
    await ask.waitFor();
    expect(await ask.locator("p").nth(1).textContent()).toBe("Up to 1 credit.");
    // Cancelled, nothing is sent and the text stays to search later.
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "hidden" });
    expect(paths()).toEqual([]);
    expect(await field.inputValue()).toBe("snowflake");

    await sidebar.getByRole("button", { name: "Search technologies" }).click();
    await ask.waitFor();
    await ask.getByRole("button", { name: "Spend up to 1 credit" }).click();
    // The exact name is taken at once: one chip, one paid search.
    await sidebar.getByRole("list", { name: "Technologies: chosen" }).getByText("Snowflake").waitFor();
    expect(paths()).toEqual([["/v9/technologies/find", 1]]);
    expect(await field.inputValue()).toBe("");
  });

  it("suggest from earlier answers for free", async () => {
    const { sidebar } = world;
    await sidebar.getByRole("button", { name: "Remove Snowflake" }).click();
    const field = sidebar.getByRole("combobox", { name: "Technologies" });
    await field.pressSequentially("snow", { delay: 50 });
    await sidebar.getByRole("option", { name: /^Snowflake/ }).click();
    await sidebar.getByRole("list", { name: "Technologies: chosen" }).getByText("Snowflake").waitFor();
    expect(paths()).toEqual([["/v9/technologies/find", 1]]);
  });

  it("list what a partial name finds, to pick from, after one asked search", async () => {
    const { sidebar } = world;
    const field = sidebar.getByRole("combobox", { name: "Technologies" });
    await field.fill("pyth");
    await field.press("Enter");
    const ask = sidebar.getByRole("alertdialog", { name: 'Search technologies for "pyth"?' });
    await ask.getByRole("button", { name: "Spend up to 1 credit" }).click();
    await sidebar.getByRole("option", { name: /^Python/ }).click();
    await sidebar.getByRole("list", { name: "Technologies: chosen" }).getByText("Python").waitFor();
    expect(paths()).toEqual([
      ["/v9/technologies/find", 1],
      ["/v9/technologies/find", 1],
    ]);
  });

  it("look a category up only when asked, with its price", async () => {
    const { sidebar } = world;
    const field = sidebar.getByRole("combobox", { name: "Technology categories" });
    await field.fill("Data Warehouses");
    await field.press("Enter");
    const ask = sidebar.getByRole("alertdialog", { name: 'Look up the category "Data Warehouses"?' });
    await ask.waitFor();
    expect(await ask.locator("p").nth(1).textContent()).toBe("Up to 1 credit.");
    expect(paths()).toHaveLength(2);
    await ask.getByRole("button", { name: "Spend up to 1 credit" }).click();
    await sidebar
      .getByRole("list", { name: "Technology categories: chosen" })
      .getByRole("listitem")
      .waitFor();
    expect(paths()).toEqual([
      ["/v9/technologies/find", 1],
      ["/v9/technologies/find", 1],
      ["/v9/technologies/categories/lookup", 1],
    ]);
  });
});

describe("reading saved lists", () => {
  let world: SidebarPage;
  const listReads = () =>
    ledgerEntries(world.playground)
      .filter((entry) => entry.path === "/v9/organization-lists")
      .map((entry) => entry.credits);

  beforeAll(async () => {
    world = await openSidebarPage();
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("keeps the lists over a tab switch, and bounds the next sidebar's read by the last count", async () => {
    const { page, sidebar } = world;
    await openMenuItem(page, "Open sidebar");
    await sidebar.getByRole("tab", { name: "Lists" }).click();
    await sidebar.getByRole("button", { name: "Read lists" }).click();
    expect(await confirmPaid(sidebar, "Read your organization lists?")).toBe(
      "Reading costs 1 credit per list; how many there are is known once read.",
    );
    const lists = sidebar.getByRole("list", { name: "Organization lists" }).getByRole("listitem");
    await lists.first().waitFor();
    const count = await lists.count();
    expect(listReads()).toEqual([count]);

    // Contact lists and back, Signals and back: the lists read are still there, nothing read again.
    await sidebar.getByRole("tab", { name: "Contact lists" }).click();
    await sidebar.getByRole("tab", { name: "Organization lists" }).click();
    await sidebar.getByRole("tab", { name: "Signals" }).click();
    await sidebar.getByRole("tab", { name: "Lists" }).click();
    await lists.first().waitFor();
    expect(await lists.count()).toBe(count);
    expect(listReads()).toEqual([count]);

    // A new sidebar knows how many there were: its question names the most it costs.
    await closeSidebar(page);
    await openMenuItem(page, "Open sidebar");
    await sidebar.getByRole("tab", { name: "Lists" }).click();
    const bound = `Up to ${count} credits for the ${count} lists read last time (1 credit per list), plus 1 credit for each list added since.`;
    await sidebar.getByText(bound).waitFor();
    await sidebar.getByRole("button", { name: "Read lists" }).click();
    expect(await confirmPaid(sidebar, "Read your organization lists?")).toBe(bound);
    await lists.first().waitFor();
    expect(listReads()).toEqual([count, count]);
  });
});

describe("clearing cached formula results", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage({ sheets: [{ name: "Companies", values: [["Domain", "Industry"]] }] });
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("says about what fetching them again costs: here what they cost to fetch", async () => {
    const { page, sidebar, api, playground } = world;
    const [first, second] = playground.emulator!.state.dataset.orgs;
    await api.post("/api/cells", {
      sheet: "Companies",
      a1: "A2",
      values: [
        [first!.domain, '=ORG_ATTR(A2:A3, "industry")'],
        [second!.domain, ""],
      ],
    });
    await expect.poll(async () => (await api.state()).calculating, { timeout: 60_000 }).toBe(false);
    const paid = ledgerEntries(playground).reduce((sum, entry) => sum + entry.credits, 0);
    // Two organizations, each 1 base + industry.
    expect(paid).toBe(4);
    await openMenuItem(page, "Settings");
    const line =
      "Cleared, formulas in this spreadsheet fetch again on their next recalculation: about 4 credits to fetch these again.";
    await sidebar.getByText(line).waitFor();
    await sidebar.getByRole("button", { name: "Clear cached results…" }).click();
    const clear = sidebar.getByRole("button", { name: "Clear answers for 2 organizations" });
    expect(await clear.getAttribute("aria-describedby")).toBe("cache-hint");
    expect(await sidebar.locator("#cache-hint").textContent()).toBe(line);
  });
});
