// The bench's week of daily opens (issue 38, case 5) with nobody opening the sidebar or a menu: the add-on is
// enabled in the file, so each morning's open runs onOpen in AuthMode.LIMITED, which files what formulas
// bought into the purchase record and appends the Enrichment log rows they left waiting; the durable level
// (packed, src/core/caches/packed-text.ts) keeps a 2,500-organization × 10-attribute column until then.
import { describe, expect, it } from "vitest";
import { PAID_ATTRIBUTES } from "../../scripts/bench/formula-column-world.ts";
import { PRICES } from "../../src/api/contract/index.ts";
import { SHELF_SHEET } from "../../src/core/addon-sheets/registry.ts";
import { attributeLabel } from "../../src/core/organizations/field-names.ts";
import { addonWorld } from "../support/addon-world.ts";
import { orgRequests } from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";

const ORGS = 2_500;
const UNIT = PRICES.organizationBase + PAID_ATTRIBUTES.length * PRICES.organizationPaidAttribute;
const MINIMUM = ORGS * UNIT;
const ACTION = `Formulas: ORG_ATTR (${PAID_ATTRIBUTES.map(attributeLabel).join(", ")})`;
const FORMULA = `=ORG_ATTR(A2:A${ORGS + 1}, "${PAID_ATTRIBUTES.join(",")}")`;

/** Rows of the by-key shelf holding something; 0 when the record was never filed. */
function shelfRows(w: Awaited<ReturnType<typeof addonWorld>>): number {
  try {
    return w.gas
      .sheet(SHELF_SHEET)
      .values()
      .filter((row) => row.some((cell) => cell !== "")).length;
  } catch {
    return 0;
  }
}

describe("a week of daily opens, no sidebar", () => {
  it("bought once; each open files the purchases and the log equals the ledger", async () => {
    const w = await addonWorld({ emulator: { orgs: ORGS } });
    w.gas.sheet().set(
      "A2",
      w.state.dataset.orgs.slice(0, ORGS).map((o) => [o.domain]),
    );
    w.gas.open({ authMode: "LIMITED" });
    w.gas.formula("B2", FORMULA);
    expect(w.charged()).toBe(MINIMUM);
    const days: number[] = [];
    let filed = 0;
    for (let day = 1; day <= 7; day++) {
      w.gas.clock.advance("1d");
      const before = w.charged();
      const ran = w.gas.reopen({ authMode: "LIMITED" });
      expect(ran.map((e) => [e.kind, e.status])).toEqual([
        ["simple", "completed"],
        ["customFunction", "completed"],
      ]);
      days.push(w.charged() - before);
      // The first open filed the column: the by-key shelf holds one row per organization bucket it used.
      if (day === 1) filed = shelfRows(w);
    }
    expect(days).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(orgRequests(w)).toHaveLength(Math.ceil(ORGS / 1_000));
    expect(w.charged()).toBe(MINIMUM);
    expect(logFacts(w.gas)).toEqual([{ action: ACTION, kind: "charged", credits: MINIMUM }]);
    expect(filed).toBeGreaterThan(0);
  }, 900_000);
});
