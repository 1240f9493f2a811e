// The Signals tab in Chromium on the playground and the emulator: 250 signals imported in pages with the
// estimate shown first and the ledger matching, and a priority signal marked relevant, then cleared,
// with the digest sheet's "Relevant?" cell following.
import type { FrameLocator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { relevanceFeedback } from "../../emulator/feed/priority.ts";
import { type RunningPlayground, startPlayground } from "../../playground/server/start-playground.ts";
import { type Browser, launchChromium } from "./support/chromium.ts";
import { playgroundClient, shown } from "./support/playground-client.ts";
import { confirmPaid, ledgerEntries, openMenuItem } from "./support/sidebar-page.ts";

let browser: Browser;
let playground: RunningPlayground;
let page: Page;
let sidebar: FrameLocator;
let api: ReturnType<typeof playgroundClient>;

const ledger = () => ledgerEntries(playground);

const statusText = async () => (await sidebar.locator("p.status").allTextContents()).join(" ");

beforeAll(async () => {
  browser = await launchChromium();
  playground = await startPlayground({ port: 0, tickMs: 0, sheets: [{ name: "Sheet1", values: [] }] });
  api = playgroundClient(playground.url);
  page = browser.page;
  await page.goto(playground.url);
  sidebar = page.frameLocator("#sidebar-frame");
  await openMenuItem(page, "Open sidebar");
  await sidebar.getByRole("tab", { name: "Signals" }).click();
});

afterAll(async () => {
  await browser?.close();
  await playground?.close();
});

describe("the signal feed", () => {
  it("shows the estimate for 250 signals before anything is spent, then imports them in three pages", async () => {
    await sidebar.getByLabel("How many signals").fill("250");
    const estimate = sidebar.locator("#feed-estimate");
    await expect
      .poll(() => estimate.textContent())
      .toBe("Up to 250 credits · 3 pages of up to 100 signals · none returned, free");
    expect(ledger()).toEqual([]);

    await sidebar.getByRole("button", { name: "Import up to 250 signals" }).click();
    expect(await confirmPaid(sidebar, "Import up to 250 signals?")).toBe("Up to 250 credits.");
    await expect
      .poll(statusText, { timeout: 30_000 })
      .toMatch(/250 signals written to "Signals"\. Spent 250 credits · [\d,]+ left\./);
    const charges = ledger().filter((entry) => entry.path === "/v9/signals");
    expect(charges.map((entry) => entry.credits)).toEqual([100, 100, 50]);
    expect(ledger().filter((entry) => entry.path !== "/v9/signals")).toEqual([]);

    const state = await api.state("Signals");
    expect(shown(state, "A1")).toBe("Signal id");
    expect(state.sheet.cells.filter((c) => c.col === 1).length).toBe(251);
    await sidebar.getByRole("list", { name: "Feed sheets" }).getByText("Signals", { exact: true }).waitFor();
  });

  it("asks before a refresh, with its price, and spends nothing when the person cancels", async () => {
    const feeds = sidebar.getByRole("list", { name: "Feed sheets" });
    const before = ledger().length;
    await feeds.getByRole("button", { name: "Refresh" }).click();
    const dialog = sidebar.getByRole("alertdialog", { name: 'Refresh "Signals"?' });
    await dialog.getByText(/^Up to [\d,]+ credits\.$/).waitFor();
    await dialog.getByText(/Each signal read costs 1 credit, also when none of them is new\./).waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(ledger()).toHaveLength(before);

    await feeds.getByRole("button", { name: "Refresh" }).click();
    const [, most] = /^Up to ([\d,]+) credits\.$/.exec(
      (await dialog.getByText(/^Up to [\d,]+ credits\.$/).textContent()) ?? "",
    )!;
    await dialog.getByRole("button", { name: /^Spend up to / }).click();
    await expect.poll(statusText, { timeout: 30_000 }).toMatch(/Spent [\d,]+ credits? · [\d,]+ left\./);
    const spent = ledger()
      .slice(before)
      .reduce((sum, entry) => sum + entry.credits, 0);
    expect(spent).toBeLessThanOrEqual(Number(most!.replace(/,/g, "")));
  });
});

describe("priority signals", () => {
  it("imports the digest, then marks an item relevant and clears it, the sheet following", async () => {
    await sidebar.getByRole("tab", { name: "Priority" }).click();
    await sidebar.getByLabel("Items to import").fill("5");
    await expect
      .poll(() => sidebar.locator("#priority-estimate").textContent())
      .toBe("Up to 5 credits · 1 credit per item returned");
    await sidebar.getByRole("button", { name: "Import the latest digest" }).click();
    expect(await confirmPaid(sidebar, "Import the latest digest?")).toBe("Up to 5 credits.");
    const items = sidebar.getByRole("list", { name: "Priority signals" }).locator("li");
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(5);

    const first = items.first();
    const relevant = first.getByRole("button", { name: "Relevant", exact: true });
    const state = await api.state("Priority signals");
    const id = Number(shown(state, "A2"));
    const account = playground.emulator!.state.accounts.get(DEMO_API_KEY)!;

    await relevant.click();
    // The click is a server call: seconds on a loaded machine (it missed the 5 s default once under load).
    await expect.poll(() => relevant.getAttribute("aria-pressed"), { timeout: 15_000 }).toBe("true");
    await first.getByText(`Priority signal ${id} marked relevant.`).waitFor();
    expect(relevanceFeedback(account).get(id)).toBe(true);
    expect(shown(await api.state("Priority signals"), "J2")).toBe("TRUE");

    await first.getByRole("button", { name: "Clear" }).click();
    await first.getByText(`Priority signal ${id} cleared.`).waitFor();
    expect(await relevant.getAttribute("aria-pressed")).toBe("false");
    expect(relevanceFeedback(account).has(id)).toBe(false);
    expect(shown(await api.state("Priority signals"), "J2")).toBe("");
  });
});
