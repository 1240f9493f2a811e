// One money picture in Chromium: formulas, a bulk run and a list import on one spreadsheet, then every
// credit figure the sidebar shows (the chip's balance and today's spend, formulas' spend in Settings and in
// Check this sheet, the run's and the import's spend, the Enrichment log's total) against the emulator's ledger.
import type { FrameLocator } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { call } from "../../emulator/testing.ts";
import { LOG_SHEET } from "../../src/core/jobs/enrichment-log.ts";
import { enrichIndustryInColumnH } from "./support/enrich-run.ts";
import { shown } from "./support/playground-client.ts";
import {
  charged,
  confirmPaid,
  openMenuItem,
  openSidebarPage,
  type SidebarPage,
} from "./support/sidebar-page.ts";

const STATUS_WAIT = { timeout: 15_000 };
const chip = (sidebar: FrameLocator) => sidebar.locator("header button.chip");
const credits = (n: number) => `${n.toLocaleString("en-US")} credit${n === 1 ? "" : "s"}`;

function balance(world: SidebarPage): number {
  return call(world.playground.emulator!.state, "GET", "/__admin/ledger", {
    apiKey: null,
    query: { api_key: [DEMO_API_KEY] },
  }).body.credits_remaining as number;
}

/** The Enrichment log's "Credits used" column, summed, as the sheet shows it. */
async function loggedCredits(world: SidebarPage): Promise<number> {
  const state = await world.api.state(LOG_SHEET);
  let total = 0;
  for (let row = 2; row <= state.sheet.rows; row++) {
    const text = shown(state, `D${row}`);
    if (text !== "") total += Number(text.replace(/,/g, ""));
  }
  return total;
}

describe("one money picture", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("shows the ledger's figures everywhere after formulas, a bulk run and a list import", async () => {
    const { page, sidebar, api } = world;
    // The sample sheet's formulas, and one more column of them on Companies.
    await api.post("/api/cells", {
      sheet: "Companies",
      a1: "B2",
      values: [['=ORG_ATTR(A2:A20, "industry")']],
    });
    await expect.poll(async () => (await api.state()).calculating, { timeout: 60_000 }).toBe(false);
    const byFormulas = charged(world);
    expect(byFormulas).toBeGreaterThan(0);

    // A 20-row enrichment from the Enrich tab.
    await openMenuItem(page, "Open sidebar");
    await enrichIndustryInColumnH(world, 20);
    const byRun = charged(world) - byFormulas;
    expect(byRun).toBeGreaterThan(0);
    await sidebar
      .getByText(`Spent ${credits(byRun)} · ${balance(world).toLocaleString("en-US")} left`)
      .waitFor();

    // A list read and imported from the Lists tab.
    await sidebar.getByRole("tab", { name: "Lists" }).click();
    const beforeRead = charged(world);
    await sidebar.getByRole("button", { name: "Read lists" }).first().click();
    // Reading lists is paid and always asks (how many there are is not known before).
    await confirmPaid(sidebar, "Read your organization lists?");
    await sidebar.getByRole("button", { name: "Actions for My Accounts" }).click();
    const beforeImport = charged(world);
    expect(beforeImport).toBeGreaterThan(beforeRead);
    await sidebar
      .getByRole("button", { name: /^Import to new sheet · / })
      .first()
      .click();
    await confirmPaid(sidebar, /^Import ".*" to a new sheet\?$/);
    const byImport = () => charged(world) - beforeImport;
    await expect.poll(byImport, STATUS_WAIT).toBeGreaterThan(0);
    await sidebar
      .getByText(new RegExp(`Spent ${credits(byImport())} · ${balance(world).toLocaleString("en-US")} left`))
      .waitFor(STATUS_WAIT);

    const total = charged(world);
    // The chip: the balance the ledger ends at, and today's spending, every paid call of the day.
    await expect
      .poll(async () => chip(sidebar).textContent(), STATUS_WAIT)
      .toBe(`${balance(world).toLocaleString("en-US")} credits`);
    expect(await chip(sidebar).getAttribute("aria-label")).toBe(
      `${balance(world).toLocaleString("en-US")} credits left, from the last paid answer, just now. ` +
        `Spent today (since 00:00, this spreadsheet's time zone): ${credits(total)}, of which formulas ` +
        `${credits(byFormulas)}. Select to refresh (free).`,
    );

    // Settings: what formulas spent, beside the cap; and Check this sheet, from the same record.
    await openMenuItem(page, "Settings");
    await sidebar
      .getByText(
        `Spent by formulas in this spreadsheet today (since 00:00, this spreadsheet's time zone): ${credits(byFormulas)}.`,
        {
          exact: false,
        },
      )
      .first()
      .waitFor(STATUS_WAIT);
    await sidebar.getByRole("button", { name: "Check this sheet" }).click();
    await sidebar
      .getByText(`Formulas in this spreadsheet spent ${credits(byFormulas)} today`, { exact: false })
      .waitFor(STATUS_WAIT);

    // The Enrichment log: its Credits used column adds up to what the service charged.
    await sidebar.getByRole("tab", { name: "More" }).click();
    await sidebar.getByRole("button", { name: /Enrichment log/ }).click();
    await sidebar.getByRole("button", { name: "Show the Enrichment log sheet" }).click();
    await sidebar.getByText(`"${LOG_SHEET}" is showing.`).waitFor(STATUS_WAIT);
    expect(await loggedCredits(world)).toBe(total);
  });
});
