// `npm run screenshots`: takes the README's picture of the playground on purpose (the tests never write
// tracked files): the sample sheet with ORG_ATTR filled in and the sidebar's Settings, in docs/.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startPlayground } from "../playground/server/start-playground.ts";
import { launchChromium } from "./lib/chromium.ts";
import { paletteFromScreenshot } from "./lib/png-palette.ts";

const DOCS = join(import.meta.dirname, "../docs");

const playground = await startPlayground({ port: 0, tickMs: 0 });
const browser = await launchChromium();
try {
  const page = browser.page;
  const cell = (a1: string) => page.locator(`td[data-a1="${a1}"]`);
  const typeInto = async (a1: string, text: string) => {
    await cell(a1).click();
    await page.keyboard.type(text);
    await page.keyboard.press("Enter");
  };
  await page.goto(playground.url);
  await cell("A2").filter({ hasText: "." }).waitFor();
  await typeInto("B1", "Employees");
  await typeInto("B2", '=ORG_ATTR(A2:A20, "employee_count")');
  await cell("B20").filter({ hasText: /\d/ }).waitFor();
  await page.getByRole("button", { name: "Extensions" }).click();
  await page.getByRole("menuitem", { name: "Enrichment for Sheets" }).click();
  await page.getByRole("menuitem", { name: "Settings" }).click();
  await page.frameLocator("#sidebar-frame").getByRole("button", { name: "Save key" }).waitFor();
  await cell("B2").click();
  mkdirSync(DOCS, { recursive: true });
  const file = join(DOCS, "playground.png");
  writeFileSync(file, paletteFromScreenshot(await page.screenshot({ type: "png" })));
  console.log(`wrote ${file}`);
} finally {
  await browser.close();
  await playground.close();
}
