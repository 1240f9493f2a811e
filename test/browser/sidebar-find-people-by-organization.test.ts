// Find ▸ People in one organization named by its domain (issue 41 point 7): the search is named for the
// organization as typed, and the footer, the search's own line and the emulator's ledger say one total,
// the paid match of the domain included.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  charged,
  confirmPaid,
  ledgerEntries,
  openMenuItem,
  openSidebarPage,
  type SidebarPage,
} from "./support/sidebar-page.ts";

const HOUR = 3_600_000;

describe("a people search by organization", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("is named for the organization and its every figure equals what the service charged", async () => {
    const { page, sidebar, playground } = world;
    const org = playground.emulator!.state.dataset.orgs.find(
      (o) => o.peopleCount >= 5 && o.status === "active" && o.domain,
    )!;
    await openMenuItem(page, "Open sidebar");
    await sidebar.getByRole("tab", { name: "Find" }).click();
    await sidebar.getByRole("radio", { name: "People" }).check();
    await sidebar.getByLabel("Organizations: ids, domains or names").fill(org.domain);
    await sidebar.getByLabel(/^How many/).fill("5");
    await sidebar.getByText(/^Up to \d+ credits/).waitFor();
    const before = charged(world);
    const entriesBefore = ledgerEntries(playground).length;

    await sidebar.getByRole("button", { name: "Search into new sheet" }).click();
    await confirmPaid(sidebar, "Search into a new sheet?");
    const item = sidebar.getByRole("listitem").filter({ hasText: `People search in ${org.domain}` });
    await item
      .locator('[aria-current="step"]')
      .filter({ hasText: /^Queued$/ })
      .waitFor();
    const footer = sidebar.locator("#find-estimate");
    const matched = charged(world) - before;
    expect(matched).toBe(1);
    expect(await footer.textContent()).toMatch(/^Spent 1 credit( ·|$)/);

    // The search runs on (the add-on's trigger) while the sidebar is open; it follows it.
    playground.session.tick(playground.session.harness.clock.now() + 2 * HOUR);
    await expect
      .poll(() => item.locator('[aria-current="step"]').textContent(), { timeout: 20_000 })
      .toBe("Done — 5 people");
    const spent = charged(world) - before;
    expect(ledgerEntries(playground).length - entriesBefore).toBe(2);
    expect(spent).toBeGreaterThan(1);
    await item
      .getByText(`Done: 5 people written to "People" for ${spent} credits (1 to find the organization).`)
      .waitFor();
    await expect
      .poll(() => footer.textContent(), { timeout: 20_000 })
      .toMatch(new RegExp(`^Spent ${spent} credits( ·|$)`));
    await item.getByText(new RegExp(`^Spent ${spent} credits( ·|$)`)).waitFor();
  });
});
