// The Enrich tab in Chromium: overwriting a filled column asks first; cancelling leaves every typed value
// and spends nothing, confirming replaces them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answerEnrich,
  cell,
  charged,
  knownDomains,
  openMenuItem,
  openSidebarPage,
  type SidebarPage,
  selectRange,
} from "./support/sidebar-page.ts";

describe("overwriting a filled column from the sidebar", () => {
  let world: SidebarPage;
  let before: number;

  beforeAll(async () => {
    world = await openSidebarPage();
    const { page, sidebar, api } = world;
    const domains = knownDomains(world, 5);
    await api.post("/api/cells", {
      sheet: "Companies",
      a1: "A1",
      values: [["Domain", "Notes"], ...domains.map((d) => [d, "typed by me"])],
    });
    await cell(page, "B6").filter({ hasText: "typed by me" }).waitFor();
    await selectRange(page, "A1:A6");
    await openMenuItem(page, "Open sidebar");
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    await sidebar.getByText("Companies!A2:A6 · 5 rows · 5 unique").waitFor();
    await sidebar.getByRole("checkbox", { name: /^Industry/ }).check();
    await sidebar.getByRole("radio", { name: /^Overwrite/ }).check();
    await sidebar.getByLabel("Starting at column").fill("B");
    await sidebar.getByText("Up to 10 credits · 5 organizations × 2 (1 base + 1 for fields)").waitFor();
    before = charged(world);
    // Chromium, the playground and a priced selection: past the default 10 s on a loaded machine.
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("asks before replacing anything, and cancelling keeps every typed value and spends nothing", async () => {
    const { page, sidebar } = world;
    await sidebar.getByRole("button", { name: "Enrich 5 rows" }).click();
    const dialog = sidebar.getByRole("alertdialog", { name: "Overwrite these cells?" });
    await dialog.getByText("Values already in B2:B6 will be replaced").waitFor();
    // The safe choice has the focus.
    await expect.poll(() => dialog.locator("button:focus").textContent()).toBe("Cancel");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    for (const row of [2, 3, 4, 5, 6]) {
      expect(await cell(page, `B${row}`).textContent()).toBe("typed by me");
    }
    expect(charged(world)).toBe(before);
    await sidebar.getByRole("button", { name: "Enrich 5 rows" }).waitFor();
  });

  it("replaces the values once the person confirms", async () => {
    const { page, sidebar } = world;
    await sidebar.getByRole("button", { name: "Enrich 5 rows" }).click();
    await sidebar.getByRole("alertdialog").getByRole("button", { name: "Overwrite" }).click();
    await answerEnrich(sidebar);
    await sidebar.getByText("Enrichment finished").waitFor();
    // Three of the five the sample sheet's formulas bought with Industry (the purchase record holds them).
    expect(charged(world) - before).toBe(4);
    await page.getByRole("tab", { name: "Companies" }).click();
    await expect.poll(() => cell(page, "B2").textContent()).not.toBe("typed by me");
    expect(await cell(page, "B2").textContent()).toMatch(/\S/);
    expect(await cell(page, "B1").textContent()).toBe("Notes");
  });
});
