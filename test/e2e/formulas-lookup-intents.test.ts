// A paid lookup (job titles, technologies) is recorded durably before it is sent, like an organizations
// request: an execution killed with it out, or an answer lost after it went out, is never sent again by
// itself; Clear cached results is the user's word to buy it again; no room for the record, nothing sent.
import { describe, expect, it } from "vitest";
import {
  FORMULA_INTENT_FULL_MESSAGE,
  LOOKUP_INTENT_PREFIX,
} from "../../src/core/spending/formula-intents.ts";
import { LOOKUP_IN_FLIGHT_MESSAGE, LOOKUP_LOST_MESSAGE } from "../../src/functions/lookups.ts";
import { heldMessage } from "../../src/server/enrich/titles-run.ts";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";
import { fillStore, freeFilledValues } from "../support/fill-store.ts";
import { expectClearFreesIntent } from "../support/intent-storage.ts";
import { logFacts } from "./log-rows.ts";

type World = Awaited<ReturnType<typeof addonWorld>>;

const TITLES = [["Senior Data Engineer"], ["VP of Sales"], ["Head of Marketing"], ["Account Executive"]];
const TITLE_LOOKUP = "/v9/jobs/title-lookup";

const lookups = (w: World) => w.gas.fetches.filter((f) => f.url === `${BASE_URL}${TITLE_LOOKUP}`);
const charges = (w: World) => w.ledger().map((e) => [e.path, e.credits]);
const intentKeys = (w: World) =>
  Object.keys(w.gas.properties.document().snapshot()).filter((k) => k.startsWith(LOOKUP_INTENT_PREFIX));
const column = (w: World) => w.gas.sheet().values("B2:B5").flat();
const FUNCTIONS = ["Data Engineer", "Sales", "Marketing", "Account Executive"];
const BOUGHT = [{ action: "Formulas: job title lookups", kind: "charged", credits: 1 }];

async function fourTitles(): Promise<World> {
  const w = await addonWorld();
  w.gas.sheet().set("A2", TITLES);
  return w;
}

