// The Diagnostics dialog in the playground for docs/deploy.md: the menu item, its one-off clock trigger fired by
// moving the harness clock past its due time, then the menu item again with the trigger's rows.
import type { Page } from "playwright-core";
import type { RunningPlayground } from "../playground/server/start-playground.ts";

export async function shootDiagnostics(
  page: Page,
  playground: RunningPlayground,
  shoot: (name: string) => Promise<void>,
): Promise<void> {
  const openDiagnostics = async () => {
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Extensions" }).click();
    await page.getByRole("menuitem", { name: "Enrichment for Sheets" }).click();
    await page.getByRole("menuitem", { name: "Diagnostics" }).click();
  };
  await openDiagnostics();
  await page.frameLocator("#html-dialog-frame").getByText("The background run ran").waitFor();
  // The playground is an installed add-on: its trigger is an hour ahead. Move harness time past it.
  playground.session.harness.clock.advance("61m");
  await openDiagnostics();
  await page.frameLocator("#html-dialog-frame").getByText("Trigger: document lock").waitFor();
  await page.waitForTimeout(500);
  await shoot("diagnostics.png");
}
