// The Enrich tab's run through the built bundle: the catalog it offers, a 50-row enrichment into new
// columns followed to its summary, exploded categories as one column per technology, overwriting only
// with consent, out of credits and resumed, a rejected key, and the run shown again after a reopen.
import { describe, expect, it } from "vitest";
import { ORGANIZATION_ATTRIBUTES } from "../../src/api/contract/index.ts";
import { KEY_SETTINGS_HINT, missingApiKey, missingBaseUrl } from "../../src/api/errors.ts";
import { NOT_AN_ENRICHMENT_MESSAGE } from "../../src/server/enrich/run.ts";
import { addAccount, domains, failure, jobsWorld, ledgerTotal, loggedCredits, run } from "./bulk-world.ts";

interface Catalog {
  attributeGroups: { group: string; label: string; attributes: { name: string; paid: boolean }[] }[];
  metricTypes: { type: string; metrics: string[] }[];
  outputModes: { mode: string }[];
  frequencies: { value: string; label: string }[];
  sidebarDrivesJobs: boolean;
  locale: string;
}

interface Run {
  status: {
    jobId: string;
    state: string;
    rowsDone: number;
    rowsTotal: number;
    creditsSpent: number;
    creditsRemaining: number | null;
    message: string;
    canResume: boolean;
  };
  matched: number;
  unmatched: number;
  unreadable: number;
  outputRange: string;
}

const attribute = (name: string) => ({ kind: "attribute", name });
const metric = (type: string, term: string, name = "job_post_count") => ({
  kind: "metric",
  type,
  term,
  metric: name,
});

describe("getEnrichCatalog", () => {
  it("offers every attribute of the contract once, grouped, with the paid ones marked", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    const catalog = run<Catalog>(gas, "getEnrichCatalog");
    const offered = catalog.attributeGroups.flatMap((g) => g.attributes);
    expect(offered.map((a) => a.name).sort()).toEqual(Object.keys(ORGANIZATION_ATTRIBUTES).sort());
    for (const a of offered) {
      expect(a.paid).toBe(ORGANIZATION_ATTRIBUTES[a.name as keyof typeof ORGANIZATION_ATTRIBUTES].paid);
    }
    expect(catalog.attributeGroups.map((g) => g.label)).toEqual([
      "Basics",
      "Size",
      "Activity",
      "Funding",
      "Status",
      "Structure",
      "Relationship — no extra cost",
    ]);
    expect(catalog.metricTypes.map((t) => t.type)).toEqual([
      "technology",
      "job_function",
      "technology_category",
    ]);
    expect(catalog.outputModes.map((m) => m.mode)).toEqual(["new-columns", "empty-only", "overwrite"]);
    expect(catalog.frequencies.map((f) => f.value)).toEqual(["hourly", "daily", "weekly"]);
    expect(catalog.sidebarDrivesJobs).toBe(false);
    expect(catalog.locale).toBe("en_US");
    expect(gas.fetches).toHaveLength(0);
  });

  it("names the spreadsheet's locale (File ▸ Settings), which the Since field writes dates in", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    gas.setLocale("de_DE");
    expect(run<Catalog>(gas, "getEnrichCatalog").locale).toBe("de_DE");
  });

  it("asks the sidebar to drive jobs in a published add-on, whose trigger runs hourly at most", async () => {
    const { gas } = await jobsWorld({ orgs: 300, mode: "addon", scriptProperties: { DEPLOYMENT: "addon" } });
    expect(run<Catalog>(gas, "getEnrichCatalog").sidebarDrivesJobs).toBe(true);
  });
});

