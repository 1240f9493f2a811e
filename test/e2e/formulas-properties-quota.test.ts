// The day's properties quota running out inside a paid formula batch (issue 38 case 2): whatever number of
// property calls is left when a column of 200 organizations is bought, the service charges it once, the
// Enrichment log says exactly that, no cell claims a charge that never happened, and nothing is bought again
// once the quota renews (Ask again included).
import { describe, expect, it } from "vitest";
import type { CellValue } from "../../harness/index.ts";
import { type AddonWorld, addonWorld } from "../support/addon-world.ts";
import { logFacts } from "./log-rows.ts";

type Form = "range" | "filled";
/** Every number of property calls left from 0 to 40 (QUOTA_LEFT="13,16" runs only those, to look at one). */
const LEFTS = process.env.QUOTA_LEFT
  ? process.env.QUOTA_LEFT.split(",").map(Number)
  : Array.from({ length: 41 }, (_, n) => n);
/**
 * A range over 200 organizations; a column filled down over 10 (each cell is an execution of its own, so
 * 41 cut points of a longer column take minutes): the cut points are property calls, not rows.
 */
const ORGS: Record<Form, number> = { range: 200, filled: 10 };
/** The price list's minimum for an organization's industry. */
const UNIT = 2;
const DAILY_PROPERTIES = 50_000;
const LOST = /lost its answer/;
const USED_UP =
  /^Google's daily allowance of storage calls for this account is used up, so nothing was sent and no credits were spent\. Formulas fetch again once it renews, by \d{1,2}:\d{2} \(UTC\) tomorrow at the latest\.$/;

async function column(form: Form, callsLeft: number | null): Promise<AddonWorld> {
  // The service knows only the 200 organizations the sweep asks for: 84 worlds each generating the
  // default 3,000 spent a quarter of the file's time on organizations no cell reads.
  const w = await addonWorld({ emulator: { orgs: ORGS.range } });
  w.gas.sheet().set(
    "A2",
    w.state.dataset.orgs.slice(0, ORGS[form]).map((o) => [o.domain]),
  );
  if (callsLeft !== null)
    w.gas.quotas.spend("properties", DAILY_PROPERTIES - w.gas.quotas.use().properties - callsLeft);
  if (form === "range") w.gas.formula("B2", '=ORG_ATTR(A2:A201,"industry")');
  else w.gas.fill(`B2:B${ORGS[form] + 1}`, '=ORG_ATTR(A2,"industry")');
  return w;
}

/** Each row's value, or its error sentence. */
function cells(w: AddonWorld, form: Form): (CellValue | string)[] {
  return Array.from({ length: ORGS[form] }, (_, i) => {
    const cell = w.gas.cell(`B${i + 2}`);
    return cell.error ?? cell.value;
  });
}

/** The sidebar open on the spreadsheet: its calls may fail while the quota is out, as the person sees. */
function sidebarPoll(w: AddonWorld): void {
  for (const name of ["getCredits", "getSettings"]) {
    try {
      w.gas.run(name);
    } catch {
      // Said in the sidebar; the test reads the ledger and the log.
    }
  }
}

async function sweep(form: Form): Promise<void> {
  const reference = await column(form, null);
  const answers = cells(reference, form);
  const minimum = ORGS[form] * UNIT;
  expect(reference.charged()).toBe(minimum);
  const failures: string[] = [];
  for (const left of LEFTS) {
    const w = await column(form, left);
    const first = cells(w, form);
    // Right after the cut: every cell shows its answer or the refusal, never a possible charge.
    // A range formula refused shows the sentence in its own cell and nothing below it.
    const refused = form === "range" && USED_UP.test(String(first[0]));
    const bad = refused
      ? first.slice(1).filter((v) => v !== "")
      : first.filter((v, i) => v !== answers[i] && !USED_UP.test(String(v)));
    if (bad.length > 0) failures.push(`${left} left, first: ${String(bad[0])}`);
    if (w.charged() === 0 && first.some((v) => LOST.test(String(v))))
      failures.push(`${left} left: "may have been charged" with nothing sent`);
    // The person keeps using the spreadsheet through the day, then the quota renews 24 hours after its
    // first use and the formulas recalculate.
    for (let hours = 0; hours < 25; hours += 5) {
      sidebarPoll(w);
      w.gas.clock.advance("5h");
    }
    w.gas.recalculate();
    sidebarPoll(w);
    // Ask again: nothing is held, so nothing is bought again.
    w.gas.run("forgetUnansweredRequests");
    w.gas.recalculate();
    sidebarPoll(w);
    const after = cells(w, form);
    const wrong = after.findIndex((v, i) => v !== answers[i]);
    if (wrong >= 0) failures.push(`${left} left, next day B${wrong + 2}: ${String(after[wrong])}`);
    const log = logFacts(w.gas);
    const expected = [{ action: "Formulas: ORG_ATTR (Industry)", kind: "charged", credits: minimum }];
    if (w.charged() !== minimum || JSON.stringify(log) !== JSON.stringify(expected))
      failures.push(`${left} left: ledger ${w.charged()}, log ${JSON.stringify(log)}`);
  }
  expect(failures).toEqual([]);
}

describe("the properties quota running out inside a paid formula batch", () => {
  it("a range formula: for every 0–40 calls left, charged once, logged once, never claimed when not sent", async () => {
    await sweep("range");
  }, 600_000);

  it("a filled-down column: for every 0–40 calls left, charged once, logged once", async () => {
    await sweep("filled");
  }, 900_000);
});
