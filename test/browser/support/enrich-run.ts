// An Industry enrichment of known domains in column H, started from the open sidebar's Enrich tab and
// watched to its end: the paid run the money tests share.
import { expect } from "vitest";
import { answerEnrich, knownDomains, putColumnH, type SidebarPage } from "./sidebar-page.ts";

/** Types `rows` known domains in H2 down, selects them, enriches Industry and waits for "Enrichment finished". */
export async function enrichIndustryInColumnH(world: SidebarPage, rows: number): Promise<void> {
  const { sidebar } = world;
  await putColumnH(world, "Domain", knownDomains(world, rows));
  await sidebar.getByRole("tab", { name: "Enrich" }).click();
  await sidebar.getByRole("button", { name: "Use selection" }).click();
  await sidebar.getByRole("checkbox", { name: /^Industry/ }).check();
  const enrich = sidebar.getByRole("button", { name: `Enrich ${rows} rows` });
  await expect.poll(() => enrich.isEnabled()).toBe(true);
  await enrich.click();
  await answerEnrich(sidebar);
  await sidebar.getByText("Enrichment finished").waitFor();
}