describe("an enrichment started from the Enrich tab", () => {
  it("enriches a 50-row selection into new columns, with the estimate first and the summary after", async () => {
    const { gas, emulator } = await jobsWorld({
      orgs: 300,
      mode: "addon",
      scriptProperties: { DEPLOYMENT: "addon" },
    });
    const known = domains(emulator, 45);
    const rows = [...known, ...Array.from({ length: 5 }, (_, i) => `no-such-company-${i}.example`)];
    gas.sheet("Sheet1").set("A1", [["Domain", "Owner"], ...rows.map((d) => [d, "me"])]);
    gas.select("A1:A51");
    const selection = run<{ range: string; summary: string }>(gas, "describeSelection");
    expect(selection.summary).toBe("A2:A51 · 50 rows · 50 unique");
    const request = {
      sheetName: "Sheet1",
      inputRange: selection.range,
      fields: [attribute("name"), attribute("employee_count"), metric("technology", "python")],
      output: { mode: "new-columns" },
    };
    const estimate = run<{ message: string; credits: number; outputRange: string }>(
      gas,
      "estimateEnrichment",
      request,
    );
    expect(estimate).toMatchObject({
      credits: 150,
      message: "Up to 150 credits · 50 organizations × 3 (1 base + 2 for fields)",
      outputRange: "C1:E51",
    });

    const started = run<{ jobId: string }>(gas, "startEnrichment", request);
    const before = run<Run>(gas, "getEnrichmentRun", started.jobId);
    expect(before.status).toMatchObject({ state: "queued", rowsDone: 0, rowsTotal: 50 });
    run(gas, "pollJobs");
    const after = run<Run>(gas, "getEnrichmentRun", started.jobId);
    expect(after).toMatchObject({ matched: 45, unmatched: 5, unreadable: 0, outputRange: "C2:E51" });
    expect(after.status).toMatchObject({ state: "done", rowsDone: 50, creditsSpent: 45 * 3 });
    expect(after.status.creditsSpent).toBe(ledgerTotal(emulator));
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
    const sheet = gas.sheet("Sheet1").values("A1:E3");
    expect(sheet[0]).toEqual(["Domain", "Owner", "Name", "Employee count", "python · Job posts"]);
    expect(sheet[1]?.slice(0, 2)).toEqual([known[0], "me"]);
    expect(sheet[1]?.[2]).toBe(emulator.dataset.orgs[0]!.name);
    expect(run<Run | null>(gas, "latestEnrichmentRun")?.status.jobId).toBe(started.jobId);
  });

  it("heads the organization's own status apart from the run's Status column, its API name in the note", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 3).map((d) => [d])]);
    const started = run<{ jobId: string }>(gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A1:A4",
      fields: [attribute("status")],
      output: { mode: "new-columns" },
    });
    run(gas, "pollJobs");
    expect(run<Run>(gas, "getEnrichmentRun", started.jobId).status.state).toBe("done");
    expect(gas.sheet("Sheet1").values("B1:C1")).toEqual([["Organization status", "Status"]]);
    expect(gas.sheet("Sheet1").values("B2:B4")).toEqual([["Active"], ["Active"], ["Active"]]);
    expect(gas.sheet("Sheet1").cell("B1").note.split("\n")[0]).toBe("status");
  });

  it("writes funding round types and CRM statuses in words, the API's spelling explained in the note", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    const orgs = emulator.dataset.orgs.slice(0, 40);
    gas.sheet("Sheet1").set("A1", [["Domain"], ...orgs.map((o) => [o.domain])]);
    const started = run<{ jobId: string }>(gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A1:A41",
      fields: [attribute("funding_last_round_type"), attribute("account_status")],
      output: { mode: "new-columns" },
    });
    run(gas, "pollJobs");
    expect(run<Run>(gas, "getEnrichmentRun", started.jobId).status.state).toBe("done");
    const words: Record<string, string> = {
      seed: "Seed",
      series_a: "Series A",
      series_b: "Series B",
      series_c: "Series C",
      series_d: "Series D",
      series_e: "Series E",
      private_equity: "Private equity",
      customer: "Customer",
      prospect: "Prospect",
      not_in_crm: "Not in CRM",
    };
    const shown = (value: string | undefined) => (value === undefined ? "" : words[value]);
    expect(gas.sheet("Sheet1").values("B2:C41")).toEqual(
      orgs.map((o) => [shown(o.funding?.lastRoundType), shown(o.accountStatus)]),
    );
    expect(new Set(orgs.map((o) => o.accountStatus)).has("not_in_crm")).toBe(true);
    expect(gas.sheet("Sheet1").values("B1:C1")).toEqual([["Last round type", "CRM status"]]);
    const note =
      'Values in words; the API value is the words in lower case joined by "_" ("Series E" is series_e).';
    expect(gas.sheet("Sheet1").cell("B1").note).toBe(`funding_last_round_type\n${note}`);
    expect(gas.sheet("Sheet1").cell("C1").note).toBe(`account_status\n${note}`);
    // The log's time in the sheets' one date order, with the time.
    expect(gas.sheet("Enrichment log").cell("A2").display).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it("prices an exploded category as one metric per technology in it", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    gas.sheet("Sheet1").set(
      "A1",
      domains(emulator, 10).map((d) => [d]),
    );
    const category = run<{ technologies: { slug: string }[] }>(gas, "lookupCategory", "Data Warehouses");
    const fields = category.technologies.map((t) => metric("technology", t.slug));
    const estimate = run<{ credits: number }>(gas, "estimateEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A1:A10",
      fields,
    });
    expect(estimate.credits).toBe(10 * (1 + category.technologies.length));
  });

  it("names an unknown attribute and lists the valid ones", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    gas.sheet("Sheet1").set("A1", [["acme.com"]]);
    expect(
      failure(gas, "estimateEnrichment", {
        sheetName: "Sheet1",
        inputRange: "A1:A1",
        fields: [attribute("employees")],
      }),
    ).toBe(`Unknown attribute "employees". Use one of: ${Object.keys(ORGANIZATION_ATTRIBUTES).join(", ")}.`);
  });

  it("refuses to overwrite a filled column without consent, and writes nothing", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    const known = domains(emulator, 3);
    gas.sheet("Sheet1").set(
      "A1",
      known.map((d) => [d, "typed"]),
    );
    const request = {
      sheetName: "Sheet1",
      inputRange: "A1:A3",
      fields: [attribute("industry")],
      output: { mode: "overwrite", targetColumn: "B" },
    };
    expect(failure(gas, "startEnrichment", request)).toBe(
      "Overwriting needs your consent: values already in B1:B3 would be replaced. Confirm, then start again.",
    );
    expect(gas.sheet("Sheet1").values("B1:B3")).toEqual([["typed"], ["typed"], ["typed"]]);
    const started = run<{ jobId: string }>(gas, "startEnrichment", {
      ...request,
      output: { ...request.output, consent: true },
    });
    run(gas, "pollJobs");
    expect(run<Run>(gas, "getEnrichmentRun", started.jobId).status.state).toBe("done");
    const written = gas.sheet("Sheet1").values("B1:B3").flat();
    expect(written).not.toContain("typed");
    expect(written.every((value) => typeof value === "string" && value.length > 0)).toBe(true);
  });

  it("stops out of credits with what finished, and resumes after a top-up without paying twice", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 3_000, apiKey: "small-account-key" });
    // Enough for the first chunk of 1,000 at 2 credits each, not for the second.
    addAccount(emulator, "small-account-key", 2_500);
    gas.sheet("Sheet1").set(
      "A1",
      domains(emulator, 2_000).map((d) => [d]),
    );
    const request = { sheetName: "Sheet1", inputRange: "A1:A2000", fields: [attribute("industry")] };
    const started = run<{ jobId: string }>(gas, "startEnrichment", request);
    run(gas, "pollJobs");
    const stopped = run<Run>(gas, "getEnrichmentRun", started.jobId);
    expect(stopped.status).toMatchObject({ state: "out_of_credits", rowsDone: 1_000, canResume: true });
    expect(stopped.status.message).toBe(
      "Out of credits after 1,000 of 2,000 rows; nothing written was charged twice. Top up, then press Resume.",
    );
    expect(stopped.matched).toBe(1_000);
    addAccount(emulator, "small-account-key", 5_000);
    run(gas, "resumeJob", started.jobId);
    run(gas, "pollJobs");
    const done = run<Run>(gas, "getEnrichmentRun", started.jobId);
    expect(done.status).toMatchObject({ state: "done", rowsDone: 2_000 });
    expect(ledgerTotal(emulator, "small-account-key")).toBe(1_000 * 2);
  });

  it("reports a key the service rejects as the run's failure", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300, apiKey: "revoked-team-key" });
    gas.sheet("Sheet1").set(
      "A1",
      domains(emulator, 5).map((d) => [d]),
    );
    const started = run<{ jobId: string }>(gas, "startEnrichment", {
      sheetName: "Sheet1",
      inputRange: "A1:A5",
      fields: [attribute("industry")],
    });
    run(gas, "pollJobs");
    const failed = run<Run>(gas, "getEnrichmentRun", started.jobId);
    expect(failed.status.state).toBe("failed");
    expect(failed.status.message).toContain(
      `The enrichment service rejected the API key (HTTP 401). Check the key in ${KEY_SETTINGS_HINT}.`,
    );
  });
});

