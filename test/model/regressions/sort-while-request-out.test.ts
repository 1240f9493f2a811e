// Found by the model (test/model, KNOWN_BUGS "sort-in-flight"): a run's poll dies after the service charged
// its request (the answer unread), the person sorts the sheet, and the next poll fails the run with "rows
// moved": the charge is nowhere in the Enrichment log — not charged, not possibly charged — and Resume
// only fails again. Shrunk sequence (npm run model -- --bugs sort-in-flight --seed 606 --runs 40: path
// "1:0:0:0:0:0:0:0"), Sheet1!A2:A7 = org0, org0, blank, org0, blank, org0:
//   enrich Sheet1!A2:A7, the poll killed at Range.setValues #3, Sheet1 sorted Z→A
// The ledger charged 3 credits; the log says 0 charged and 0 possibly. Written here with the kill right
// after the charge (HTTPResponse.getContentText) over org0, org1, org2, org0, org4, org5: 15 credits. Issue case: "a sort while a bulk
// request is out" (it does not buy again, and now logs what it may have bought: the run that stops on the
// moved rows counts the unsettled request, journaled as charged, else its most as possibly charged).
import { describe, expect, it } from "vitest";
import { charged, createWorld, logFacts } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

describe("a sort while a run's request is out (model regression)", () => {
  it("logs the request the dead poll sent as possibly charged", async () => {
    const w = await createWorld();
    const [org0, org1, org2, , org4, org5] = w.pool;
    w.gas.sheet("Sheet1").set("A2", [[org0], [org1], [org2], [org0], [org4], [org5]]);
    w.gas.run("startEnrichment", REQUEST);
    w.gas.killAt("HTTPResponse.getContentText", 1);
    expect(() => w.gas.run("pollJobs")).toThrow("Exceeded maximum execution time");
    w.gas.sheet("Sheet1").sort(1, { ascending: false, headerRows: 1 });
    w.gas.clock.advance("5m");
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(15);
    const facts = logFacts(w);
    const logged = facts.reduce((total, fact) => total + fact.credits, 0);
    // Before the fix: 0 — one row "charged 0", no possibly-charged row for the 15 the service took.
    expect(facts.filter((fact) => fact.kind === "possibly")).toHaveLength(1);
    expect(logged).toBe(15);
  });

  it("logs a request the dead poll journaled as charged, nothing possibly (the shrunk sequence)", async () => {
    const w = await createWorld();
    const [org0] = w.pool;
    w.gas.sheet("Sheet1").set("A2", [[org0], [org0], [null], [org0], [null], [org0]]);
    w.gas.run("startEnrichment", REQUEST);
    w.gas.killAt("Range.setValues", 3);
    expect(() => w.gas.run("pollJobs")).toThrow("Exceeded maximum execution time");
    w.gas.sheet("Sheet1").sort(1, { ascending: false, headerRows: 1 });
    w.gas.clock.advance("5m");
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(3);
    // Before the fix: [{ charged, 0 }] against the ledger's 3.
    expect(logFacts(w).map((fact) => [fact.kind, fact.credits])).toEqual([["charged", 3]]);
  });
});
