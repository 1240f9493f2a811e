// The sidebar by keyboard and at 200% zoom (issue 41 point 8), through the real sidebar: the price
// question's "Don't ask again" box is reached by Tab, arrow keys in "Add a condition" add nothing until
// Enter, removing a chip keeps focus in its field, no focused control hides under the sticky footer, and at
// 200% zoom on a 1280×800 screen Enrich shows its content and a price question scrolls to its buttons.
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

/** What has the keyboard focus in the sidebar: its tag, id, type and accessible name in short. */
function focused(frame: Frame): Promise<string> {
  return frame.evaluate(`(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return "body";
    return [el.tagName.toLowerCase(), el.id, el.getAttribute("type") || "", el.getAttribute("aria-label") || el.textContent.trim().slice(0, 40)].join("|");
  })()`);
}

/** Whether the focused control is covered, even in part, by the screen's sticky footer. */
function hiddenUnderFooter(frame: Frame): Promise<boolean> {
  return frame.evaluate(`(() => {
    const el = document.activeElement;
    const footer = document.querySelector(".screen-footer");
    if (!el || !footer || footer.contains(el) || !el.closest(".screen")) return false;
    const box = el.getBoundingClientRect();
    const top = footer.getBoundingClientRect().top;
    return getComputedStyle(footer).position === "sticky" && box.bottom > top && box.height > 0;
  })()`);
}

describe("the sidebar by keyboard", () => {
  let world: SidebarPage;
  let frame: Frame;

  beforeAll(async () => {
    world = await openSidebarPage();
    await openMenuItem(world.page, "Open sidebar");
    frame = await sidebarFrame(world.page);
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("tabs through Enrich without a focused control hidden under the footer", async () => {
    const { page, sidebar } = world;
    await sidebar.getByRole("tab", { name: "Enrich", exact: true }).focus();
    const hidden: string[] = [];
    let stops = 0;
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press("Tab");
      const now = await focused(frame);
      if (now === "body") break;
      stops++;
      if (await hiddenUnderFooter(frame)) hidden.push(now);
    }
    expect(stops).toBeGreaterThan(20);
    expect(hidden).toEqual([]);
  });

  it("reaches the price question's Don't ask again box by Tab", async () => {
    const { page, sidebar } = world;
    const field = sidebar.getByRole("combobox", { name: "Technologies" });
    await field.fill("snowflake");
    await field.press("Enter");
    const ask = sidebar.getByRole("alertdialog", { name: 'Search technologies for "snowflake"?' });
    await ask.waitFor();
    expect((await focused(frame)).split("|")[3]).toBe("Cancel");
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press("Tab");
      seen.push((await focused(frame)).split("|").slice(0, 3).join("|") || "");
    }
    expect(seen).toContain("input||checkbox");
    await page.keyboard.press("Escape");
    await ask.waitFor({ state: "hidden" });
    // Focus goes back to the field the question came from.
    expect((await focused(frame)).split("|")[1]).toBe("metric-technologies");
  });

  it("brings focus back to the field after a search asked and confirmed by keyboard", async () => {
    const { page, sidebar } = world;
    await sidebar.getByRole("combobox", { name: "Technologies" }).fill("kubernetes");
    await sidebar.getByRole("button", { name: "Search technologies" }).focus();
    await page.keyboard.press("Enter");
    const ask = sidebar.getByRole("alertdialog", { name: 'Search technologies for "kubernetes"?' });
    await ask.waitFor();
    // From Cancel, Tab reaches the spend button.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await sidebar.getByRole("list", { name: "Technologies: chosen" }).getByText("Kubernetes").waitFor();
    await expect.poll(async () => (await focused(frame)).split("|")[1]).toBe("metric-technologies");
  });

  it("keeps focus in a chip field when a chip is removed", async () => {
    const { sidebar } = world;
    const field = sidebar.getByRole("combobox", { name: "Job functions" });
    await field.fill("Data Engineer");
    await field.press("Enter");
    await sidebar.getByRole("button", { name: "Remove Data Engineer" }).focus();
    await sidebar.getByRole("button", { name: "Remove Data Engineer" }).press("Enter");
    expect((await focused(frame)).split("|")[1]).toBe("metric-job-functions");
  });

  it("keeps focus on Use selection while and after it reads the selection", async () => {
    const { page, sidebar } = world;
    await putColumnH(world, "Domain", knownDomains(world, 2));
    const use = sidebar.getByRole("button", { name: "Use selection" }).first();
    await use.focus();
    await page.keyboard.press("Enter");
    await sidebar.getByText("Companies!H2:H3", { exact: false }).first().waitFor();
    expect((await focused(frame)).split("|")[3]).toBe("Use selection");
  });

  it("adds a Find condition on Enter, not on every arrow key, and moves focus into it", async () => {
    const { page, sidebar } = world;
    await sidebar.getByRole("tab", { name: "Find", exact: true }).click();
    const add = sidebar.getByLabel("Add a condition");
    await add.focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await sidebar.locator("fieldset.query-row").count()).toBe(0);
    await page.keyboard.press("Enter");
    expect(await sidebar.locator("fieldset.query-row").count()).toBe(1);
    const inRow = await frame.evaluate(`!!document.activeElement.closest("fieldset.query-row")`);
    expect(inRow).toBe(true);
  });
});

describe("the sidebar at 200% zoom on a 1280×800 screen", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
    // 200% zoom: the page lays out in half the CSS pixels.
    await world.page.setViewportSize({ width: 640, height: 400 });
    await openMenuItem(world.page, "Open sidebar");
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("shows Enrich's content above the footer, and a price question scrolls to its buttons", async () => {
    const { page, sidebar } = world;
    const frame = await sidebarFrame(page);
    await sidebar.locator(".screen-footer").waitFor({ state: "attached" });
    // Scrolled to the form, most of the panel shows it: the footer does not take the whole panel.
    const room = (await frame.evaluate(`(() => {
      const body = document.querySelector(".screen-body");
      body.scrollIntoView();
      const footer = document.querySelector(".screen-footer");
      const box = body.getBoundingClientRect();
      const sticky = getComputedStyle(footer).position === "sticky";
      const bottom = Math.min(box.bottom, innerHeight, sticky ? footer.getBoundingClientRect().top : innerHeight);
      return Math.round(bottom - Math.max(box.top, 0));
    })()`)) as number;
    expect(room).toBeGreaterThan(120);

    const field = sidebar.getByRole("combobox", { name: "Technologies" });
    await field.scrollIntoViewIfNeeded();
    await field.fill("snowflake");
    await field.press("Enter");
    const ask = sidebar.getByRole("alertdialog", { name: 'Search technologies for "snowflake"?' });
    await ask.waitFor();
    // Clicked as a person clicks: Playwright scrolls the dialog and fails when the button cannot be hit.
    await ask.getByRole("button", { name: "Spend up to 1 credit" }).click({ timeout: 5_000 });
    await sidebar.getByRole("list", { name: "Technologies: chosen" }).getByText("Snowflake").waitFor();
  });
});
