// Issue 39: Enrich pressed again (not a refresh) over a block whose identifier column lost an identifier.
//   Sheet1!A2:A7 = org0…org5, enrich A2:A7 (new columns B:D, Status E), clear A4 (or sort A2:A7 alone with
//   a blank in it), then Enrich A2:A7 again into B (only empty cells, or overwrite).
// The run skipped the blank row and its old "Found" and values stayed, vouching for an organization no
// longer there. Expected: the row says its identifier was removed (as a refresh does), every other row
// shows its own organization, and nothing is bought again (the first run bought every organization).
import { describe, expect, it } from "vitest";
import { REMOVED } from "../check.ts";
import { charged, createWorld, truth, type World } from "../world.ts";
import { pollUntilDone } from "./poll-until-done.ts";

const fields = ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name }));
const FIRST = { sheetName: "Sheet1", inputRange: "A2:A7", fields };
const OUTPUTS = {
  "only empty cells": { mode: "empty-only", targetColumn: "B" },
  overwrite: { mode: "overwrite", targetColumn: "B", consent: true },
} as const;

function enrich(w: World, request: object): void {
  pollUntilDone(w, (w.gas.run("startEnrichment", request) as { jobId: string }).jobId);
}

const line = (w: World, id: string) => {
  const want = truth(w, id);
  return want === null
    ? ["", "", "", "Not found"]
    : [want["name"], want["employee_count"], want["industry"], "Found"];
};

describe("Enrich again over a block with a blank identifier row (model regression)", () => {
  for (const [choice, output] of Object.entries(OUTPUTS)) {
    it(`marks the cleared row's Status and buys nothing again (${choice})`, async () => {
      const w = await createWorld();
      const ids = w.pool.slice(0, 6);
      const sheet = w.gas.sheet("Sheet1");
      sheet.set(
        "A2",
        ids.map((id) => [id]),
      );
      enrich(w, FIRST);
      expect(charged(w)).toBe(18);
      const cleared = line(w, ids[2] as string);
      sheet.set("A4", [[""]]);
      enrich(w, { ...FIRST, output });
      expect(charged(w)).toBe(18);
      expect(sheet.values("A2:E7")).toEqual(
        ids.map((id, r) => (r === 2 ? ["", ...cleared.slice(0, 3), REMOVED] : [id, ...line(w, id)])),
      );
    });

    it(`refills rows sorted apart from their values free, and marks the blank (${choice})`, async () => {
      const w = await createWorld();
      const [org0, org1, org2, org3, org4] = w.pool as [string, string, string, string, string];
      const sheet = w.gas.sheet("Sheet1");
      sheet.set("A2", [[org3], [""], [org1], [org4], [org0], [org2]]);
      enrich(w, FIRST);
      expect(charged(w)).toBe(15);
      const before = sheet.values("B2:E7");
      sheet.sortRange("A2:A7");
      const ids = sheet.values("A2:A7").map((r) => String(r[0]));
      const blank = ids.indexOf("");
      expect(blank).toBe(5);
      enrich(w, { ...FIRST, output });
      expect(charged(w)).toBe(15);
      expect(sheet.values("A2:E7")).toEqual(
        ids.map((id, r) =>
          r === blank ? ["", ...(before[r] as unknown[]).slice(0, 3), REMOVED] : [id, ...line(w, id)],
        ),
      );
    });
  }

  // Found by the model (seed 13): the target sheet renamed between the runs, the hidden copy of what the add-on
  // wrote kept the old name, so nothing proved the Status the add-on's and the row kept "Found".
  it("marks the row after the sheet was renamed between the runs (overwrite)", async () => {
    const w = await createWorld();
    const ids = w.pool.slice(0, 6);
    w.gas.sheet("Sheet1").set(
      "A2",
      ids.map((id) => [id]),
    );
    enrich(w, FIRST);
    w.gas.renameSheet("Sheet1", "Leads");
    const sheet = w.gas.sheet("Leads");
    const cleared = line(w, ids[2] as string);
    sheet.set("A4", [[""]]);
    enrich(w, { ...FIRST, sheetName: "Leads", output: OUTPUTS.overwrite });
    expect(charged(w)).toBe(18);
    expect(sheet.values("A2:E7")).toEqual(
      ids.map((id, r) => (r === 2 ? ["", ...cleared.slice(0, 3), REMOVED] : [id, ...line(w, id)])),
    );
  });
});
