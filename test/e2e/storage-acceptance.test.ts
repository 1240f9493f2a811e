// Issue 27's storage acceptance: every store filled to within 100 bytes of its limit (and, to reach the
// paths that pay, with the document store a little less full), then every paid path run once. Nothing
// pays without its record, nothing paid is lost, the Enrichment log (with the formulas' spend record)
// equals the ledger.
import { describe, expect, it } from "vitest";
import type { Harness } from "../../harness/index.ts";
import { ScriptError } from "../../harness/index.ts";
import { fillStore } from "../support/fill-store.ts";
import { domains, jobsWorld, ledgerTotal, logRows } from "./bulk-world.ts";

/** Runs a sidebar call; a refusal is an answer too (its sentence is returned). */
function attempt(gas: Harness, name: string, ...args: unknown[]): { ok: unknown } | { refused: string } {
  try {
    return { ok: gas.run(name, ...args) };
  } catch (error) {
    if (error instanceof ScriptError) return { refused: error.message };
    throw error;
  }
}

function logged(gas: Harness): number {
  try {
    return logRows(gas).reduce((total, row) => total + Number(row[3]), 0);
  } catch {
    return 0; // no Enrichment log sheet: nothing was logged
  }
}

const spentToday = (gas: Harness) => (gas.run("getSettings") as { spentToday: number }).spentToday;

describe("every store within 100 bytes of its limit", () => {
  it.each([
    [100, 100],
    [2_000, 100],
    [12_000, 100],
    // Room for a job's records, so background work (bulk, people, briefs, a refresh) pays too.
    [60_000, 1_000],
  ])(
    "with %i bytes free in the document's properties and %i in the user's, every paid path pays with its record or refuses before paying",
    async (free, userFree) => {
      const world = await jobsWorld({ mode: "addon", scriptProperties: { DEPLOYMENT: "addon" } });
      const { gas, emulator } = world;
      const orgs = domains(emulator, 40);
      gas.sheet("Sheet1").set(
        "A1",
        orgs.map((d) => [d]),
      );
      gas.open();
      // The key is the team's (a script property); every property store is full but for a few bytes.
      fillStore(gas.properties.document(), free);
      fillStore(gas.properties.user(), userFree);
      fillStore(gas.properties.script, 100);
      // Every cache holds its 1,000 items: what the add-on caches now pushes other items out.
      for (const cache of [gas.caches.document(), gas.caches.user(), gas.caches.script]) {
        cache.put(
          Array.from({ length: 1_000 }, (_, i): [string, string] => [`other${i}`, "x".repeat(1_000)]),
          21_600,
          world.clock.now(),
        );
      }

      const answers: Record<string, { ok: unknown } | { refused: string }> = {};
      // Formulas: a range and a filled-down column.
      gas.formula("Sheet1!C1", '=ORG_ATTR(A1:A20,"industry")');
      gas.fill("Sheet1!D21:D40", '=ORG_ATTR(A21,"industry")');
      // The sidebar's paid calls, then background work (bulk, people, briefs, a refresh rule).
      answers.feed = attempt(gas, "importSignalFeed", { maxSignals: 30 });
      answers.priority = attempt(gas, "importPrioritySignals", { limit: 5 });
      answers.techStack = attempt(gas, "importTechStack", { organization: orgs[0] });
      answers.find = attempt(gas, "runFind", {
        kind: "organizations",
        query: "technology EQ 'python'",
        limit: 5,
        attributes: ["industry"],
      });
      answers.list = attempt(gas, "importOrganizationList", { listId: 7002 });
      answers.bulk = attempt(gas, "startEnrichment", {
        sheetName: "Sheet1",
        inputRange: "A1:A40",
        fields: [{ kind: "attribute", name: "employee_count" }],
      });
      answers.people = attempt(gas, "startPeopleSearch", {
        filter: { organization_ids: [emulator.dataset.orgs[0]!.id] },
        select: { attributes: ["name", "job_title"] },
        limit: 10,
      });
      answers.briefs = attempt(gas, "requestBriefs", { organizationIds: [emulator.dataset.orgs[1]!.id] });
      world.clock.advance("2h");
      const bulk = answers.bulk;
      if ("ok" in bulk) {
        const jobId = (bulk.ok as { jobId: string }).jobId;
        const rule = attempt(gas, "saveRefreshRule", { jobId, frequency: "daily" });
        if ("ok" in rule)
          answers.refresh = attempt(gas, "refreshNow", (rule.ok as { ruleId: string }).ruleId);
        world.clock.advance("2h");
      }

      const cells = [
        ...gas.sheet("Sheet1").values("C1:C20"),
        ...gas.sheet("Sheet1").values("D21:D40"),
      ].flat();
      const formulaSpend = spentToday(gas);
      // Nothing paid is lost: a formula the service charged shows its answer.
      if (formulaSpend > 0) expect(cells.filter((v) => v === "#ERROR!")).toEqual([]);
      // Every refusal says what to do and charged nothing (the ledger check below).
      for (const [name, answer] of Object.entries(answers)) {
        if ("refused" in answer)
          expect([name, answer.refused]).toEqual([
            name,
            expect.stringMatching(
              // Starting a job with the user's own store full is refused in the platform's words (before paying).
              /[Ff]ree space|[Dd]elete finished jobs|Please remove some properties and try again\.$/,
            ),
          ]);
      }
      // The formulas' batches are on the log too, once a sidebar call has appended the rows they kept.
      gas.run("getSettings");
      expect(logged(gas)).toBe(ledgerTotal(emulator));
      if (free >= 60_000) {
        for (const name of ["bulk", "people", "briefs", "refresh"])
          expect([name, "ok" in answers[name]!]).toEqual([name, true]);
      }
    },
    180_000,
  );
});
