// Results in view, in Chromium: a run watched from the sidebar ends with its new columns selected (so
// Sheets scrolls to them), and "Show in sheet" brings them back; a search's new sheet opens at its top.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillPeopleSearch, startPeopleSearch } from "./support/people-search.ts";
import {
  answerEnrich,
  knownDomains,
  openMenuItem,
  openSidebarPage,
  putColumnH,
  type SidebarPage,
} from "./support/sidebar-page.ts";

describe("results the sidebar writes", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("are brought into view when a run ends, and again on Show in sheet", async () => {
    const { page, sidebar, api } = world;
    const domains = knownDomains(world, 20);
    await putColumnH(world, "Domain", domains);
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByText("Companies!H2:H21 · 20 rows", { exact: false }).waitFor();
    await sidebar.getByRole("checkbox", { name: /^Industry/ }).check();
    const enrich = sidebar.getByRole("button", { name: "Enrich 20 rows" });
    await expect.poll(() => enrich.isEnabled()).toBe(true);
    await enrich.click();
    await answerEnrich(sidebar);
    await sidebar.getByText("Enrichment finished").waitFor();

    // The new column I, from its header down, is what is selected now, in the page too.
    await expect.poll(async () => (await api.state()).selection, { timeout: 10_000 }).toBe("I1:I21");
    expect((await api.state()).activeSheet).toBe("Companies");
    await expect.poll(() => page.getByLabel("Name box").inputValue(), { timeout: 10_000 }).toBe("I1:I21");

    await api.post("/api/select", { sheet: "Companies", a1: "A1" });
    await sidebar.getByRole("button", { name: "Show in sheet" }).click();
    await expect.poll(async () => (await api.state()).selection, { timeout: 10_000 }).toBe("I1:I21");
  });
});

describe("a background search watched from the sidebar", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("opens a people search's sheet when the open sidebar sees the search finish", async () => {
    const { api, playground } = world;
    await fillPeopleSearch(world);
    const item = await startPeopleSearch(world);
    const before = (await api.state()).activeSheet;

    // The trigger runs the search and writes the sheet behind the person's view; the sidebar, polling,
    // sees it done and opens it.
    playground.session.tick(playground.session.harness.clock.now() + 2 * 60 * 60 * 1000);
    await expect
      .poll(() => item.locator('[aria-current="step"]').textContent(), { timeout: 20_000 })
      .toBe("Done — 5 people");
    await expect.poll(async () => (await api.state()).activeSheet, { timeout: 10_000 }).toBe("People");
    expect(before).not.toBe("People");
  });
});
