// Matching more than 1,000 domains and names takes several requests (issue 27, case 7): each is logged and
// remembered as its answer comes, so when a later one is refused or its answer is lost, the earlier ones
// stay in the Enrichment log and the retry buys only the rest.
import { describe, expect, it } from "vitest";
import { addFault, domains, failure, jobsWorld, ledgerTotal, logRows, run } from "./bulk-world.ts";

/** A world whose second match request gets `fault` (a 402 refusal, or an answer that cannot be read). */
async function secondRequestFaulted(fault: Record<string, unknown>) {
  let seen = 0;
  const w = await jobsWorld({
    orgs: 2_000,
    intercept: (request, emulator) => {
      const answer = emulator(request);
      if (request.path === "/v9/organizations" && ++seen === 1) {
        addFault(w.emulator, { path: "/v9/organizations", method: "POST", count: 1, ...fault });
      }
      return answer;
    },
  });
  w.gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(w.emulator, 1_500).map((d) => [d])]);
  return w;
}

const CREATE = { name: "Q3 targets", selection: { sheetName: "Sheet1", range: "A2:A1501" } };
const FIRST = 'Find the ids of 1,500 organizations to add to list "Q3 targets" (request 1 of 2)';

/** Log rows as [action, credits], the possibly-charged ones marked. */
function logged(gas: Parameters<typeof logRows>[0]): Array<[string, number]> {
  return logRows(gas).map((row) => [
    /possibly charged/i.test(String(row[5])) ? `possibly: ${row[1]}` : String(row[1]),
    Number(row[3]),
  ]);
}

describe("matching 1,500 domains for a new list", () => {
  it("whose second request is refused keeps the first one's 1,000 logged, and the retry buys only the rest", async () => {
    const { gas, emulator } = await secondRequestFaulted({ status: 402 });
    expect(failure(gas, "createOrganizationList", CREATE)).toBe(
      "Out of credits: the account has too few credits left for this request, and nothing was charged for it. Top up the account, then try again. The first 1,000 organizations of 1,500 organizations were matched before it (1,000 credits, in the Enrichment log) and are kept: trying again buys only the rest.",
    );
    expect(ledgerTotal(emulator)).toBe(1_000);
    expect(logged(gas)).toEqual([[FIRST, 1_000]]);

    const created = run<{ report: { creditsUsed: number; added: number } }>(
      gas,
      "createOrganizationList",
      CREATE,
    );
    expect(created.report).toMatchObject({ added: 1_500, creditsUsed: 500 });
    expect(ledgerTotal(emulator)).toBe(1_500);
    expect(logged(gas)).toEqual([
      [FIRST, 1_000],
      ['Find the ids of 500 organizations to add to list "Q3 targets"', 500],
    ]);
  });

  it("whose second answer cannot be read logs the first as charged and the second as possibly charged", async () => {
    const { gas, emulator } = await secondRequestFaulted({ body: "truncated" });
    expect(failure(gas, "createOrganizationList", CREATE)).toMatch(
      /may have charged.* The first 1,000 organizations of 1,500 organizations were matched before it \(1,000 credits, in the Enrichment log\) and are kept: trying again buys only the rest\.$/,
    );
    expect(ledgerTotal(emulator)).toBe(1_500);
    expect(logged(gas)).toEqual([
      [FIRST, 1_000],
      ["possibly: Sidebar action (answer lost): organizations", 500],
    ]);
  });
});

describe("an action whose request after its paid match is refused", () => {
  it("says the match is kept, and the retry does not buy it again", async () => {
    const w = await jobsWorld();
    const org = w.emulator.dataset.orgs[0]!;
    addFault(w.emulator, { path: "/v9/organizations/*/techs", method: "GET", status: 402, count: 1 });
    expect(failure(w.gas, "importTechStack", { organization: org.domain })).toBe(
      "Out of credits: the account has too few credits left for this request, and nothing was charged for it. Top up the account, then try again. Matching domains and names to ids cost 1 credit before it (in the Enrichment log) and is kept: trying again does not buy it again.",
    );
    expect(ledgerTotal(w.emulator)).toBe(1);
    const imported = run<{ creditsUsed: number }>(w.gas, "importTechStack", { organization: org.domain });
    expect(imported.creditsUsed).toBe(1);
    expect(ledgerTotal(w.emulator)).toBe(2);
    expect(logged(w.gas)).toEqual([
      [`Find the id of ${org.domain} for its tech stack`, 1],
      [`Tech stack of ${org.slug}`, 1],
    ]);
  });
});
