// A formula column bigger than the durable cache is bought once per freshness window (issue 38, case 5):
// its purchases reach the spreadsheet's purchase record at the next sidebar or menu call, and formulas read
// the record before they buy. At 4,000 organizations × 10 paid attributes (a range formula writes its answers compactly: 2,800 fit) the answers cross the
// durable level's 32 values of 8,000 bytes (src/server/runtime.ts, DURABLE_BUCKETS × DURABLE_BUCKET_BYTES).
import { describe, expect, it } from "vitest";
import { PAID_ATTRIBUTES } from "../../scripts/bench/formula-column-world.ts";
import { PRICES } from "../../src/api/contract/index.ts";
import { attributeLabel } from "../../src/core/organizations/field-names.ts";
import { notKeptNote } from "../../src/functions/org-fetch.ts";
import { addonWorld } from "../support/addon-world.ts";
import { logRows, orgRequests } from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";

const ORGS = 4_000;
const UNIT = PRICES.organizationBase + PAID_ATTRIBUTES.length * PRICES.organizationPaidAttribute;
const MINIMUM = ORGS * UNIT;
const ACTION = `Formulas: ORG_ATTR (${PAID_ATTRIBUTES.map(attributeLabel).join(", ")})`;
const FORMULA = `=ORG_ATTR(A2:A${ORGS + 1}, "${PAID_ATTRIBUTES.join(",")}")`;

async function column() {
  const w = await addonWorld({ emulator: { orgs: ORGS } });
  w.gas.sheet().set(
    "A2",
    w.state.dataset.orgs.slice(0, ORGS).map((o) => [o.domain]),
  );
  w.gas.open();
  return w;
}

/** The first log row's count of answers the durable level could not keep (its sentence checked whole). */
function notKeptIn(row: unknown): number {
  const match = /^\d+ matched, 0 not matched\. ([\d,]+) answers? /.exec(String(row));
  const count = Number(match?.[1]?.replace(/,/g, "") ?? "0");
  expect(String(row)).toBe(`${ORGS} matched, 0 not matched. ${notKeptNote(count)}`);
  return count;
}

describe("a formula column bigger than the durable cache", () => {
  it("opened daily for four days, with the sidebar opened each day: bought once, the log equals the ledger", async () => {
    const w = await column();
    w.gas.formula("B2", FORMULA);
    expect(w.charged()).toBe(MINIMUM);
    w.gas.menu("Open sidebar");
    // The durable level (full at 255 KB) could not keep them all: without the record, bought again tomorrow.
    for (let day = 1; day <= 4; day++) {
      w.gas.clock.advance("1d");
      w.gas.reopen();
      w.gas.menu("Open sidebar");
    }
    expect(orgRequests(w)).toHaveLength(ORGS / 1_000);
    expect(w.charged()).toBe(MINIMUM);
    expect(logFacts(w.gas)).toEqual([{ action: ACTION, kind: "charged", credits: MINIMUM }]);
  }, 600_000);

  it("the 6-hour cache gone before any sidebar call: only what the log said is bought again, then never", async () => {
    const w = await column();
    w.gas.formula("B2", FORMULA);
    // Nobody opens the sidebar that day: past 6 hours only the durable level holds the answers.
    w.gas.clock.advance("1d");
    w.gas.reopen();
    w.gas.menu("Open sidebar");
    const rows = logRows(w.gas);
    const lost = notKeptIn(rows[0]?.[5]);
    expect(lost).toBeGreaterThan(0);
    // Bought again: at most what the row named (the durable level drops single fields, so some of those
    // organizations needed only the fields it lost), logged as charged.
    const again = w.charged() - MINIMUM;
    expect(again).toBeGreaterThan(0);
    expect(again).toBeLessThanOrEqual(lost * UNIT);
    expect(logFacts(w.gas).map((f) => f.credits)).toEqual([MINIMUM, again]);
    for (let day = 2; day <= 4; day++) {
      w.gas.clock.advance("1d");
      w.gas.reopen();
      w.gas.menu("Open sidebar");
    }
    expect(w.charged()).toBe(MINIMUM + again);
    expect(logFacts(w.gas).map((f) => f.credits)).toEqual([MINIMUM, again]);
  }, 600_000);
});
