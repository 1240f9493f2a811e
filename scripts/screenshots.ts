// `npm run screenshots`: takes the README's pictures on purpose (the tests never write tracked files): the
// sample sheet with ORG_ATTR filled in and Settings; a finished Enrich run with its columns in view and the
// chip's balance; a small paid action asking first. All in docs/.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startPlayground } from "../playground/server/start-playground.ts";
import { launchChromium } from "./lib/chromium.ts";
import { paletteFromScreenshot } from "./lib/png-palette.ts";
import { shootDiagnostics } from "./screenshot-diagnostics.ts";
import { shootRefreshes } from "./screenshot-refreshes.ts";

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
  const shoot = async (name: string) => {
    const file = join(DOCS, name);
    writeFileSync(file, paletteFromScreenshot(await page.screenshot({ type: "png" })));
    console.log(`wrote ${file}`);
  };
  await shoot("playground.png");

  // Enrich selection… on 20 domains: the run ends with its new columns selected, values beside a Status.
  const sidebar = page.frameLocator("#sidebar-frame");
  const orgs = playground.emulator!.state.dataset.orgs.slice(0, 20);
  const post = (path: string, body: unknown) =>
    fetch(`${playground.url}${path}`, { method: "POST", body: JSON.stringify(body) });
  await post("/api/cells", {
    sheet: "Companies",
    a1: "D1",
    values: [["Domain"], ...orgs.map((o) => [o.domain])],
  });
  await post("/api/select", { sheet: "Companies", a1: "D1:D21" });
  await page.getByRole("button", { name: "Extensions" }).click();
  await page.getByRole("menuitem", { name: "Enrichment for Sheets" }).click();
  await page.getByRole("menuitem", { name: "Enrich selection…" }).click();
  await sidebar.getByText("Companies!D2:D21 · 20 rows", { exact: false }).waitFor();
  await sidebar.getByRole("checkbox", { name: /^Industry/ }).check();
  await sidebar.getByRole("checkbox", { name: /^Employee count/ }).check();
  await sidebar.getByRole("button", { name: "Enrich 20 rows" }).click();
  await sidebar.getByText("Enrichment finished").waitFor();
  await page.waitForTimeout(1_500);
  await shoot("sidebar-enrich.png");

  // A 1-credit action asks first, with its price.
  await post("/api/cells", {
    sheet: "Companies",
    a1: "K1",
    values: [["Organization id"], [String(orgs[0]!.id)]],
  });
  await post("/api/select", { sheet: "Companies", a1: "K1:K2" });
  await sidebar.getByRole("tab", { name: "More" }).click();
  await sidebar.getByRole("button", { name: /^Tech stack/ }).click();
  await sidebar.getByRole("button", { name: "Use selection" }).click();
  await sidebar.getByRole("button", { name: /^Import tech stack of / }).click();
  await sidebar.getByRole("alertdialog").waitFor();
  await shoot("sidebar-ask-first.png");

  await shootDiagnostics(page, playground, shoot);
} finally {
  await browser.close();
  await playground.close();
}
await shootRefreshes(async (page, name) => {
  writeFileSync(join(DOCS, name), paletteFromScreenshot(await page.screenshot({ type: "png" })));
  console.log(`wrote ${join(DOCS, name)}`);
});
