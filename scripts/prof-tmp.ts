import { createEmulatorState } from "../emulator/state.ts";
import { largeSheet } from "../playground/server/large-sheet.ts";
import { startPlayground } from "../playground/server/start-playground.ts";
import { launchChromium } from "./lib/chromium.ts";
import { ctrlDown, fillDown, jumpWithNameBox, recalculated, undo } from "./lib/grid-timing.ts";

const orgs = createEmulatorState().dataset.orgs;
const p = await startPlayground({ port: 0, tickMs: 0, sheets: [largeSheet(orgs, 50000, 30)] });
const b = await launchChromium();
const page = b.page;
await page.goto(p.url);
await page.locator('td[data-a1="A2"]').filter({ hasText: /\S/ }).waitFor();
const entries = async (since: number) =>
  (await page.evaluate(
    `performance.getEntriesByType("resource").filter(e => e.startTime >= ${since}).map(e => [e.name.replace(/^.*\\/api/, ""), Math.round(e.startTime - ${since}), Math.round(e.duration), e.transferSize])`,
  )) as unknown[];
for (let i = 0; i < 3; i++) {
  await jumpWithNameBox(page, "AD2:AD5001", "AD2");
  await fillDown(page, "AD3");
  await recalculated(page, "AD3");
  let t0 = (await page.evaluate("performance.now()")) as number;
  console.log("undo", (await undo(page, "AD3")).toFixed(0), JSON.stringify(await entries(t0)));
  await recalculated(page, "AD2");
  const letter = "CDE"[i]!;
  await jumpWithNameBox(page, `${letter}1`, `${letter}1`);
  t0 = (await page.evaluate("performance.now()")) as number;
  console.log("down", (await ctrlDown(page, `${letter}50000`)).toFixed(0), JSON.stringify(await entries(t0)));
}
await b.close();
await p.close();
