// Issue 39 in Chromium on the playground, as the analyst did it: Enrich ▸ Only empty cells over A2:A34,
// scheduled with "New rows only"; the rule opened (its price read: nothing to buy), then A12 changed to the
// organization of row 32 and A13 to one not in the list; Refresh now asks with the price at the click and
// leaves every row showing its own organization's values.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INDUSTRIES } from "../../emulator/dataset/catalog/industries.ts";
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

const ROWS = 33;
const UNIT = 3;

describe("a new-rows-only refresh after identifiers are edited in place", () => {
  let world: SidebarPage;
  let domains: string[];

  beforeAll(async () => {
    world = await openSidebarPage({ sheets: [{ name: "Companies", values: [["Domain"]] }] });
    domains = knownDomains(world, ROWS + 1);
    await world.api.post("/api/cells", {
      sheet: "Companies",
      a1: "A1",
      values: [["Domain"], ...domains.slice(0, ROWS).map((d) => [d])],
    });
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("asks with the price at the click and writes each row's own organization's values", async () => {
    const { page, sidebar } = world;
    const gas = world.playground.session.harness;
    await (await cellInView(page, `A${ROWS + 1}`)).filter({ hasText: domains[ROWS - 1]! }).waitFor();
    await selectRange(page, `A2:A${ROWS + 1}`);
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    await sidebar.getByRole("radio", { name: /^Only empty cells/ }).check();
    await sidebar.getByLabel("Starting at column").fill("B");
    await sidebar.getByRole("checkbox", { name: /^Industry/ }).check();
    await sidebar.getByRole("checkbox", { name: /^Employee count/ }).check();
    await sidebar.getByRole("button", { name: `Enrich ${ROWS} rows` }).click();
    await answerEnrich(sidebar);
    await sidebar.getByText("Enrichment finished").waitFor();
    expect(charged(world)).toBe(ROWS * UNIT);

    await sidebar.getByRole("button", { name: "Schedule this refresh…" }).click();
    await sidebar.getByRole("checkbox", { name: /^New rows only/ }).check();
    await sidebar.getByRole("button", { name: "Save schedule" }).click();
    // New rows only with none waiting costs nothing: saved without a question.
    await sidebar.getByText(/^Scheduled: every /).waitFor();

    // The rule opened: nothing waits to be bought yet, and its entry says how it runs.
    await sidebar.getByRole("tab", { name: "More" }).click();
    await sidebar.getByRole("button", { name: /^Scheduled refreshes/ }).click();
    const title = `Companies!A2:A${ROWS + 1}`;
    await sidebar
      .locator(".item-details", {
        hasText: " · Industry, Employee count · new rows only · counts moving ±10% listed first · ",
      })
      .waitFor();
    await sidebar.getByRole("button", { name: `Actions for ${title}` }).click();
    await sidebar
      .getByText("Refresh now: Up to 0 credits · 0 organizations × 3 (1 base + 2 for fields).")
      .waitFor();

    // Then the person edits two identifiers in place; the price shown is now stale.
    await world.api.post("/api/cells", { sheet: "Companies", a1: "A12", values: [[domains[30]]] });
    await world.api.post("/api/cells", { sheet: "Companies", a1: "A13", values: [[domains[ROWS]]] });
    await sidebar.getByRole("button", { name: "Refresh now" }).click();
    // Asked with the price at the click: one organization to buy (row 12's is on the sheet already).
    const price = await confirmPaid(sidebar, `Refresh ${title} now?`);
    expect(price).toMatch(/Up to 3 credits/);
    // Row 13 bought, row 12 filled from row 32: each changed cell is counted, 3 credits spent.
    await sidebar
      .getByText(
        new RegExp(`^Last run: ${ROWS} rows checked \\(1 bought\\) · \\d+ cells? changed · 3 credits$`),
      )
      .waitFor();
    expect(charged(world)).toBe(ROWS * UNIT + UNIT);

    const orgs = world.playground.emulator!.state.dataset.orgs;
    const rows = gas.sheet("Companies").values(`A2:D${ROWS + 1}`);
    expect(rows.map((row) => row.slice(1))).toEqual(
      rows.map((row) => {
        const org = orgs.find((o) => o.domain === row[0])!;
        return [INDUSTRIES[org.industry]!.name, org.employeeCount, "Found"];
      }),
    );
  });
});
