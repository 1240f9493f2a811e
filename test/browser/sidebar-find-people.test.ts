// The Find tab in Chromium: a people search started from the sidebar keeps going after the sidebar is
// closed, finishes in the background (the add-on's trigger), and shows as done when the sidebar reopens.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPeopleSearch, startPeopleSearch } from "./support/people-search.ts";
import {
  charged,
  closeSidebar,
  openMenuItem,
  openSidebarPage,
  type SidebarPage,
} from "./support/sidebar-page.ts";

const HOUR = 3_600_000;

describe("a people search from the sidebar", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("is queued while the sidebar is open, completes after it is closed, and shows done when reopened", async () => {
    const { page, sidebar, api, playground } = world;
    await fillPeopleSearch(world);
    // Contact reveals are priced where they are offered.
    await sidebar.getByText("E-mail address: 10 credits per person").waitFor();
    await sidebar.getByText("Phone number: 80 credits per person").waitFor();

    const before = charged(world);
    const _item = await startPeopleSearch(world);
    await sidebar
      .getByText("The search is queued at the service. It keeps running if you close the sidebar.")
      .waitFor();
    expect(charged(world)).toBe(before);

    await closeSidebar(page);
    // Time passes with the sidebar closed: the add-on's trigger runs the search and writes its people.
    playground.session.tick(playground.session.harness.clock.now() + 2 * HOUR);
    const people = await api.state("People");
    const header = people.sheet.cells.filter((c) => c.row === 1).map((c) => c.display);
    expect(header[0]).toBe("Person id");
    expect(new Set(people.sheet.cells.filter((c) => c.row > 1).map((c) => c.row)).size).toBe(5);
    const spent = charged(world) - before;
    expect(spent).toBeGreaterThan(0);

    await openMenuItem(page, "Open sidebar");
    await sidebar.getByRole("tab", { name: "Find" }).click();
    await sidebar.getByRole("radio", { name: "People" }).check();
    const done = sidebar.getByRole("listitem").filter({ hasText: /^People search in organization \d+/ });
    await expect.poll(() => done.locator('[aria-current="step"]').textContent()).toBe("Done — 5 people");
    await done.getByText(`Done: 5 people written to "People" for ${spent} credits.`).waitFor();
  });
});
