// `npm run bench:playground`: the playground on a 50,000-row × 30-column sheet in Chromium, page time per interaction.
import { createEmulatorState } from "../emulator/state.ts";
import { largeSheet } from "../playground/server/large-sheet.ts";
import { startPlayground } from "../playground/server/start-playground.ts";
import { launchChromium } from "./lib/chromium.ts";
import { driveLargeSheet, LARGE_COLS, LARGE_ROWS, timingTable } from "./lib/playground-drive.ts";

const started = performance.now();
const orgs = createEmulatorState().dataset.orgs;
const playground = await startPlayground({
  port: 0,
  tickMs: 0,
  spreadsheetName: "Companies at real size",
  sheets: [largeSheet(orgs, LARGE_ROWS, LARGE_COLS)],
});
const browser = await launchChromium();
try {
  const page = browser.page;
  await page.goto(playground.url);
  await page.locator('td[data-a1="A2"]').filter({ hasText: /\S/ }).waitFor();
  console.log(
    `Playground on ${LARGE_ROWS.toLocaleString("en-US")} rows × ${LARGE_COLS} columns, ready in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log("Page time from the input to the frame that shows its result:\n");
  console.log(timingTable(await driveLargeSheet(page)));
} finally {
  await browser.close();
  await playground.close();
}
