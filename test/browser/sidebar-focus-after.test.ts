// Where keyboard focus goes after the sidebar's actions (issue 41 point 8): after Use selection, after
// answering a price question, when a run ends and after removing a chip it lands on the result heading or
// the next action, never on the page's body, where a keyboard or screen-reader user would be lost.
import type { Frame } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sidebarFrame } from "./support/axe.ts";
import {
  knownDomains,
  openMenuItem,
  openSidebarPage,
  putColumnH,
  type SidebarPage,
} from "./support/sidebar-page.ts";

/** Page-side: the focused element, "body" or its tag, id and accessible name. */
const DESCRIBE_FOCUS = `() => {
  const el = document.activeElement;
  if (!el || el === document.body) return "body";
  return [el.tagName.toLowerCase(), el.id, el.getAttribute("aria-label") || el.textContent.trim().slice(0, 40)].join("|");
}`;

/** The focused element in the sidebar: "body", or its tag, id and accessible name. */
function focused(frame: Frame): Promise<string> {
  return frame.evaluate(`(${DESCRIBE_FOCUS})()`);
}

/**
 * Records, in the page, every focus the sidebar shows from now on (looked at every 5 ms there): a short
 * phase, as a small run's Stop, is seen even when this process is slow to look (a loaded machine).
 */
function recordFocus(frame: Frame): Promise<void> {
  return frame.evaluate(`(() => {
    const describe = ${DESCRIBE_FOCUS};
    const log = (window.__focusLog = [describe()]);
    window.__focusTimer = setInterval(() => {
      const now = describe();
      if (log[log.length - 1] !== now) log.push(now);
    }, 5);
  })()`);
}

function recordedFocus(frame: Frame): Promise<string[]> {
  return frame.evaluate(`(clearInterval(window.__focusTimer), window.__focusLog)`);
}

describe("focus after an action", () => {
  let world: SidebarPage;
  let frame: Frame;

  beforeAll(async () => {
    // Answers slow enough that a run is seen going before it ends.
    world = await openSidebarPage({ emulatorLatencyMs: 400 });
    await openMenuItem(world.page, "Open sidebar");
    frame = await sidebarFrame(world.page);
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("stays on Use selection, goes to Stop once a price is confirmed, and to the result when the run ends", async () => {
    const { page, sidebar } = world;
    await putColumnH(world, "Domain", knownDomains(world, 3));
    const use = sidebar.getByRole("button", { name: "Use selection" }).first();
    await use.focus();
    await page.keyboard.press("Enter");
    await sidebar.getByText("Companies!H2:H4", { exact: false }).first().waitFor();
    expect(await focused(frame)).toBe("button||Use selection");

    await sidebar.getByRole("checkbox", { name: /^Industry/ }).check();
    const enrich = sidebar.getByRole("button", { name: "Enrich 3 rows" });
    await expect.poll(() => enrich.isEnabled()).toBe(true);
    await enrich.focus();
    await page.keyboard.press("Enter");
    const ask = sidebar.getByRole("alertdialog", { name: "Enrich 3 rows?" });
    await ask.getByRole("button", { name: /^Spend up to/ }).focus();
    await recordFocus(frame);
    await page.keyboard.press("Enter");
    await ask.waitFor({ state: "hidden" });
    // The run ends and Stop goes: the result takes the focus.
    await sidebar.getByText("Enrichment finished").waitFor({ timeout: 30_000 });
    await expect.poll(() => focused(frame)).toMatch(/^div\|\|Enrichment finished/);
    // While the run went on, under the same button, now Stop: the next action. A 3-row run can end before
    // this process looks (it once did on a loaded machine), so the page recorded every focus it showed.
    const seen = await recordedFocus(frame);
    const stop = seen.indexOf("button||Stop");
    expect(stop).toBeGreaterThan(-1);
    expect(seen.slice(stop + 1).some((d) => d.startsWith("div||Enrichment finished"))).toBe(true);
    expect(await frame.evaluate(`document.activeElement.getAttribute("role")`)).toBe("status");
  });

  it("stays in a chip field when a chip is removed", async () => {
    const { page, sidebar } = world;
    await sidebar.getByRole("button", { name: "New enrichment" }).focus();
    await page.keyboard.press("Enter");
    const field = sidebar.getByRole("combobox", { name: "Job functions" });
    await field.fill("Data Engineer");
    await field.press("Enter");
    await sidebar.getByRole("button", { name: "Remove Data Engineer" }).focus();
    await page.keyboard.press("Enter");
    await sidebar.getByRole("button", { name: "Remove Data Engineer" }).waitFor({ state: "detached" });
    expect((await focused(frame)).split("|")[1]).toBe("metric-job-functions");
  });

  it("goes to the mapping's result once its price is confirmed and its button is spent", async () => {
    const { page, sidebar } = world;
    await putColumnH(world, "Job title", ["VP of Sales", "Head of Marketing"]);
    await sidebar.getByRole("radio", { name: "Job titles" }).check();
    await sidebar.getByRole("button", { name: "Use selection" }).first().click();
    const map = sidebar.getByRole("button", { name: "Map 2 titles" });
    await expect.poll(() => map.isEnabled(), { timeout: 20_000 }).toBe(true);
    await map.focus();
    await page.keyboard.press("Enter");
    const ask = sidebar.getByRole("alertdialog", { name: "Map 2 titles?" });
    await ask.getByRole("button", { name: /^Spend up to/ }).focus();
    await page.keyboard.press("Enter");
    await sidebar.getByText("Titles mapped").waitFor({ timeout: 20_000 });
    await expect.poll(() => focused(frame)).toMatch(/^div\|\|Titles mapped/);
  });
});
