// Find ▸ People in the real sidebar, as a person fills and starts it: the set-up the people-search tests share.
import type { Locator } from "playwright-core";
import { confirmPaid, openMenuItem, type SidebarPage } from "./sidebar-page.ts";

/** Find ▸ People for five people of an active organization with at least five; returns the price line. */
export async function fillPeopleSearch({ page, sidebar, playground }: SidebarPage): Promise<Locator> {
  const org = playground.emulator!.state.dataset.orgs.find(
    (o) => o.peopleCount >= 5 && o.status === "active",
  )!;
  await openMenuItem(page, "Open sidebar");
  await sidebar.getByRole("tab", { name: "Find" }).click();
  await sidebar.getByRole("radio", { name: "People" }).check();
  await sidebar.getByLabel("Organizations: ids, domains or names").fill(String(org.id));
  await sidebar.getByLabel(/^How many/).fill("5");
  const estimate = sidebar.getByText(/^Up to \d+ credits · 5 people × \d+$/);
  await estimate.waitFor();
  return estimate;
}

/** Starts the filled search into a new sheet, answers the price question, and returns its job once queued. */
export async function startPeopleSearch({ sidebar }: SidebarPage): Promise<Locator> {
  await sidebar.getByRole("button", { name: "Search into new sheet" }).click();
  await confirmPaid(sidebar, "Search into a new sheet?");
  const item = sidebar.getByRole("listitem").filter({ hasText: /^People search in organization \d+/ });
  await item
    .locator('[aria-current="step"]')
    .filter({ hasText: /^Queued$/ })
    .waitFor();
  return item;
}
