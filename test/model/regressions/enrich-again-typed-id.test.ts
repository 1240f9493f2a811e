// Issue 39: an organization no run bought typed over an enriched row's identifier, then Enrich pressed again.
//   Sheet1!A2:A7 = org0…org5, enrich A2:A7 (new columns B:D, Status E), type org7 into A4, then Enrich A2:A7
//   again: into B (only empty cells), into new columns, or into B (overwrite).
// "Only empty cells" left the row's cells alone (they are filled) and its "Found" stood beside org2's values;
// Enrich into new columns left the first block's row so too. Expected: the row says its identifier changed
// (nothing bought can refill it) until a run writes it; overwrite writes it, buying org7 once.
import { describe, expect, it } from "vitest";
import { CHANGED } from "../check.ts";
import { charged, createWorld, truth, type World } from "../world.ts";
import { pollUntilDone } from "./poll-until-done.ts";

const fields = ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name }));
const FIRST = { sheetName: "Sheet1", inputRange: "A2:A7", fields };

function enrich(w: World, output?: object): void {
  pollUntilDone(w, (w.gas.run("startEnrichment", { ...FIRST, output }) as { jobId: string }).jobId);
}

const line = (w: World, id: string) => {
  const want = truth(w, id) as Record<string, unknown>;
  return [want["name"], want["employee_count"], want["industry"], "Found"];
};

describe("Enrich again after an organization no run bought was typed over a row (model regression)", () => {
  it("says the identifier changed until a run writes the row, and buys it once", async () => {
    const w = await createWorld();
    const ids = w.pool.slice(0, 6);
    const org7 = w.pool[7] as string;
    const sheet = w.gas.sheet("Sheet1");
    sheet.set(
      "A2",
      ids.map((id) => [id]),
    );
    enrich(w);
    const old = line(w, ids[2] as string).slice(0, 3);
    sheet.set("A4", [[org7]]);
    const rows = (row4: unknown[]) => ids.map((id, r) => (r === 2 ? [org7, ...row4] : [id, ...line(w, id)]));
    enrich(w, { mode: "empty-only", targetColumn: "B" });
    expect(charged(w)).toBe(18);
    expect(sheet.values("A2:E7")).toEqual(rows([...old, CHANGED]));
    // Into new columns: they get org7 (bought once); the first block's row still says it changed.
    enrich(w);
    expect(charged(w)).toBe(21);
    expect(sheet.values("A2:I7")).toEqual(
      rows([...old, CHANGED, ...line(w, org7)]).map((row, r) =>
        r === 2 ? row : [...row, ...line(w, String(row[0]))],
      ),
    );
    // Overwrite into B: the row is written from what the last run bought, free.
    enrich(w, { mode: "overwrite", targetColumn: "B", consent: true });
    expect(charged(w)).toBe(21);
    expect(sheet.values("A2:E7")).toEqual(rows(line(w, org7)));
  });
});
