// A sidebar action whose paid answer is lost: the person reads why, the log says it was possibly charged.
import { describe, expect, it } from "vitest";
import { addFault, failure, jobsWorld, ledger, ledgerTotal, logRows } from "./bulk-world.ts";

describe("a sidebar action whose paid answer is lost", () => {
  it("is not sent again, and the Enrichment log covers what the service charged as possibly charged", async () => {
    const { gas, emulator } = await jobsWorld();
    addFault(emulator, { path: "/v9/signals", method: "POST", body: "truncated", count: 1 });
    expect(failure(gas, "importSignalFeed", { maxSignals: 100 })).toMatch(
      /could not read .*may have charged/,
    );
    expect(gas.fetches.filter((f) => f.url.endsWith("/v9/signals"))).toHaveLength(1);
    expect(ledger(emulator)).toHaveLength(1);
    const rows = logRows(gas);
    expect(rows).toHaveLength(1);
    expect(rows[0]![1]).toBe("Sidebar action (answer lost)");
    expect(Number(rows[0]![3])).toBeGreaterThanOrEqual(ledgerTotal(emulator));
    expect(String(rows[0]![5])).toMatch(/^100 credits possibly charged: an answer was lost/);
  });
});
