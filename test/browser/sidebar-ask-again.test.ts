// Settings in Chromium: requests sent without an answer are counted, and Ask again forgets only them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeIntent, FORMULA_INTENT_PREFIX } from "../../src/core/spending/formula-intents.ts";
import { openMenuItem, openSidebarPage, type SidebarPage } from "./support/sidebar-page.ts";

describe("requests without an answer, in Settings", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("says how many organizations they hold, and Ask again forgets them, leaving the kept answers", async () => {
    const { page, sidebar, playground } = world;
    const gas = playground.session.harness;
    await expect.poll(async () => (await world.api.state()).calculating, { timeout: 60_000 }).toBe(false);
    // A request that went out an hour ago for two organizations and never came back.
    const key = `${FORMULA_INTENT_PREFIX}test0001:0`;
    gas.properties.document().put({
      [key]: encodeIntent(gas.clock.now() - 3_600_000, ["a:industry"], ["d:a.example", "d:b.example"]),
    });
    const kept = (gas.run("getSettings") as { kept: unknown }).kept;
    await openMenuItem(page, "Settings");
    await sidebar
      .getByText(
        "Sent without an answer coming back: 2 organizations or texts (1 request). They may have been charged, so formulas do not ask for them again by themselves. Ask again to buy them on the next recalculation; the answers kept stay.",
      )
      .waitFor();
    await sidebar.getByRole("button", { name: "Ask again" }).click();
    await sidebar
      .getByText(
        "Forgotten: 2 organizations or texts (1 request). They are asked for, and paid, on the next recalculation; kept answers stay.",
      )
      .waitFor();
    expect(Object.keys(gas.properties.document().snapshot())).not.toContain(key);
    expect(gas.run("getSettings")).toMatchObject({ kept, unanswered: { requests: 0, items: 0 } });
    expect(await sidebar.getByRole("button", { name: "Ask again" }).count()).toBe(0);
  });
});
