// Found by the model (campaign seeds 505, replayPath "CEAAACAAFM:qK", and 707, "AFAAIBCDBc:qK"): Sheet1 and
// F enriched at once (or from two sidebars), then the person deletes "Enrichment jobs" and "Enrichment
// purchases" before any execution of the add-on ran, and saves a refresh rule on the run the sidebar still
// shows. Shrunk sequence, Sheet1!A2:A7 = org0, blank, org0, org0, blank, org0 and F!A2 = org0:
//   enrich Sheet1!A2:A7 and F!A2:A7 at once, delete the sheet "Enrichment jobs", delete the sheet
//   "Enrichment purchases", save a daily refresh rule
// The save answered 'There is no job "…" in this spreadsheet.': true, but an internal word for a run the
// person just saw. With both sheets gone the run cannot be rebuilt (jobs hold no answers, the record is gone),
// so the save says what happened and what to do. With the record there the run comes back and the rule works.
import { describe, expect, it } from "vitest";
import { charged, createWorld, logFacts } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};
const ON_F = { ...REQUEST, sheetName: "F" };
type World = Awaited<ReturnType<typeof createWorld>>;
type Status = { jobId: string; state: string };

function enrichBoth(w: World): Status[] {
  const org0 = w.pool[0]!;
  w.gas.sheet("Sheet1").set("A2", [[org0], [null], [org0], [org0], [null], [org0]]);
  w.gas.sheet("F").set("A2", [[org0]]);
  const started = w.gas.concurrently([
    () => w.gas.run("startEnrichment", REQUEST),
    () => w.gas.run("startEnrichment", ON_F),
  ]) as Status[];
  for (let i = 0; i < 2; i++) {
    w.gas.clock.advance("5m");
    w.gas.run("pollJobs");
  }
  expect(charged(w)).toBe(3);
  expect(logFacts(w).map((fact) => [fact.action, fact.kind, fact.credits])).toEqual([
    ["Enrich F!A2:A7", "charged", 3],
    ["Enrich Sheet1!A2:A7", "charged", 0],
  ]);
  return started;
}

function failure(w: World, name: string, ...args: unknown[]): string {
  try {
    w.gas.run(name, ...args);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${name} did not fail`);
}

describe("a rule saved on a run whose jobs sheet was deleted (model regression)", () => {
  it("with the purchase record gone too, the save says the run is gone and what to do", async () => {
    const w = await createWorld();
    const [sheet1, onF] = enrichBoth(w);
    w.gas.deleteSheet("Enrichment jobs");
    w.gas.deleteSheet("Enrichment purchases");
    const gone =
      'That run is gone: the hidden sheet "Enrichment jobs" was deleted, and the run could not be rebuilt from the purchase record. Enrich its rows again (the price comes first), then schedule the refresh from the new run.';
    expect(failure(w, "saveRefreshRule", { jobId: sheet1!.jobId, frequency: "daily" })).toBe(gone);
    expect(failure(w, "saveRefreshRule", { jobId: onF!.jobId, frequency: "weekly", newRowsOnly: true })).toBe(
      gone,
    );
    expect(w.gas.run("pollJobs")).toEqual([]);
    expect(charged(w)).toBe(3);
  });

  it("with the record there, a rule saved at once on each rebuilt run works and buys nothing again", async () => {
    const w = await createWorld();
    const [sheet1, onF] = enrichBoth(w);
    w.gas.deleteSheet("Enrichment jobs");
    const rule = w.gas.run("saveRefreshRule", { jobId: sheet1!.jobId, frequency: "daily" }) as {
      ruleId: string;
      sheetName: string;
    };
    expect(rule.sheetName).toBe("Sheet1");
    const onFRule = w.gas.run("saveRefreshRule", { jobId: onF!.jobId, frequency: "daily" }) as {
      sheetName: string;
    };
    expect(onFRule.sheetName).toBe("F");
    expect(charged(w)).toBe(3);
  });
});
