// The Refreshes section in Chromium on the playground: a run scheduled with its price per run and per day
// shown before it is saved (asking first), then Refresh now running it through the engine, its last run
// with its notable changes first, the threshold that decides them, and "Select changed cells".
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../../emulator/testing.ts";
import {
  answerEnrich,
  cellInView,
  charged,
  confirmPaid,
  knownDomains,
  openMenuItem,
  openSidebarPage,
  type SidebarPage,
  selectRange,
} from "./support/sidebar-page.ts";

const ROWS = 20;

/** The emulator's data for the organization with this domain moves, as the service's does. */
function moveOrg(world: SidebarPage, domain: string, body: { employee_count?: number; industry?: string }) {
  const state = world.playground.emulator!.state;
  const org = state.dataset.orgs.find((o) => o.domain === domain)!;
  const answer = call(state, "POST", "/__admin/organizations", { body: { id: org.id, ...body } });
  expect(answer.status).toBe(200);
}

describe("the Refreshes section", () => {
  let world: SidebarPage;
  let domains: string[];

  beforeAll(async () => {
    world = await openSidebarPage({
      sheets: [{ name: "Companies", values: [["Domain"]] }],
    });
    domains = knownDomains(world, ROWS);
    await world.api.post("/api/cells", {
      sheet: "Companies",
      a1: "A1",
      values: [["Domain"], ...domains.map((d) => [d])],
    });
    // Round headcounts when the list is first enriched, so the run's changes read plainly.
    [1200, 1000, null, 500, 80].forEach((count, i) => {
      if (count !== null) moveOrg(world, domains[i + 1]!, { employee_count: count });
    });
    moveOrg(world, domains[3]!, { industry: "Information" });
  });

  afterAll(async () => {
    await world?.close();
  });

  it("shows a schedule's price per run and per day before it is saved, and asks first", async () => {
    const { page, sidebar } = world;
    await (await cellInView(page, `A${ROWS + 1}`)).filter({ hasText: domains[ROWS - 1]! }).waitFor();
    await selectRange(page, `A1:A${ROWS + 1}`);
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    await sidebar.getByRole("checkbox", { name: /^Industry/ }).check();
    await sidebar.getByRole("checkbox", { name: /^Employee count/ }).check();
    await sidebar.getByText("Up to 60 credits · 20 organizations × 3 (1 base + 2 for fields)").waitFor();
    await sidebar.getByRole("button", { name: `Enrich ${ROWS} rows` }).click();
    await answerEnrich(sidebar);
    await sidebar.getByText("Enrichment finished").waitFor();

    const before = charged(world);
    await sidebar.getByRole("button", { name: "Schedule this refresh…" }).click();
    await sidebar.getByLabel("Refresh these columns").selectOption("hourly");
    const price = sidebar.getByLabel("Price of this schedule");
    await price.getByText("Up to 60 credits a run · 20 organizations × 3").waitFor();
    await price.getByText("Up to 1,440 credits a day · 24 runs a day").waitFor();
    await sidebar.getByRole("checkbox", { name: /^New rows only/ }).check();
    await price
      .getByText(
        "New rows only: 3 credits per row added or edited since the run before, nothing for the others; a day costs 3 credits per row added that day. None is waiting now: a run that finds no new rows costs nothing.",
      )
      .waitFor();
    await sidebar.getByRole("checkbox", { name: /^New rows only/ }).uncheck();
    await price.getByText("Up to 1,440 credits a day · 24 runs a day").waitFor();

    await sidebar.getByRole("button", { name: "Save schedule" }).click();
    const ask = sidebar.getByRole("alertdialog", { name: "Schedule this refresh?" });
    await ask
      .getByText(
        "Refresh every hour: up to 60 credits a run · 20 organizations × 3; up to 1,440 credits a day · 24 runs a day.",
      )
      .waitFor();
    await ask.getByRole("button", { name: "Save schedule" }).click();
    await sidebar
      .getByText(/^Scheduled: every hour, next at \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\)\. /)
      .waitFor();
    // Pricing and saving a schedule is free.
    expect(charged(world)).toBe(before);
  });

  it("lists the last run's notable changes first, follows the threshold, and selects the changed cells", async () => {
    const { page, sidebar } = world;
    const gas = world.playground.session.harness;
    // The service's data moves: three counts past 10%, one by 5%, one by 1, and one industry.
    [1450, 1050, null, 400, 81].forEach((count, i) => {
      if (count !== null) moveOrg(world, domains[i + 1]!, { employee_count: count });
    });
    moveOrg(world, domains[3]!, { industry: "Finance and Insurance" });

    await sidebar.getByRole("tab", { name: "More" }).click();
    await sidebar.getByRole("button", { name: /^Scheduled refreshes/ }).click();
    // The rule keeps the selection as given, header included (the header row is detected and skipped).
    const title = `Companies!A1:A${ROWS + 1}`;
    // The rule's fields as the columns' headers name them; their API names in the tooltip.
    const details = sidebar.locator(".item-details", { hasText: "hourly · Industry, Employee count · " });
    expect(await details.getAttribute("title")).toBe("API fields: industry, employee_count");

    // Refresh now, priced and asked first, runs the rule through the engine.
    const before = charged(world);
    await sidebar.getByRole("button", { name: `Actions for ${title}` }).click();
    await sidebar
      .getByText("Refresh now: Up to 60 credits · 20 organizations × 3 (1 base + 2 for fields).")
      .waitFor();
    await sidebar.getByRole("button", { name: "Refresh now" }).click();
    await sidebar.getByText(/^Re-enriches the column with Industry, Employee count\. /).waitFor();
    await confirmPaid(sidebar, `Refresh ${title} now?`);
    await sidebar.getByText(`Last run: ${ROWS} rows checked · 5 cells changed · 60 credits`).waitFor();
    expect(charged(world) - before).toBe(60);
    const notable = sidebar.getByRole("list", { name: `Notable changes in ${title}` });
    await notable.getByRole("listitem").first().waitFor();
    expect(await notable.getByRole("listitem").allTextContents()).toEqual([
      `${domains[1]} Employee count 1,200 → 1,450 (+21%)`,
      `${domains[3]} Industry Information → Finance and Insurance`,
      `${domains[4]} Employee count 500 → 400 (−20%)`,
    ]);
    await sidebar.getByText("And 2 other changes.").waitFor();

    // A lower threshold for this rule: the +5% is listed too.
    const threshold = sidebar.getByLabel("Notable count change (±%)");
    expect(await threshold.inputValue()).toBe("10");
    await threshold.fill("5");
    await sidebar.getByRole("button", { name: "Save", exact: true }).click();
    await sidebar.getByText("Counts that move ±5% or more are listed first.").waitFor();
    await notable.getByText("Employee count 1,000 → 1,050 (+5%)").waitFor();
    expect(await notable.getByRole("listitem").count()).toBe(4);
    await sidebar.getByText("And 1 other change.").waitFor();
    await threshold.fill("0");
    await sidebar.getByRole("button", { name: "Save", exact: true }).click();
    await sidebar.getByText('A count is notable past a change of 1% to 1,000%; got "0".').waitFor();

    await sidebar.getByRole("button", { name: "Select changed cells" }).click();
    await sidebar.getByText("Selected 5 changed cells on Companies.").waitFor();
    expect(gas.selection()).toEqual({ sheet: "Companies", ranges: ["B5", "C3:C4", "C6:C7"] });
    await page.getByRole("tab", { name: "Companies" }).waitFor();
  });
});