describe("starting an enrichment without what it needs", () => {
  const request = { sheetName: "Sheet1", inputRange: "A1:A3", fields: [attribute("industry")] };

  it("refuses to start without a key, saying where to add one, and queues nothing", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300, apiKey: "" });
    gas.sheet("Sheet1").set(
      "A1",
      domains(emulator, 3).map((d) => [d]),
    );
    expect(failure(gas, "startEnrichment", request)).toBe(missingApiKey().message);
    expect(run<unknown[]>(gas, "listJobs")).toEqual([]);
  });

  it("refuses to start without the service address, saying where to set it", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300, scriptProperties: { API_BASE_URL: "" } });
    gas.sheet("Sheet1").set(
      "A1",
      domains(emulator, 3).map((d) => [d]),
    );
    expect(failure(gas, "startEnrichment", request)).toBe(missingBaseUrl().message);
  });

  it("reports an unreachable service as the run's failure, with nothing written", async () => {
    const { gas, emulator } = await jobsWorld({
      orgs: 300,
      scriptProperties: { API_BASE_URL: "http://127.0.0.1:9" },
    });
    gas.sheet("Sheet1").set(
      "A1",
      domains(emulator, 3).map((d) => [d]),
    );
    const started = run<{ jobId: string }>(gas, "startEnrichment", request);
    run(gas, "pollJobs");
    const failed = run<Run>(gas, "getEnrichmentRun", started.jobId);
    expect(failed.status.state).toBe("failed");
    expect(failed.status.message).toBe(
      "Rows 1–3 could not be enriched after 3 tries: Could not reach the enrichment service at http://127.0.0.1:9 " +
        "(Address unavailable: http://127.0.0.1:9/v9/organizations). Check the script property API_BASE_URL and " +
        "try again. 0 of 3 rows were done; press Resume to try the rest.",
    );
    expect(failed.status.canResume).toBe(true);
    expect(gas.sheet("Sheet1").values("B1:B3").flat()).toEqual(["", "", ""]);
  });
});

describe("getEnrichmentRun", () => {
  it("refuses a missing id, an unknown job and a job that is not an enrichment", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    expect(failure(gas, "getEnrichmentRun", "")).toBe("Give the id of a job (jobId).");
    expect(failure(gas, "getEnrichmentRun", "nope")).toBe('There is no job "nope" in this spreadsheet.');
    const org = emulator.dataset.orgs.find((o) => o.peopleCount > 0)!;
    const people = run<{ jobId: string }>(gas, "startPeopleSearch", {
      filter: { organization_ids: [org.id] },
      select: { attributes: ["name"] },
    });
    expect(failure(gas, "getEnrichmentRun", people.jobId)).toBe(NOT_AN_ENRICHMENT_MESSAGE);
  });

  it("has nothing to show before the first run", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    expect(run(gas, "latestEnrichmentRun")).toBeNull();
  });
});
