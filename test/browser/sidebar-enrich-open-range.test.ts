// Issue 39 case 5 in Chromium on the playground: column A selected by its letter, Use selection offers the
// open-ended range ("Include rows added later", on), priced as the rows are now; unchecked, the fixed range;
// the run started open-ended is scheduled, and its Refresh now enriches the rows appended since.
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
} from "./support/sidebar-page.ts";

const ROWS = 33;
const ADDED = 3;
const UNIT = 3;

describe("a whole-column selection includes rows added later", () => {
  let world: SidebarPage;
  let domains: string[];

  beforeAll(async () => {
    world = await openSidebarPage({ sheets: [{ name: "Companies", values: [["Domain"]] }] });
    domains = knownDomains(world, ROWS + ADDED);
    await world.api.post("/api/cells", {
      sheet: "Companies",
      a1: "A1",
      values: [["Domain"], ...domains.slice(0, ROWS).map((d) => [d])],
    });
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("offers the open range by default, the fixed one unchecked, and refreshes appended rows", async () => {
    const { page, sidebar } = world;
    await (await cellInView(page, `A${ROWS + 1}`)).filter({ hasText: domains[ROWS - 1]! }).waitFor();
    await page.getByRole("columnheader", { name: "A", exact: true }).click();
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    await sidebar
      .getByText(`Companies!A2:A (new rows included) · ${ROWS} rows now · ${ROWS} unique`)
      .waitFor();
    const later = sidebar.getByRole("checkbox", { name: /^Include rows added later/ });
    expect(await later.isChecked()).toBe(true);
    await sidebar.getByRole("checkbox", { name: /^Industry/ }).check();
    await sidebar.getByRole("checkbox", { name: /^Employee count/ }).check();
    await sidebar
      .getByText(
        "Up to 99 credits now · 33 organizations × 3 (1 base + 2 for fields); rows added later are bought when the refresh runs",
      )
      .waitFor();

    // Unchecked: the fixed range, cut to the content, priced without the note.
    await later.uncheck();
    await sidebar.getByText(`Companies!A2:A${ROWS + 1} · ${ROWS} rows · ${ROWS} unique`).waitFor();
    await sidebar
      .getByText("Up to 99 credits · 33 organizations × 3 (1 base + 2 for fields)", { exact: true })
      .waitFor();
    await later.check();

    const before = charged(world);
    await sidebar.getByRole("button", { name: `Enrich ${ROWS} rows` }).click();
    await answerEnrich(sidebar);
    await sidebar.getByText("Enrichment finished").waitFor();
    expect(charged(world) - before).toBe(ROWS * UNIT);

    await sidebar.getByRole("button", { name: "Schedule this refresh…" }).click();
    await sidebar.getByRole("button", { name: "Save schedule" }).click();
    const ask = sidebar.getByRole("alertdialog", { name: "Schedule this refresh?" });
    await ask.getByRole("button", { name: "Save schedule" }).click();
    await sidebar.getByText(/^Scheduled: /).waitFor();

    // Rows appended below; the rule (named by its open range) refreshes every row, the new ones included.
    await world.api.post("/api/cells", {
      sheet: "Companies",
      a1: `A${ROWS + 2}`,
      values: domains.slice(ROWS).map((d) => [d]),
    });
    await sidebar.getByRole("tab", { name: "More" }).click();
    await sidebar.getByRole("button", { name: /^Scheduled refreshes/ }).click();
    await sidebar.getByRole("button", { name: /^Actions for Companies!A/ }).click();
    await sidebar.getByRole("button", { name: "Refresh now" }).click();
    await confirmPaid(sidebar, /^Refresh .* now\?$/);
    await sidebar
      .getByText(new RegExp(`^Last run: ${ROWS + ADDED} rows checked`))
      .waitFor({ timeout: 60_000 });
    expect(charged(world) - before).toBe((ROWS + ROWS + ADDED) * UNIT);
    const orgs = world.playground.emulator!.state.dataset.orgs;
    const rows = world.playground.session.harness.sheet("Companies").values(`A2:D${ROWS + ADDED + 1}`);
    expect(rows.map((row) => row.slice(1))).toEqual(
      rows.map((row) => {
        const org = orgs.find((o) => o.domain === row[0])!;
        return [INDUSTRIES[org.industry]!.name, org.employeeCount, "Found"];
      }),
    );
  }, 180_000);
});
