// Find ▸ Jobs in Chromium: emptying the organizations a search was scoped to never widens it to every
// organization by itself; searching everywhere is a box the person ticks, priced before it runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addCondition,
  charged,
  confirmPaid,
  knownDomains,
  openMenuItem,
  openSidebarPage,
  pickTechnology,
  type SidebarPage,
} from "./support/sidebar-page.ts";

describe("a jobs search whose organizations are cleared", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("waits for where to search, and searches everywhere only when All organizations is ticked", async () => {
    const { page, sidebar } = world;
    await openMenuItem(page, "Open sidebar");
    await sidebar.getByRole("tab", { name: "Find" }).click();
    await sidebar.getByRole("radio", { name: "Jobs" }).click();
    await addCondition(sidebar, "technology");
    await pickTechnology(sidebar, "pyth", /^Python/);

    const organizations = sidebar.getByLabel("Organizations: ids, domains or names");
    await organizations.fill(knownDomains(world, 1)[0]!);
    const search = sidebar.getByRole("button", { name: "Search into new sheet" });
    await expect.poll(() => search.isEnabled()).toBe(true);

    // The scope is emptied: no search is offered, and nothing is spent, until the person says where.
    const before = charged(world);
    await organizations.fill("");
    await sidebar.getByText("Name where to search to see the estimate.").waitFor();
    expect(await search.isEnabled()).toBe(false);
    expect(charged(world)).toBe(before);

    await sidebar.getByRole("checkbox", { name: /^All organizations/ }).check();
    const estimate = sidebar.getByText(/^Up to [\d,]+ credits · [\d,]+ jobs × \d+$/);
    await estimate.waitFor();
    const [, credits] = /^Up to ([\d,]+) credits/.exec((await estimate.textContent()) ?? "")!;
    await expect.poll(() => search.isEnabled()).toBe(true);
    await search.click();
    await confirmPaid(sidebar, "Search into a new sheet?");
    await sidebar.getByText(/^Wrote [\d,]+ jobs to "Jobs" for [\d,]+ credits\./).waitFor();
    expect(charged(world) - before).toBeLessThanOrEqual(Number(credits!.replace(/,/g, "")));
  });
});
