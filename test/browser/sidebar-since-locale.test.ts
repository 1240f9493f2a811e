// Enrich's "Since" date in the spreadsheet's locale (issue 41 point 1), not the browser's mm/dd/yyyy: in a
// German spreadsheet it asks for dd.mm.yyyy, reads 31.01.2025 as 31 January, says when it cannot read a
// date, and the metric's column is counted since that day.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shown } from "./support/playground-client.ts";
import {
  answerEnrich,
  knownDomains,
  openMenuItem,
  openSidebarPage,
  putColumnH,
  type SidebarPage,
} from "./support/sidebar-page.ts";

describe("the Since date in a German spreadsheet", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
    world.playground.session.harness.setLocale("de_DE");
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("is shown and read as dd.mm.yyyy, and the run counts since the day typed", async () => {
    const { page, sidebar, api } = world;
    await putColumnH(world, "Domain", knownDomains(world, 2));
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    const chips = sidebar.getByRole("combobox", { name: "Job functions" });
    await chips.fill("Data Engineer");
    await chips.press("Enter");
    const since = sidebar.getByLabel("Since (optional)");
    expect(await since.getAttribute("placeholder")).toBe("dd.mm.yyyy");
    await sidebar.getByText("As dd.mm.yyyy").waitFor();

    await since.fill("31.13.2025");
    await since.blur();
    await sidebar.getByText("Not a date: type it as dd.mm.yyyy, for example 31.01.2025.").waitFor();
    expect(await since.getAttribute("aria-invalid")).toBe("true");

    await since.fill("31.01.2025");
    await since.blur();
    await sidebar.getByText("As dd.mm.yyyy").waitFor();
    expect(await since.getAttribute("aria-invalid")).toBeNull();

    const enrich = sidebar.getByRole("button", { name: "Enrich 2 rows" });
    await expect.poll(() => enrich.isEnabled(), { timeout: 20_000 }).toBe(true);
    await enrich.click();
    await answerEnrich(sidebar);
    await sidebar.getByText("Enrichment finished").waitFor({ timeout: 30_000 });
    const state = await api.state("Companies");
    // The column's header names the day in the add-on's one date format, as every sheet it writes does.
    expect(shown(state, "I1")).toBe("Data Engineer · Job posts since 2025-01-31");
  });
});
