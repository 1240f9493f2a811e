// The Refreshes section for the README: an hourly rule over 20 enriched rows, its last run with notable
// changes first. The run's report and its Changes rows are written as the refresh run records them
// (test/e2e/refresh-report.ts), so the picture does not depend on the emulator's data moving.

import { startPlayground } from "../playground/server/start-playground.ts";
import type { CellChange } from "../src/core/changes/change.ts";
import { setLastRun, writeChanges } from "../test/e2e/refresh-report.ts";
import { launchChromium } from "./lib/chromium.ts";

export async function shootRefreshes(
  shoot: (page: import("playwright-core").Page, name: string) => Promise<void>,
) {
  const playground = await startPlayground({
    port: 0,
    tickMs: 0,
    sheets: [
      { name: "Companies", values: [["Domain"]] },
      { name: "Changes", values: [] },
    ],
  });
  const browser = await launchChromium();
  try {
    const gas = playground.session.harness;
    const orgs = playground.emulator!.state.dataset.orgs.slice(0, 20);
    gas.sheet("Companies").set("A1", [["Domain"], ...orgs.map((o) => [o.domain])]);
    const fields = ["industry", "employee_count"].map((name) => ({ kind: "attribute", name }));
    const job = gas.run("startEnrichment", { sheetName: "Companies", inputRange: "A2:A21", fields }) as {
      jobId: string;
    };
    for (let i = 0; i < 10; i++) gas.run("pollJobs");
    const rule = gas.run("saveRefreshRule", { jobId: job.jobId, frequency: "hourly" }) as { ruleId: string };
    const at = gas.clock.now();
    const change = (
      row: number,
      column: number,
      field: string,
      before: CellChange["before"],
      after: CellChange["after"],
    ) => ({
      at,
      ruleId: rule.ruleId,
      sheetName: "Companies",
      row,
      column,
      organization: orgs[row - 2]!.domain,
      field,
      before,
      after,
    });
    const rows = writeChanges(gas, 2, [
      change(3, 3, "employee_count", 1200, 1450),
      change(5, 2, "industry", "Software", "Financial services"),
      change(6, 3, "employee_count", 500, 400),
      change(8, 3, "employee_count", 80, 82),
      change(9, 3, "employee_count", 310, 305),
    ]);
    setLastRun(gas, rule.ruleId, {
      at,
      rowsChecked: 20,
      rowsBought: 20,
      cellsChanged: 5,
      credits: 60,
      changeRows: rows,
    });

    const page = browser.page;
    await page.goto(playground.url);
    await page.locator('td[data-a1="A2"]').filter({ hasText: "." }).waitFor();
    await page.getByRole("button", { name: "Extensions" }).click();
    await page.getByRole("menuitem", { name: "Enrichment for Sheets" }).click();
    await page.getByRole("menuitem", { name: "Open sidebar" }).click();
    const sidebar = page.frameLocator("#sidebar-frame");
    await sidebar.getByRole("tab", { name: "More" }).click();
    await sidebar.getByRole("button", { name: /^Scheduled refreshes/ }).click();
    await sidebar.getByText("Select changed cells").scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    await shoot(page, "sidebar-refreshes.png");
  } finally {
    await browser.close();
    await playground.close();
  }
}
