// The playground with the real sidebar in Chromium, for the Enrich and Find browser tests: a fresh
// playground per file, the grid's cells, the add-on menu, the selection, and what the emulator charged.
import type { FrameLocator, Page } from "playwright-core";
import { DEMO_API_KEY } from "../../../emulator/accounts.ts";
import { call } from "../../../emulator/testing.ts";
import { sampleOrganizations } from "../../../playground/server/sample-sheets.ts";
import {
  type PlaygroundOptions,
  type RunningPlayground,
  startPlayground,
} from "../../../playground/server/start-playground.ts";
import { type Browser, launchChromium } from "./chromium.ts";
import { playgroundClient } from "./playground-client.ts";

export const ADDON = "Enrichment for Sheets";

export interface SidebarPage {
  playground: RunningPlayground;
  browser: Browser;
  page: Page;
  sidebar: FrameLocator;
  api: ReturnType<typeof playgroundClient>;
  close(): Promise<void>;
}

/**
 * The service answers each request after this long: the playground's 500 ms makes the sidebar's waiting
 * visible to a person; a test waits on what the page says, not on time, so a short one is enough to keep
 * requests out while the page moves (a test about a request out, as Stop's, asks for longer).
 */
const TEST_LATENCY_MS = 60;

/** Triggers fire only when a test moves time (tickMs 0), so nothing runs behind its back. */
export async function openSidebarPage(options: PlaygroundOptions = {}): Promise<SidebarPage> {
  const playground = await startPlayground({
    port: 0,
    tickMs: 0,
    emulatorLatencyMs: TEST_LATENCY_MS,
    ...options,
  });
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    await browser.page.goto(playground.url);
    await cell(browser.page, "A1").filter({ hasText: /\S/ }).waitFor();
  } catch (error) {
    // The worker runs the next files (isolate: false): leave it no playground and the run's Chromium no context.
    await browser?.close();
    await playground.close();
    throw error;
  }
  const page = browser.page;
  return {
    playground,
    browser,
    page,
    sidebar: page.frameLocator("#sidebar-frame"),
    api: playgroundClient(playground.url),
    close: async () => {
      await browser.close();
      await playground.close();
    },
  };
}

export const cell = (page: Page, a1: string) => page.locator(`td[data-a1="${a1}"]`);

/**
 * A cell after scrolling the grid to its row: the grid draws only the rows in view, as a person sees them.
 * (Rows are one height; the first drawn row gives it.)
 */
export async function cellInView(page: Page, a1: string): Promise<ReturnType<typeof cell>> {
  const row = Number(/\d+$/.exec(a1)?.[0]);
  await page.evaluate(
    `(() => { const grid = document.getElementById("grid"); const height = grid.querySelector("tbody tr").offsetHeight; grid.scrollTop = Math.max(0, (${row} - 3) * height); })()`,
  );
  return cell(page, a1);
}

export async function openMenuItem(page: Page, label: string): Promise<void> {
  await page.getByRole("button", { name: "Extensions" }).click();
  await page.getByRole("menuitem", { name: ADDON }).click();
  await page.getByRole("menuitem", { name: label }).click();
  await page.locator("#sidebar").waitFor({ state: "visible" });
}

/** Selects a range the way a person types it into the name box. */
export async function selectRange(page: Page, a1: string): Promise<void> {
  const box = page.getByLabel("Name box");
  await box.fill(a1);
  await box.press("Enter");
}

/** Closes the sidebar with its close button, as a person does. */
export async function closeSidebar(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Close sidebar" }).click();
  await page.locator("#sidebar").waitFor({ state: "hidden" });
}

/**
 * Types a header and its values into column H of "Companies" (from H1) and selects them, as a person
 * would before choosing a sidebar action; the grid draws only what is in view, so it goes through the API.
 */
