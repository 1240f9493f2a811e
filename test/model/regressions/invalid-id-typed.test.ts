// Issue 39: an identifier that is no organization ("n/a", "—", a web address with no domain) typed over an
// enriched row's identifier, then Refresh now (every row, or new rows only) or Enrich again into the same
// columns (only empty cells, or overwrite).
//   Sheet1!A2:A7 = org0…org5, enrich A2:A7 (new columns B:D, Status E), type the text into A4, then the run.
// Expected: the row keeps its cells (they may be the person's) but its Status says the identifier is not
// valid and the values are from before; every other row shows its own organization; nothing is spent on
// the row (every row refreshed buys the five organizations again, nothing else buys anything).
import { describe, expect, it } from "vitest";
import { INVALID } from "../check.ts";
import { charged, createWorld, truth, type World } from "../world.ts";
import { pollUntilDone } from "./poll-until-done.ts";

const fields = ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name }));
const FIRST = { sheetName: "Sheet1", inputRange: "A2:A7", fields };
const TYPED = ["n/a", "—", "http://"];
const RUNS = ["refresh every row", "refresh new rows only", "enrich only empty cells", "enrich overwrite"];

const started = (w: World, name: string, arg: unknown) => (w.gas.run(name, arg) as { jobId: string }).jobId;

/** The run named `how`, over the rows the first run (`jobId`) enriched. */
function runAgain(w: World, how: string, jobId: string): void {
  if (how.startsWith("refresh")) {
    const newRowsOnly = how.endsWith("new rows only");
    const rule = w.gas.run("saveRefreshRule", { jobId, frequency: "daily", newRowsOnly }) as {
      ruleId: string;
    };
    pollUntilDone(w, started(w, "refreshNow", rule.ruleId));
    return;
  }
  const output = how.endsWith("overwrite")
    ? { mode: "overwrite", targetColumn: "B", consent: true }
    : { mode: "empty-only", targetColumn: "B" };
  pollUntilDone(w, started(w, "startEnrichment", { ...FIRST, output }));
}

const line = (w: World, id: string) => {
  const want = truth(w, id);
  return want === null
    ? ["", "", "", "Not found"]
    : [want["name"], want["employee_count"], want["industry"], "Found"];
};

describe("an identifier that is no organization typed over an enriched row (model regression)", () => {
  for (const typed of TYPED)
    for (const how of RUNS)
      it(`says so in the row's Status and spends nothing on it ("${typed}", ${how})`, async () => {
        const w = await createWorld();
        const ids = w.pool.slice(0, 6);
        const sheet = w.gas.sheet("Sheet1");
        sheet.set(
          "A2",
          ids.map((id) => [id]),
        );
        const first = started(w, "startEnrichment", FIRST);
        pollUntilDone(w, first);
        expect(charged(w)).toBe(18);
        const old = line(w, ids[2] as string);
        sheet.set("A4", [[typed]]);
        runAgain(w, how, first);
        expect(charged(w)).toBe(how === "refresh every row" ? 18 + 15 : 18);
        expect(sheet.values("A2:E7")).toEqual(
          ids.map((id, r) => (r === 2 ? [typed, ...old.slice(0, 3), INVALID] : [id, ...line(w, id)])),
        );
      });
});
