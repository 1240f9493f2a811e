// Issue 38: the hidden "Enrichment matches" sheet deleted by a person between two list imports from the same
// domains: the second import buys none of the matches again (the purchase record holds them), and the
// Enrichment log still equals what the emulator's ledger charged.
import { describe, expect, it } from "vitest";
import { MATCH_SHEET } from "../../src/core/addon-sheets/registry.ts";
import { jobsWorld, ledger, logRows, run } from "./bulk-world.ts";

interface Created {
  list: { count: number };
  report: { added: number; creditsUsed: number };
}

describe('the "Enrichment matches" sheet deleted between two imports', () => {
  it("matches the same domains again from the purchase record, buying nothing twice", async () => {
    const { gas, emulator } = await jobsWorld();
    const [a, b, c] = emulator.dataset.orgs;
    gas.sheet("Sheet1").set("A1", [[a!.domain], [b!.domain], [c!.domain], ["no-such-org.example"]]);
    const selection = { sheetName: "Sheet1", range: "A1:A4" };

    const first = run<Created>(gas, "createOrganizationList", { name: "First", selection });
    expect(first.list.count).toBe(3);
    expect(first.report).toMatchObject({ added: 3, creditsUsed: 3 });
    expect(ledger(emulator).map((entry) => [entry.path, entry.credits])).toEqual([["/v9/organizations", 3]]);

    gas.deleteSheet(MATCH_SHEET);
    const second = run<Created>(gas, "createOrganizationList", { name: "Second", selection });
    expect(second.list.count).toBe(3);
    expect(second.report).toMatchObject({ added: 3, creditsUsed: 0 });

    // Nothing bought twice: the one charge of the first import. The domain the service does not know is
    // asked again, free (a match not found is never kept, deleted sheet or not), and logged at 0.
    expect(ledger(emulator).map((entry) => [entry.path, entry.credits])).toEqual([["/v9/organizations", 3]]);
    expect(logRows(gas).map((row) => [row[1], row[3]])).toEqual([
      ['Find the ids of 4 organizations to add to list "First"', 3],
      ['Find the ids of 1 organization to add to list "Second"', 0],
    ]);
    // The matches are on the sheet again, so a third import reads them there.
    const third = run<Created>(gas, "createOrganizationList", { name: "Third", selection });
    expect(third.report).toMatchObject({ added: 3, creditsUsed: 0 });
    expect(ledger(emulator)).toHaveLength(1);
  });
});
