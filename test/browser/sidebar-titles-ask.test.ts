// Map titles is a paid lookup: like every paid control it asks above the person's threshold (0 here, so
// always), with the footer's estimate as its price, and Cancel spends nothing (issue 29 point 2).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  charged,
  confirmPaid,
  openMenuItem,
  openSidebarPage,
  putColumnH,
  type SidebarPage,
} from "./support/sidebar-page.ts";

const TITLES = ["VP of Sales", "Head of Marketing", "Senior Software Engineer"];

describe("Map titles", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("asks with the estimate's price; Cancel spends nothing, yes spends no more than it said", async () => {
    const { page, sidebar } = world;
    await putColumnH(world, "Job title", TITLES);
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByRole("radio", { name: "Job titles" }).check();
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    const map = sidebar.getByRole("button", { name: `Map ${TITLES.length} titles` });
    await expect.poll(() => map.isEnabled(), { timeout: 20_000 }).toBe(true);
    const estimate = sidebar.locator("#enrich-estimate");
    const line = (await estimate.textContent()) ?? "";
    const bound = Number(/^Up to (\d+) credits?/.exec(line)?.[1]);
    expect(bound).toBeGreaterThan(0);
    const before = charged(world);

    await map.click();
    const ask = sidebar.getByRole("alertdialog", { name: `Map ${TITLES.length} titles?` });
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "hidden" });
    expect(charged(world)).toBe(before);

    await map.click();
    expect(await confirmPaid(sidebar, `Map ${TITLES.length} titles?`)).toBe(
      `Up to ${bound} credit${bound === 1 ? "" : "s"}.`,
    );
    await expect.poll(() => estimate.textContent(), { timeout: 20_000 }).toMatch(/^Spent /);
    expect(charged(world) - before).toBeGreaterThan(0);
    expect(charged(world) - before).toBeLessThanOrEqual(bound);
  });
});
