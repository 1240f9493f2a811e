// A formula's date in the playground page (issue 29 point 5): ORG_ATTR's funding date is a real date in the
// grid, right-aligned and shown as Sheets shows a date a custom function returns, not ISO text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isoDate } from "../../emulator/dates.ts";
import { cell, openSidebarPage, putColumnH, type SidebarPage, selectRange } from "./support/sidebar-page.ts";

describe("a date attribute typed as a formula in the page", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("shows a date cell on the service's day", async () => {
    const { page, playground } = world;
    const org = playground.emulator!.state.dataset.orgs.find((o) => o.funding)!;
    await putColumnH(world, "Domain", [org.domain]);
    await selectRange(page, "I2");
    const bar = page.getByLabel("Formula bar");
    await bar.fill('=ORG_ATTR(H2, "funding_last_round_date")');
    await bar.press("Enter");
    const shown = cell(page, "I2");
    await expect.poll(() => shown.getAttribute("class"), { timeout: 15_000 }).toContain("kind-date");
    const [year, month, day] = isoDate(org.funding!.lastRoundDay).split("-").map(Number);
    expect(await shown.textContent()).toBe(`${month}/${day}/${year}`);
  });
});
