// A small paid action in Chromium: the tech stack (1 credit) asks first with its price; Cancel spends
// nothing; "Don't ask again for actions under 25 credits" lets the next small one run without a question.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  charged,
  openMenuItem,
  openSidebarPage,
  putColumnH,
  type SidebarPage,
} from "./support/sidebar-page.ts";

describe("a 1-credit action from the sidebar", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("asks before spending, and stops asking under 25 credits once the person says so", async () => {
    const { page, sidebar } = world;
    const id = world.playground.emulator!.state.dataset.orgs[0]!.id;
    await putColumnH(world, "Organization id", [String(id)]);
    await openMenuItem(page, "Open sidebar");
    await sidebar.getByRole("tab", { name: "More" }).click();
    await sidebar.getByRole("button", { name: /^Tech stack/ }).click();
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    const run = sidebar.getByRole("button", { name: `Import tech stack of ${id}` });
    const before = charged(world);

    await run.click();
    const ask = sidebar.getByRole("alertdialog", { name: `Import the tech stack of ${id}?` });
    await ask.getByText("Up to 1 credit.").waitFor();
    await ask.getByRole("button", { name: "Cancel" }).click();
    await ask.waitFor({ state: "hidden" });
    expect(charged(world)).toBe(before);

    await run.click();
    await ask.getByLabel("Don't ask again for actions under 25 credits").check();
    await ask.getByRole("button", { name: "Spend up to 1 credit" }).click();
    await expect.poll(() => charged(world)).toBe(before + 1);
    // The choice is saved by its own call beside the action's: either may land first.
    await expect.poll(() => world.playground.session.harness.run("getAskUnder")).toBe(25);

    // The next one under 25 credits runs at once.
    await expect.poll(() => run.isEnabled()).toBe(true);
    await run.click();
    await expect.poll(() => charged(world)).toBe(before + 2);
    expect(await ask.count()).toBe(0);
  });
});
