// The Refreshes section for the README: an hourly rule over 20 enriched rows, its last run with notable
// changes first, from a real run: the emulator's data moves (its admin endpoint) and Refresh now runs the rule.

import { call } from "../emulator/testing.ts";
import { startPlayground } from "../playground/server/start-playground.ts";
import { launchChromium } from "./lib/chromium.ts";

export async function shootRefreshes(
  shoot: (page: import("playwright-core").Page, name: string) => Promise<void>,
) {
  const playground = await startPlayground({
    port: 0,
    tickMs: 0,
    sheets: [{ name: "Companies", values: [["Domain"]] }],
  });
  const browser = await launchChromium();
  try {
    const gas = playground.session.harness;
    const emulator = playground.emulator!.state;
    const orgs = emulator.dataset.orgs.slice(0, 20);
    // Org i sits in row i + 2; its headcount or industry moves as the service's data does.
    const move = (i: number, body: { employee_count?: number; industry?: string }) => {
      const answer = call(emulator, "POST", "/__admin/organizations", { body: { id: orgs[i]!.id, ...body } });
      if (answer.status !== 200) throw new Error(`The emulator did not take the change: ${answer.status}`);
    };
    const headcounts: Array<[number, number, number]> = [
      [1, 1200, 1450],
      [4, 500, 400],
      [6, 80, 82],
      [7, 310, 305],
    ];
    for (const [i, was] of headcounts) move(i, { employee_count: was });
    move(3, { industry: "Information" });
    gas.sheet("Companies").set("A1", [["Domain"], ...orgs.map((o) => [o.domain])]);
    const fields = ["industry", "employee_count"].map((name) => ({ kind: "attribute", name }));
    const job = gas.run("startEnrichment", { sheetName: "Companies", inputRange: "A2:A21", fields }) as {
      jobId: string;
    };
    for (let i = 0; i < 10; i++) gas.run("pollJobs");
    const rule = gas.run("saveRefreshRule", { jobId: job.jobId, frequency: "hourly" }) as { ruleId: string };
    for (const [i, , now] of headcounts) move(i, { employee_count: now });
    move(3, { industry: "Finance and Insurance" });
    gas.run("refreshNow", rule.ruleId);
    for (let i = 0; i < 10; i++) gas.run("pollJobs");

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
