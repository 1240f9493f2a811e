// The Find tab in Chromium: a people search started from the sidebar keeps going after the sidebar is
// closed, finishes in the background (the add-on's trigger), and shows as done when the sidebar reopens.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  charged,
  closeSidebar,
  confirmPaid,
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
    const org = playground.emulator!.state.dataset.orgs.find(
      (o) => o.peopleCount >= 5 && o.status === "active",
    )!;
    await openMenuItem(page, "Open sidebar");
    await sidebar.getByRole("tab", { name: "Find" }).click();
    await sidebar.getByRole("radio", { name: "People" }).check();
    await sidebar.getByLabel("Organizations: ids, domains or names").fill(String(org.id));
    await sidebar.getByLabel(/^How many/).fill("5");
    // Contact reveals are priced where they are offered.
    await sidebar.getByText("E-mail address: 10 credits per person").waitFor();
    await sidebar.getByText("Phone number: 80 credits per person").waitFor();

    const estimate = sidebar.getByText(/^Up to \d+ credits · 5 people × \d+$/);
    await estimate.waitFor();
    const before = charged(world);
    await sidebar.getByRole("button", { name: "Search into new sheet" }).click();
    await confirmPaid(sidebar, "Search into a new sheet?");
    await sidebar
      .getByText("The search is queued at the service. It keeps running if you close the sidebar.")
      .waitFor();
    const item = sidebar.getByRole("listitem").filter({ hasText: "People search for a filter" });
    await expect.poll(() => item.locator('[aria-current="step"]').textContent()).toBe("Queued");
    expect(charged(world)).toBe(before);

    await closeSidebar(page);
    // Time passes with the sidebar closed: the add-on's trigger runs the search and writes its people.
    playground.session.tick(Date.now() + 2 * HOUR);
    const people = await api.state("People");
    const header = people.sheet.cells.filter((c) => c.row === 1).map((c) => c.display);
    expect(header[0]).toBe("Person id");
    expect(new Set(people.sheet.cells.filter((c) => c.row > 1).map((c) => c.row)).size).toBe(5);
    const spent = charged(world) - before;
    expect(spent).toBeGreaterThan(0);

    await openMenuItem(page, "Open sidebar");
    await sidebar.getByRole("tab", { name: "Find" }).click();
    await sidebar.getByRole("radio", { name: "People" }).check();
    const done = sidebar.getByRole("listitem").filter({ hasText: "People search for a filter" });
    await expect.poll(() => done.locator('[aria-current="step"]').textContent()).toBe("Done — 5 people");
    await done.getByText(`Done: 5 people written to "People" for ${spent} credits.`).waitFor();
  });
});
