// Stop pressed in the sidebar as a 5,000-row enrichment gets going: at most one chunk of 1,000 rows is paid
// after the click, the run rests as "Stopped", and the Enrichment log says what was spent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answerEnrich,
  charged,
  knownDomains,
  openMenuItem,
  openSidebarPage,
  type SidebarPage,
} from "./support/sidebar-page.ts";

const ROWS = 5_000;
/** One chunk is 1,000 organizations; industry costs 1 credit each on top of the 1 per organization. */
const CHUNK_PRICE = 1_000 * 2;

describe("Stop pressed during a 5,000-row run", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    // Each request takes the service 2 s, so Stop, pressed as the run starts, meets its first request out
    // however busy the machine is.
    world = await openSidebarPage({ emulatorLatencyMs: 2_000 });
  });

  afterAll(async () => {
    await world?.close();
  });

  it("pays at most one chunk after the click, and rests as stopped", async () => {
    const { page, sidebar, api } = world;
    const known = knownDomains(world, ROWS);
    const domains = Array.from({ length: ROWS }, (_, i) => known[i % known.length]!);
    await api.post("/api/cells", {
      sheet: "Companies",
      a1: "A1",
      values: [["Domain"], ...domains.map((d) => [d])],
    });
    // The playground's name box stops at the rows it draws (its own issue); select as its API does.
    await api.post("/api/select", { sheet: "Companies", a1: `A1:A${ROWS + 1}` });
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    // A1:A5001 reaches the sheet's last row, as a click on the column's letter does: the fixed range is chosen.
    await sidebar.getByRole("checkbox", { name: /^Include rows added later/ }).uncheck();
    await sidebar.getByText(`Companies!A2:A${ROWS + 1} · 5,000 rows`, { exact: false }).waitFor();
    await sidebar.getByRole("checkbox", { name: /^Industry/ }).check();
    const enrich = sidebar.getByRole("button", { name: "Enrich 5,000 rows" });
    await expect.poll(() => enrich.isEnabled()).toBe(true);

    const beforeRun = charged(world);
    await enrich.click();
    await answerEnrich(sidebar);
    const stop = sidebar.getByRole("button", { name: "Stop", exact: true });
    await expect.poll(() => stop.isEnabled()).toBe(true);
    const atStop = charged(world);
    await stop.click();
    await sidebar.getByText("Stopped", { exact: true }).waitFor({ timeout: 60_000 });

    const after = charged(world) - atStop;
    expect(after).toBeLessThanOrEqual(CHUNK_PRICE);
    await sidebar.getByText(/^Stopped after /).waitFor();

    // What the sidebar says the run spent is what the service charged for it.
    const spent = charged(world) - beforeRun;
    await sidebar.getByText(new RegExp(`^Spent ${spent.toLocaleString("en-US")} credits`)).waitFor();
  });
});
