// Formulas against the daily properties quota: a column reopened reads no property, and settings saved in
// the sidebar still reach the very next formula (the kill switch is a promise about money).
import { describe, expect, it } from "vitest";
import { addonWorld } from "../support/addon-world.ts";

describe("a filled-down formula column", () => {
  it("reads no property when the spreadsheet is reopened, and obeys a kill switch saved meanwhile", async () => {
    const w = await addonWorld();
    const { gas } = w;
    gas.sheet().set(
      "A2",
      w.state.dataset.orgs.slice(0, 60).map((o) => [o.domain]),
    );
    gas.fill("B2:B61", '=ORG_ATTR(A2,"industry")');
    expect(
      gas
        .sheet()
        .values("B2:B61")
        .every(([value]) => typeof value === "string" && value !== ""),
    ).toBe(true);

    const before = gas.quotas.use().properties;
    const reopened = gas.reopen().filter((e) => e.kind === "customFunction");
    expect(reopened).toHaveLength(60);
    expect(gas.quotas.use().properties - before).toBe(0);

    gas.run("saveFormulaSettings", { killSwitch: true, dailyCap: null, cacheLifetimeSeconds: 21600 });
    gas.sheet().set("A62", w.state.dataset.orgs[100]!.domain);
    const cell = gas.formula("B62", '=ORG_ATTR(A62,"industry")');
    expect(cell.error).toBe(
      "Enrichment formulas are paused (kill switch in Settings). No credits were spent.",
    );
  });
});
