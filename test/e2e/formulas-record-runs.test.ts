// One purchase record for formulas and runs (issue 38): a formula reads what a run bought, and a run what
// formulas bought once a sidebar call, menu entry or the trigger here filed it.
import { describe, expect, it } from "vitest";
import { attributeLabel } from "../../src/core/organizations/field-names.ts";
import { domains, FIELDS, jobsWorld, ledgerTotal, run, settle, UNIT } from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";

const ROWS = 200;
const ATTRIBUTES = FIELDS.map((field) => field.name);

async function column() {
  const world = await jobsWorld({ orgs: 300 });
  world.gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(world.emulator, ROWS).map((d) => [d])]);
  return world;
}

const enrich = { sheetName: "Sheet1", inputRange: `A1:A${ROWS + 1}`, fields: FIELDS };
const formula = `=ORG_ATTR(A2:A${ROWS + 1}, "${ATTRIBUTES.join(",")}")`;

describe("formulas and runs share the purchase record", () => {
  it("a formula over the organizations a run bought buys nothing and shows what the run wrote", async () => {
    const world = await column();
    const { gas, emulator } = world;
    const job = run(gas, "startEnrichment", enrich);
    expect(settle(world, job.jobId)).toMatchObject({ state: "done", rowsDone: ROWS });
    // The next call that flushes the log brings the by-key shelf formulas read up to date.
    gas.run("formulaSheetStatus");
    gas.formula("Sheet1!H2", formula);
    expect(ledgerTotal(emulator)).toBe(ROWS * UNIT);
    expect(gas.sheet("Sheet1").values(`H2:J${ROWS + 1}`)).toEqual(
      gas.sheet("Sheet1").values(`B2:D${ROWS + 1}`),
    );
    expect(logFacts(gas)).toEqual([
      { action: `Enrich Sheet1!A2:A${ROWS + 1}`, kind: "charged", credits: ROWS * UNIT },
    ]);
  }, 300_000);

  it("a run over the organizations a formula bought buys nothing once the formula's purchase is filed", async () => {
    const world = await column();
    const { gas, emulator } = world;
    gas.formula("Sheet1!H2", formula);
    expect(ledgerTotal(emulator)).toBe(ROWS * UNIT);
    gas.run("formulaSheetStatus");
    const job = run(gas, "startEnrichment", enrich);
    expect(settle(world, job.jobId)).toMatchObject({ state: "done", rowsDone: ROWS, creditsSpent: 0 });
    expect(ledgerTotal(emulator)).toBe(ROWS * UNIT);
    expect(logFacts(gas)).toEqual([
      {
        action: `Formulas: ORG_ATTR (${ATTRIBUTES.map(attributeLabel).join(", ")})`,
        kind: "charged",
        credits: ROWS * UNIT,
      },
      { action: `Enrich Sheet1!A2:A${ROWS + 1}`, kind: "charged", credits: 0 },
    ]);
  }, 300_000);
});
