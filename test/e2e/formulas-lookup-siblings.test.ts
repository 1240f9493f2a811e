// A lookup filled down a column costs what its range form costs: the first cell to miss the cache looks up
// every sibling's text with its own, inside the document lock; the others read the answers it cached.
import { describe, expect, it } from "vitest";
import { explore, seedsFromEnv } from "../../harness/index.ts";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";
import { logFacts } from "./log-rows.ts";

type World = Awaited<ReturnType<typeof addonWorld>>;

const SEEDS = seedsFromEnv([1, 2, 3, 4]);

const LEVELS = ["Senior", "Junior", "Lead", "Principal", "Staff", "VP of", "Head of", "Director of"];
const FUNCTIONS = ["Data Engineer", "Sales", "Marketing", "Account Executive", "Recruiter", "Designer"];
/** `n` distinct titles the emulator reads, each with a number of its own. */
const titles = (n: number) =>
  Array.from({ length: n }, (_, i) => `${LEVELS[i % LEVELS.length]} ${FUNCTIONS[i % FUNCTIONS.length]} ${i}`);

const TITLE_LOOKUP = "/v9/jobs/title-lookup";
const lookups = (w: World) => w.gas.fetches.filter((f) => f.url === `${BASE_URL}${TITLE_LOOKUP}`);
const charges = (w: World) => w.ledger().map((e) => [e.path, e.credits]);

describe("a lookup filled down a column", () => {
  it("JOB_FUNCTION over 200 titles, one cell each: one request for the column, charged as the range form", async () => {
    const w = await addonWorld();
    const list = titles(200);
    w.gas.sheet().set(
      "A2",
      list.map((t) => [t]),
    );
    w.gas.fill("B2:B201", "=JOB_FUNCTION(A2)");
    // Each cell asking alone would be 200 requests of one title, each rounded up to a credit: 200 credits.
    expect(lookups(w)).toHaveLength(1);
    expect(charges(w)).toEqual([[TITLE_LOOKUP, 2]]);
    const column = w.gas.sheet().values("B2:B201").flat();
    expect(column.filter((v) => v === "")).toEqual([]);
    expect(new Set(column)).toEqual(new Set(FUNCTIONS));

    // The range form over the same titles, in another sheet's column: answered from the cache, nothing sent.
    w.gas.formula("C2", "=JOB_FUNCTION(A2:A201)");
    expect(w.gas.sheet().values("C2:C201").flat()).toEqual(column);
    expect(lookups(w)).toHaveLength(1);
    w.gas.run("formulaSheetStatus");
    expect(logFacts(w.gas)).toEqual([{ action: "Formulas: job title lookups", kind: "charged", credits: 2 }]);
  }, 120_000);

  it("TECH_SLUG filled down over repeated names: one request, each name asked once", async () => {
    const w = await addonWorld();
    const names = ["Salesforce", "HubSpot", "Snowflake", "salesforce", "HUBSPOT", "Segment"];
    w.gas.sheet().set(
      "A2",
      names.map((n) => [n]),
    );
    w.gas.fill("B2:B7", "=TECH_SLUG(A2)");
    const sent = w.gas.fetches.filter((f) => f.url === `${BASE_URL}/v9/technologies/lookup`);
    expect(sent).toHaveLength(1);
    // Whichever cell buys sends its own name first, then the others, each once (case aside).
    const asked = (JSON.parse(sent[0]?.body ?? "{}") as { technologies: string[] }).technologies;
    expect(asked.map((n) => n.toLowerCase()).sort()).toEqual([
      "hubspot",
      "salesforce",
      "segment",
      "snowflake",
    ]);
  }, 120_000);

  it("TECH_COUNT filled down with one technology: its name is looked up once for the column, not per cell", async () => {
    const w = await addonWorld();
    const orgs = w.state.dataset.orgs.slice(0, 40);
    w.gas.sheet().set(
      "A2",
      orgs.map((o) => [o.domain]),
    );
    w.gas.fill("B2:B41", '=TECH_COUNT(A2, "Salesforce")');
    const sent = w.gas.fetches.filter((f) => f.url === `${BASE_URL}/v9/technologies/lookup`);
    expect(sent).toHaveLength(1);
    expect(
      w
        .ledger()
        .filter((e) => e.path === "/v9/technologies/lookup")
        .map((e) => e.credits),
    ).toEqual([1]);
    expect(
      w.gas
        .sheet()
        .values("B2:B41")
        .flat()
        .every((v) => typeof v === "number"),
    ).toBe(true);
  }, 120_000);

  it("JOB_FUNCTION filled down: each title asked once and the log equal to the ledger, whatever the interleaving", async () => {
    await explore(SEEDS, async (seed) => {
      const w = await addonWorld({ harness: { seed } });
      const list = titles(200);
      w.gas.sheet().set(
        "A2",
        list.map((t) => [t]),
      );
      w.gas.fill("B2:B201", "=JOB_FUNCTION(A2)");
      const asked = lookups(w).flatMap((f) => (JSON.parse(f.body) as { titles: string[] }).titles);
      expect(asked.slice().sort()).toEqual(list.slice().sort());
      expect(w.charged()).toBe(2);
      expect(
        w.gas
          .sheet()
          .values("B2:B201")
          .flat()
          .filter((v) => v === ""),
      ).toEqual([]);
      w.gas.run("formulaSheetStatus");
      const logged = logFacts(w.gas).reduce((n, fact) => n + (fact.credits ?? 0), 0);
      expect(logged).toBe(w.charged());
    });
  }, 240_000);
});