describe("a paid lookup's intent", () => {
  it("a JOB_FUNCTION column killed with its lookup out is not bought again 7 hours later; after Clear cached results, once more", async () => {
    const w = await fourTitles();
    // The service answers after the custom function's 30 seconds: the execution dies with the request out.
    expect(
      w.admin("POST", "/__admin/faults", { path: TITLE_LOOKUP, count: 1, delay_ms: 31_000 }).status,
    ).toBe(200);
    const cell = w.gas.formula("B2", "=JOB_FUNCTION(A2:A5)");
    expect(cell.error).toBe("Exceeded maximum execution time (line 0)");
    expect(charges(w)).toEqual([[TITLE_LOOKUP, 1]]);
    expect(intentKeys(w)).toHaveLength(1);
    // Within a custom function's life it may still be running: the cells say so, and nothing is sent.
    w.gas.recalculate();
    expect(lookups(w)).toHaveLength(1);
    expect(column(w)).toEqual(TITLES.map(() => LOOKUP_IN_FLIGHT_MESSAGE));

    w.gas.clock.advance("7h");
    w.gas.reopen();
    expect(lookups(w)).toHaveLength(1);
    expect(charges(w)).toEqual([[TITLE_LOOKUP, 1]]);
    expect(column(w)).toEqual(TITLES.map(() => LOOKUP_LOST_MESSAGE));
    // The charge of the dead execution's request is on the log as possibly charged (it was [] before), once.
    w.gas.run("formulaSheetStatus");
    w.gas.run("formulaSheetStatus");
    expect(logFacts(w.gas)).toEqual([
      { action: "Formulas: job title lookups", kind: "possibly", credits: 1 },
    ]);

    // An organizations request or a technology lookup is not held back by a job title's intent.
    expect(w.gas.formula("C2", '=TECH_SLUG("K8s")').value).toBe("kubernetes");

    // Clear cached results: the job titles are bought once more (and the technology, its answer cleared too).
    w.gas.run("clearFormulaCache");
    expect(intentKeys(w)).toEqual([]);
    w.gas.recalculate();
    expect(lookups(w)).toHaveLength(2);
    expect(charges(w)).toEqual([
      [TITLE_LOOKUP, 1],
      ["/v9/technologies/lookup", 1],
      [TITLE_LOOKUP, 1],
      ["/v9/technologies/lookup", 1],
    ]);
    expect(w.gas.cell("C2").value).toBe("kubernetes");
    expect(column(w)).toEqual(FUNCTIONS);
    expect(intentKeys(w)).toEqual([]);
  }, 60_000);

  it("an answer lost after the lookup went out is not sent again by a recalculation", async () => {
    const w = await fourTitles();
    expect(
      w.admin("POST", "/__admin/faults", { path: TITLE_LOOKUP, body: "malformed", count: 3 }).status,
    ).toBe(200);
    const cell = w.gas.formula("B2", "=JOB_FUNCTION(A2:A5)");
    expect(cell.error).toMatch(
      /^The enrichment service sent a response this add-on could not read \(the body is not JSON\)\. The service may have charged for this answer, so it was not sent again automatically\./,
    );
    expect(intentKeys(w)).toHaveLength(1);
    w.gas.clock.advance("1m");
    w.gas.recalculate();
    expect(lookups(w)).toHaveLength(1);
    expect(charges(w)).toEqual([[TITLE_LOOKUP, 1]]);
    expect(column(w)).toEqual(TITLES.map(() => LOOKUP_LOST_MESSAGE));
  });

  it("with the document store full: nothing is sent and the cell says so; with room, the titles are bought once", async () => {
    const w = await fourTitles();
    // Room for the day's spend record (held before sending), not for the request's intent and what an
    // answer's bookkeeping needs after it.
    fillStore(w.gas.properties.document(), 600);
    const cell = w.gas.formula("B2", "=JOB_FUNCTION(A2:A5)");
    expect(cell.error).toBe(FORMULA_INTENT_FULL_MESSAGE);
    expect(lookups(w)).toHaveLength(0);
    expect(w.ledger()).toEqual([]);
    expect(intentKeys(w)).toEqual([]);
    w.gas.run("formulaSheetStatus");
    expect(logFacts(w.gas)).toEqual([]);

    freeFilledValues(w.gas.properties.document(), 3);
    w.gas.recalculate();
    expect(lookups(w)).toHaveLength(1);
    expect(charges(w)).toEqual([[TITLE_LOOKUP, 1]]);
    expect(w.gas.cell("B2").error).toBeNull();
    expect(column(w)).toEqual(FUNCTIONS);
    expect(intentKeys(w)).toEqual([]);
    w.gas.run("formulaSheetStatus");
    expect(logFacts(w.gas).map(({ action, kind, credits }) => ({ action, kind, credits }))).toEqual(BOUGHT);
  }, 60_000);

  it("Settings ▸ Storage counts an open lookup intent with the paid-request journals, and clearing cached results frees it", async () => {
    const w = await fourTitles();
    w.admin("POST", "/__admin/faults", { path: TITLE_LOOKUP, count: 1, delay_ms: 31_000 });
    w.gas.formula("B2", "=JOB_FUNCTION(A2:A5)");
    const [key] = intentKeys(w);
    expectClearFreesIntent(w.gas, key!);
  });

  it("the sidebar's titles run leaves held titles alone: their row says why, the run's sentence counts them", async () => {
    const w = await fourTitles();
    w.admin("POST", "/__admin/faults", { path: TITLE_LOOKUP, count: 1, delay_ms: 31_000 });
    w.gas.formula("B2", "=JOB_FUNCTION(A2:A5)");
    w.gas.sheet().set("A1", [["Job title"]]);
    w.gas.sheet().set("A6", [["VP of Marketing"]]);
    w.gas.clock.advance("1h");
    const mapped = w.gas.run("mapJobTitles", { sheetName: "Sheet1", range: "A1:A6" }) as {
      outputRange: string;
      matched: number;
      held: number;
      creditsUsed: number;
      message: string;
    };
    // Only the title no request holds is sent.
    expect(lookups(w).map((f) => JSON.parse(f.body))).toEqual([
      { titles: TITLES.flat() },
      { titles: ["VP of Marketing"] },
    ]);
    expect(charges(w)).toEqual([
      [TITLE_LOOKUP, 1],
      [TITLE_LOOKUP, 1],
    ]);
    expect(mapped).toMatchObject({ outputRange: "C1:D6", matched: 1, held: 4, creditsUsed: 1 });
    expect(mapped.message).toBe(
      `Mapped 5 rows into C1:D6: 1 matched, 0 not recognised, for 1 credit. ${heldMessage(4)}`,
    );
    expect(heldMessage(4)).toBe(
      "4 rows not looked up: an earlier request for their titles has no answer yet (see their Job function cell).",
    );
    expect(w.gas.sheet().values("C2:D6")).toEqual([
      ...TITLES.map(() => [LOOKUP_LOST_MESSAGE, ""]),
      ["Marketing", "Vice President"],
    ]);
  });
});