export async function putColumnH(
  world: SidebarPage,
  header: string,
  values: readonly string[],
): Promise<void> {
  await world.api.post("/api/cells", {
    sheet: "Companies",
    a1: "H1",
    values: [[header], ...values.map((value) => [value])],
  });
  await world.api.post("/api/select", { sheet: "Companies", a1: `H1:H${values.length + 1}` });
}

/** Domains of the playground's emulator organizations that match, in the sample sheet's order. */
export function knownDomains(world: SidebarPage, count: number): string[] {
  return sampleOrganizations(world.playground.emulator!.state.dataset.orgs, count).map((org) => org.domain);
}

/** The demo account's charges so far, as the emulator's ledger lists them. */
export function ledgerEntries(playground: RunningPlayground): { path: string; credits: number }[] {
  return call(playground.emulator!.state, "GET", "/__admin/ledger", {
    apiKey: null,
    query: { api_key: [DEMO_API_KEY] },
  }).body.entries;
}

/** Credits the emulator charged the demo account so far. */
export function charged(world: SidebarPage): number {
  return ledgerEntries(world.playground).reduce((sum, entry) => sum + entry.credits, 0);
}

/**
 * Starts recording every value the sidebar's progress bar shows (aria-valuenow), so a test can tell the
 * bar moved even when the run is quick.
 */
export async function recordProgress(page: Page): Promise<() => Promise<number[]>> {
  const frame = await (await page.locator("#sidebar-frame").elementHandle())?.contentFrame();
  if (!frame) throw new Error("the sidebar frame is not there");
  // Runs in the sidebar's page (a string, as the tests are compiled without the DOM's types).
  await frame.evaluate(`(() => {
    const seen = [];
    const look = () => {
      const bar = document.querySelector('[role="progressbar"]');
      if (!bar) return;
      const value = Number(bar.getAttribute("aria-valuenow"));
      if (seen[seen.length - 1] !== value) seen.push(value);
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
    globalThis.progressSeen = seen;
  })()`);
  return () => frame.evaluate(() => [...(globalThis as unknown as { progressSeen: number[] }).progressSeen]);
}

/**
 * Answers the sidebar's "ask first" question for a paid action (`title`) with its spend button, after the
 * click that raised it, and returns the price line the question showed.
 */
export async function confirmPaid(sidebar: FrameLocator, title: string | RegExp): Promise<string> {
  const ask = sidebar.getByRole("alertdialog", { name: title });
  await ask.waitFor();
  const price = (await ask.locator("p").nth(1).textContent()) ?? "";
  await ask.getByRole("button", { name: /^(Spend up to|Read the lists)/ }).click();
  await ask.waitFor({ state: "hidden" });
  return price;
}

/** The question Enrich's Start asks (sidebar/screens/enrich.tsx). */
const ENRICH_QUESTION = /^Enrich [\d,]+ rows?\?$/;

/**
 * Answers the price question pressing Enrich's Start raises (every paid action asks above the person's
 * threshold, and it is 0 unless a test saves one), and returns the price line it showed.
 */
export function answerEnrich(sidebar: FrameLocator): Promise<string> {
  return confirmPaid(sidebar, ENRICH_QUESTION);
}

/**
 * Picks a technology the way a person does now that a search is asked for (issue 41 point 6): types part of
 * its name, presses Enter, says yes to the 1-credit question, and picks it from what was found.
 */
export async function pickTechnology(sidebar: FrameLocator, typed: string, pick: RegExp): Promise<void> {
  const field = sidebar.getByRole("combobox", { name: "Technologies" });
  await field.pressSequentially(typed);
  await field.press("Enter");
  await confirmPaid(sidebar, `Search technologies for "${typed}"?`);
  await sidebar.getByRole("option", { name: pick }).click();
}

/** Adds a Find condition as a person does: chooses it in "Add a condition", then presses Add. */
export async function addCondition(sidebar: FrameLocator, field: string): Promise<void> {
  await sidebar.getByLabel("Add a condition").selectOption(field);
  await sidebar.getByRole("button", { name: "Add the condition" }).click();
}
