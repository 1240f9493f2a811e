// Found by the model (campaign seed 25): the sidebar's poll is killed at HTTPResponse.getContentText (the
// service charged the request, its answer unread), then Sheet1 and F are enriched together. Shrunk sequence,
// Sheet1!A2:A7 = org0, blank, org0, org0, blank, org0 and F!A2 = org0:
//   enrich Sheet1!A2:A7, the poll killed at HTTPResponse.getContentText #1
//   enrich Sheet1!A2:A7 and F!A2:A7 at once
// The ledger charged 6 against "a minimum of 0 (and up to 3 more a killed request may have cost)". The model
// was wrong there: Sheet1's price named the 4 rows whose answer was lost, and the person said yes, so org0
// bought once more is the person's choice (the model's two-sheets command dropped what the price named, as
// one Enrich does not). The product was wrong elsewhere: F's own price was plain, though F's run sends org0,
// whose last answer was lost on Sheet1, again. Now every run's price names such rows, whichever sheet lost them.
import { describe, expect, it } from "vitest";
import { charged, createWorld, logFacts, truth } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};
const ON_F = { ...REQUEST, sheetName: "F" };
const PRICE = "Up to 3 credits · 1 organization × 3 (1 base + 2 for fields)";
const price = (w: Awaited<ReturnType<typeof createWorld>>, request: typeof REQUEST) =>
  (w.gas.run("estimateEnrichment", request) as { message: string }).message;

describe("a poll killed after the charge, then two sheets enriched at once (model regression)", () => {
  it("each sheet's price names the rows sent again, and org0 is bought once more", async () => {
    const w = await createWorld();
    const org0 = w.pool[0]!;
    w.gas.sheet("Sheet1").set("A2", [[org0], [null], [org0], [org0], [null], [org0]]);
    w.gas.sheet("F").set("A2", [[org0]]);
    w.gas.run("startEnrichment", REQUEST);
    w.gas.killAt("HTTPResponse.getContentText", 1);
    expect(() => w.gas.run("pollJobs")).toThrow("Exceeded maximum execution time");
    for (let i = 0; i < 2; i++) {
      w.gas.clock.advance("5m");
      w.gas.run("pollJobs");
    }
    expect(charged(w)).toBe(3);
    expect(logFacts(w).map((fact) => [fact.action, fact.kind, fact.credits])).toEqual([
      ["Enrich Sheet1!A2:A7", "charged", 0],
      ["Enrich Sheet1!A2:A7", "possibly", 3],
    ]);

    expect(price(w, REQUEST)).toBe(`${PRICE} · 4 rows whose last answer was lost may be charged again`);
    expect(price(w, ON_F)).toBe(`${PRICE} · 1 row whose last answer was lost may be charged again`);
    w.gas.concurrently([
      () => w.gas.run("startEnrichment", REQUEST),
      () => w.gas.run("startEnrichment", ON_F),
    ]);
    for (let i = 0; i < 2; i++) {
      w.gas.clock.advance("5m");
      w.gas.run("pollJobs");
    }
    expect(charged(w)).toBe(6);
    expect(logFacts(w).map((fact) => [fact.action, fact.kind, fact.credits])).toEqual([
      ["Enrich Sheet1!A2:A7", "charged", 0],
      ["Enrich Sheet1!A2:A7", "possibly", 3],
      ["Enrich F!A2:A7", "charged", 3],
      ["Enrich Sheet1!A2:A7", "charged", 0],
    ]);
    const values = truth(w, org0)!;
    const found = [values["name"], values["employee_count"], values["industry"], "Found"];
    const sheet1 = w.gas.sheet("Sheet1").values().slice(1, 7);
    expect(sheet1.map((row) => row.slice(5, 9))).toEqual([
      found,
      ["", "", "", ""],
      found,
      found,
      ["", "", "", ""],
      found,
    ]);
    expect(w.gas.sheet("F").values()[1]).toEqual([org0, ...found]);
    // Bought again into the record: the next prices are plain.
    expect([price(w, REQUEST), price(w, ON_F)]).toEqual([PRICE, PRICE]);
  });
});
