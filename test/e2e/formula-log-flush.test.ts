// Formulas' paid batches reach the Enrichment log from every execution that may write the sheet, not only
// the sidebar's (issue 29 point 1): the jobs dispatcher's trigger in the document, Check this sheet and the
// add-on menu's entries. Two of them at once append the waiting row once.
import { describe, expect, it } from "vitest";
import { explore, seedsFromEnv } from "../../harness/index.ts";
import type { AddonWorld } from "../support/addon-world.ts";
import { formulasPaid } from "./formulas-paid.ts";
import { logFacts } from "./log-rows.ts";

const formulaRow = (w: AddonWorld) => [
  { action: "Formulas: ORG_ATTR (Industry)", kind: "charged", credits: w.charged() },
];

const waiting = (w: AddonWorld) =>
  Object.keys(w.gas.properties.document().snapshot()).filter((k) => k.startsWith("paid:logrow:"));

describe("formulas' waiting log rows", () => {
  it("are appended by the jobs dispatcher's trigger running in the document", async () => {
    const w = await formulasPaid();
    w.gas.run("dispatchJobs");
    expect(logFacts(w.gas)).toEqual(formulaRow(w));
    expect(waiting(w)).toEqual([]);
  }, 60_000);

  it("are appended by Check this sheet", async () => {
    const w = await formulasPaid();
    w.gas.run("formulaSheetStatus");
    expect(logFacts(w.gas)).toEqual(formulaRow(w));
    expect(waiting(w)).toEqual([]);
  }, 60_000);

  it("are appended by a menu entry (Help opens no sidebar)", async () => {
    const w = await formulasPaid();
    w.gas.open();
    w.gas.menu("Help");
    expect(logFacts(w.gas)).toEqual(formulaRow(w));
    expect(waiting(w)).toEqual([]);
  }, 60_000);

  it("are appended once when two executions flush them at the same moment", async () => {
    await explore(seedsFromEnv([1, 2, 3, 4, 5, 6]), async (seed) => {
      const w = await formulasPaid(seed);
      w.gas.concurrently([() => w.gas.run("getSettings"), () => w.gas.run("getCredits")]);
      expect(logFacts(w.gas)).toEqual(formulaRow(w));
      expect(waiting(w)).toEqual([]);
    });
  }, 180_000);
});
