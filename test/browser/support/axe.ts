// axe-core (a dev dependency) run inside the sidebar's page: the WCAG 2.2 AA rules, and what they find
// serious or critical, named by rule and element so a failing test says what to fix.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Frame, Page } from "playwright-core";

const AXE_SOURCE = readFileSync(join(process.cwd(), "node_modules/axe-core/axe.min.js"), "utf8");
const WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

export interface Violation {
  rule: string;
  impact: string;
  /** The elements, by selector, with axe's summary of what is wrong with each. */
  nodes: string[];
}

/** The sidebar's frame, as Playwright reaches into it. */
export async function sidebarFrame(page: Page): Promise<Frame> {
  const frame = await (await page.locator("#sidebar-frame").elementHandle())?.contentFrame();
  if (!frame) throw new Error("the sidebar frame is not there");
  return frame;
}

/** The serious and critical WCAG 2.2 AA violations in the sidebar as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  const frame = await sidebarFrame(page);
  if (!(await frame.evaluate("typeof globalThis.axe !== 'undefined'"))) await frame.evaluate(AXE_SOURCE);
  const found = (await frame.evaluate(`axe.run(document, {
    runOnly: { type: "tag", values: ${JSON.stringify(WCAG_22_AA)} },
    resultTypes: ["violations"],
  }).then((result) => result.violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    nodes: v.nodes.map((n) => n.target.join(" ") + ": " + (n.failureSummary || "").replace(/\\s+/g, " ")),
  })))`)) as Violation[];
  return found.filter((v) => v.impact === "serious" || v.impact === "critical");
}
