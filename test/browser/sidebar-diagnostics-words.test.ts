// Diagnostics in plain words (issue 41 point 7): no platform names in its cells (they are in the facts'
// tooltips), and the requests it counts are the very figure Settings shows, side by side in one session.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMenuItem, openSidebarPage, type SidebarPage } from "./support/sidebar-page.ts";

describe("Diagnostics beside Settings", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("says every fact in plain words and counts the requests Settings counts", async () => {
    const { page, sidebar, api } = world;
    // The sample sheets' formulas fetch as they open: wait until they are done, so the count stands still.
    await expect.poll(async () => (await api.state()).calculating, { timeout: 60_000 }).toBe(false);
    await openMenuItem(page, "Settings");
    const settingsLine = sidebar.getByText(/^Requests to the service since /);
    await settingsLine.waitFor();
    const inSettings = async () =>
      /: ([\d,]+ of the [\d,]+ Apps Script allows this account in 24 hours)/.exec(
        (await settingsLine.textContent()) ?? "",
      )?.[1];

    await page.getByRole("button", { name: "Extensions" }).click();
    await page.getByRole("menuitem", { name: "Enrichment for Sheets" }).click();
    await page.getByRole("menuitem", { name: "Diagnostics" }).click();
    const dialog = page.frameLocator("#html-dialog-frame");
    const fact = dialog.locator("td", { hasText: "Requests to the service (as Settings counts them)" });
    await fact.waitFor();
    const requests = dialog.locator("tr", { has: fact }).locator("td");
    const inDiagnostics = (await requests.nth(1).textContent()) ?? "";
    expect(inDiagnostics).toMatch(/^[1-9][\d,]* of the 20,000 Apps Script allows this account in 24 hours$/);
    // The open Settings reads its figures again as requests go out: it comes to the very same count.
    await expect.poll(inSettings, { timeout: 30_000 }).toBe(inDiagnostics);
    expect(await fact.getAttribute("title")).toMatch(
      /^UrlFetchApp calls in the add-on's 24-hour count: seen /,
    );

    const permissions = dialog.locator("tr", {
      has: dialog.locator("td", { hasText: "Every permission it needs is granted" }),
    });
    expect(await permissions.locator("td").allTextContents()).toEqual([
      "Every permission it needs is granted",
      "yes",
      "yes",
      "same",
    ]);
    // No cell speaks the platform's names.
    const cells = (await dialog.locator("tbody td").allTextContents()).join(" | ");
    for (const word of [
      "NOT_REQUIRED",
      "WEB_STORE_ADD_ON",
      "FULL",
      "UrlFetch",
      "null",
      "auth/",
      "Authorization",
    ])
      expect(cells).not.toContain(word);
  });
});
