// Found by the model (campaigns seeds 303 and 24, fails with no switch on): the person deletes the hidden
// "Enrichment purchases" after a run, then Bob's (a collaborator's) run makes the record sheet again with his
// own purchases only. The owner's next price read plain, as for a spreadsheet whose record knows everything,
// though what the owner's run bought is in no record and will be bought again. Shrunk sequence, Sheet1!A2:A7 =
// org0, blank, org0, org0, blank, org0:
//   enrich Sheet1!A2:A7, delete the sheet "Enrichment purchases",
//   Bob enriches his own rows Bob!A2:A4 (the record made again), enrich Sheet1!A2:A7: the price was plain
import { describe, expect, it } from "vitest";
import { BOB, charged, createWorld, KNOWN, OWNER } from "../world.ts";

const REQUEST = {
  sheetName: "Sheet1",
  inputRange: "A2:A7",
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};
const PLAIN = "Up to 3 credits · 1 organization × 3 (1 base + 2 for fields)";
const WARNED = `${PLAIN} · the hidden sheet "Enrichment purchases" was deleted, so organizations bought before it may be bought again`;

describe("the purchase record made again after it was deleted (model regression)", () => {
  it("the owner's next price still says what was bought before may be bought again", async () => {
    const w = await createWorld();
    const org0 = w.pool[0]!;
    w.gas.sheet("Sheet1").set("A2", [[org0], [null], [org0], [org0], [null], [org0]]);
    w.gas.run("startEnrichment", REQUEST);
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(3);
    w.gas.deleteSheet("Enrichment purchases");

    w.gas.setUser(BOB.email);
    const bobs = w.emulator.dataset.orgs.slice(KNOWN + 2, KNOWN + 5).map((org) => [org.domain]);
    w.gas.sheet("Bob").set("A2", bobs);
    w.gas.run("startEnrichment", { ...REQUEST, sheetName: "Bob", inputRange: "A2:A4" });
    w.gas.run("pollJobs");
    w.gas.setUser(OWNER);
    expect(charged(w, BOB.key)).toBe(9);
    expect(w.gas.sheet("Enrichment purchases").values().length).toBe(1);

    expect((w.gas.run("estimateEnrichment", REQUEST) as { message: string }).message).toBe(WARNED);
    // The owner says yes: org0 is bought again, into the record there now, and the next price is plain.
    w.gas.run("startEnrichment", REQUEST);
    w.gas.run("pollJobs");
    expect(charged(w)).toBe(6);
    expect((w.gas.run("estimateEnrichment", REQUEST) as { message: string }).message).toBe(PLAIN);
  });
});
