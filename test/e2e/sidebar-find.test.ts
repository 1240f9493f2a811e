// The Find tab through the built bundle: filter searches priced first and written to new sheets with a
// header row and links, teams flattened, people searches run as jobs that finish after the sidebar is
// closed, contact reveals on a list of people, and every refusal with the sentence the sidebar shows.
import { describe, expect, it } from "vitest";
import type { Harness } from "../../harness/index.ts";
import {
  JOB_ATTRIBUTES,
  ORGANIZATION_ATTRIBUTES,
  PERSON_ATTRIBUTES,
  TEAM_ATTRIBUTES,
} from "../../src/api/contract/index.ts";
import { KEY_SETTINGS_HINT, missingApiKey } from "../../src/api/errors.ts";
import { LOG_SHEET } from "../../src/core/jobs/enrichment-log.ts";
import { noJobMessage } from "../../src/core/jobs/queue.ts";
import { FIND_MESSAGES } from "../../src/server/find/request.ts";
import { NO_SCOPE_MATCH_MESSAGE } from "../../src/server/find/run.ts";
import { SELECTED_MESSAGES } from "../../src/server/find/selection.ts";
import { failure, jobsWorld, ledger, ledgerTotal, logRows, run } from "./bulk-world.ts";

interface Catalog {
  kinds: {
    kind: string;
    attributes: { name: string; paid: boolean }[];
    orderColumns: string[];
    scope: string;
  }[];
  hiringPeriods: { value: string }[];
  limit: { default: number; max: number };
  prices: { emailReveal: number; phoneReveal: number };
}

interface Estimate {
  credits: number;
  message: string;
  notes: string[];
}

type Outcome =
  | {
      kind: "sheet";
      sheetName: string | null;
      rows: number;
      total: number;
      creditsUsed: number;
      credits: { remaining: number } | null;
      message: string;
    }
  | {
      kind: "job";
      search: { status: { jobId: string; state: string }; phase: string; people: number };
      creditsUsed: number;
      message: string;
    };

interface PeopleSearch {
  status: { jobId: string; state: string; sheetName: string | null; message: string };
  phase: string;
  people: number;
}

const PYTHON = "technology EQ 'python'";

function sheetOutcome(outcome: Outcome) {
  if (outcome.kind !== "sheet") throw new Error(`expected a sheet, got ${outcome.kind}`);
  return outcome;
}

function jobOutcome(outcome: Outcome) {
  if (outcome.kind !== "job") throw new Error(`expected a job, got ${outcome.kind}`);
  return outcome;
}

/** The body of the last request the bundle sent to a path. */
function lastBody(gas: Harness, path: string): Record<string, unknown> {
  const fetch = gas.fetches.findLast((f) => f.url.endsWith(path));
  if (!fetch) throw new Error(`nothing was sent to ${path}`);
  return JSON.parse(String(fetch.body));
}

describe("getFindCatalog", () => {
  it("offers the contract's attributes per kind, and leaves out those that need a profile or a list", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    const catalog = run<Catalog>(gas, "getFindCatalog");
    const names = (kind: string) => catalog.kinds.find((k) => k.kind === kind)!.attributes.map((a) => a.name);
    expect(catalog.kinds.map((k) => k.kind)).toEqual(["organizations", "people", "jobs", "teams"]);
    expect(names("organizations")).toEqual(
      Object.keys(ORGANIZATION_ATTRIBUTES).filter((n) => !["name", "url", "service_url"].includes(n)),
    );
    expect(names("people")).toEqual(
      PERSON_ATTRIBUTES.filter((n) => !["email", "phone", "confidence", "person_score"].includes(n)),
    );
    expect(names("jobs")).toEqual([...JOB_ATTRIBUTES]);
    expect(names("teams")).toEqual(TEAM_ATTRIBUTES.filter((n) => n !== "score"));
    expect(catalog.kinds.find((k) => k.kind === "organizations")!.orderColumns).toContain("employee_count");
    expect(catalog.kinds.map((k) => k.scope)).toEqual(["none", "required", "optional", "required"]);
    expect(catalog.hiringPeriods.map((p) => p.value)).toEqual(["1mo", "3mo", "6mo", "1yr", "18mo", "2yr"]);
    expect(catalog.limit).toEqual({ default: 25, max: 200 });
    expect(catalog.prices).toMatchObject({ emailReveal: 10, phoneReveal: 80 });
  });
});

describe("an organization search", () => {
  it("is priced first, then lands in a new sheet with a header row and links, charged as estimated", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    gas.sheet("Sheet1").set("A1", "typed");
    const request = {
      kind: "organizations",
      query: PYTHON,
      limit: 10,
      attributes: ["industry", "employee_count"],
    };
    const estimate = run<Estimate>(gas, "estimateFind", request);
    expect(estimate).toEqual({
      kind: "organizations",
      credits: 30,
      bounded: true,
      message: "Up to 30 credits · 10 organizations × 3",
      notes: [],
    });
    expect(gas.fetches).toHaveLength(0);

    const outcome = sheetOutcome(run<Outcome>(gas, "runFind", request));
    expect(outcome).toMatchObject({ sheetName: "Organizations", rows: 10, creditsUsed: 30 });
    expect(outcome.total).toBeGreaterThan(10);
    expect(outcome.message).toBe(
      `Wrote 10 organizations to "Organizations" for 30 credits. ${outcome.total} match in all; raise the limit to get more.`,
    );
    expect(outcome.credits).toEqual(expect.objectContaining({ remaining: 1_000_000 - 30 }));
    const sheet = gas.sheet("Organizations").values();
    expect(sheet[0]).toEqual(["Name", "Domain", "Industry", "Employee count", "Link in the web app"]);
    expect(sheet).toHaveLength(11);
    // The API names stay in the headers' notes.
    expect(["A1", "B1", "C1", "D1", "E1"].map((a1) => gas.sheet("Organizations").cell(a1).note)).toEqual([
      "name",
      "url",
      "industry",
      "employee_count",
      "service_url",
    ]);
    expect(sheet.slice(1).every((row) => String(row[4]).startsWith("https://"))).toBe(true);
    expect(ledgerTotal(emulator)).toBe(30);
    expect(logRows(gas).map((row) => row.slice(1))).toEqual([
      [`Find organizations: ${PYTHON}`, 10, 30, 1_000_000 - 30, outcome.message],
    ]);
    expect(gas.sheet("Sheet1").values("A1")).toEqual([["typed"]]);

    const again = sheetOutcome(run<Outcome>(gas, "runFind", request));
    expect(again.sheetName).toBe("Organizations (2)");
  });

  it("writes CRM statuses in words, with the API's spelling explained in the header note", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    const request = { kind: "organizations", query: PYTHON, limit: 40, attributes: ["account_status"] };
    sheetOutcome(run<Outcome>(gas, "runFind", request));
    const [header, ...rows] = gas.sheet("Organizations").values();
    expect(header).toEqual(["Name", "Domain", "CRM status", "Link in the web app"]);
    const statuses = new Set(rows.map((row) => row[2]));
    expect(statuses.has("Not in CRM")).toBe(true);
    expect([...statuses].every((s) => ["Customer", "Prospect", "Not in CRM"].includes(String(s)))).toBe(true);
    expect(gas.sheet("Organizations").cell("C1").note).toBe(
      'account_status\nValues in words; the API value is the words in lower case joined by "_" ("Series E" is series_e).',
    );
    // A row the sidebar logs shows its time in the sheets' one date order too.
    expect(gas.sheet("Enrichment log").cell("A2").display).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it("sends the order, the direction and include closed as chosen", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    run(gas, "runFind", {
      kind: "organizations",
      query: PYTHON,
      limit: 5,
      attributes: ["status"],
      orderBy: "employee_count",
      direction: "ASC",
      includeClosed: true,
    });
    expect(lastBody(gas, "/v9/organizations")).toEqual({
      filter: { query: PYTHON },
      select: { attributes: ["name", "url", "service_url", "status"] },
      limit: 5,
      order_by_column: "employee_count",
      order_by_direction: "ASC",
      include_closed: true,
    });
    const counts = gas
      .sheet("Organizations")
      .values()
      .slice(1)
      .map((row) => Number(row[2]));
    expect(counts).toHaveLength(5);
  });

  it("makes no sheet and charges nothing when nothing matches", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    const outcome = sheetOutcome(
      run<Outcome>(gas, "runFind", { kind: "organizations", query: "employee_count EQ '9999999-'" }),
    );
    expect(outcome).toMatchObject({
      sheetName: null,
      rows: 0,
      creditsUsed: 0,
      message: "No organizations match this search. Nothing was written, and the search cost nothing.",
    });
    expect(ledger(emulator)).toEqual([]);
    expect(() => gas.sheet("Organizations")).toThrow('No sheet named "Organizations"');
  });

  it("passes on what the service says about a query it cannot read", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    expect(
      failure(gas, "runFind", { kind: "organizations", query: "technology EQ 'no-such-tech-zz'" }),
    ).toMatch(/^The enrichment service could not accept the request\. The service said: .*no-such-tech-zz/);
  });
});

describe("a jobs search", () => {
  it("runs on a query across all organizations when asked, and flattens nested objects into columns", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    const outcome = sheetOutcome(
      run<Outcome>(gas, "runFind", {
        kind: "jobs",
        query: PYTHON,
        everywhere: true,
        limit: 3,
        attributes: ["title", "organization"],
      }),
    );
    expect(outcome).toMatchObject({ sheetName: "Jobs", rows: 3 });
    expect(gas.sheet("Jobs").values()[0]).toEqual([
      "Job id",
      "Title",
      "Organization · Organization id",
      "Organization · Name",
      "Organization · Domain",
      "Organization · Link in the web app",
      "Link in the web app",
    ]);
  });
});

describe("a teams search", () => {
  it("finds the ids of the organizations named, then writes every field the service returns, flattened", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    const orgs = emulator.dataset.orgs.filter((o) => o.teamsCount > 0).slice(0, 2);
    const request = {
      kind: "teams",
      organizations: [orgs[0]!.domain, String(orgs[1]!.id)],
      limit: 5,
      attributes: ["organization", "jobs_count", "technology_list"],
    };
    const estimate = run<Estimate>(gas, "estimateFind", request);
    expect(estimate.message).toBe("Up to 21 credits · 5 teams × 4 + 1 to find 1 organization");
    expect(estimate.credits).toBe(21);
    const outcome = sheetOutcome(run<Outcome>(gas, "runFind", request));
    expect(outcome.rows).toBeGreaterThan(0);
    expect(lastBody(gas, "/v9/teams")).toMatchObject({
      filter: { organization_ids: [orgs[0]!.id, orgs[1]!.id] },
    });
    const [header, first] = gas.sheet("Teams").values();
    expect(header).toEqual([
      "Team id",
      "Name",
      "Organization · Organization id",
      "Organization · Name",
      "Organization · Link in the web app",
      "Job posts",
      "Technology list",
      "Link in the web app",
    ]);
    expect(String(first![6])).toMatch(/^[^[{]+(, [^[{]+)*$/);
    expect(outcome.creditsUsed).toBe(ledgerTotal(emulator));
    expect(logRows(gas).map((row) => row[1])).toEqual([
      "Find the ids of 1 organization to search in",
      "Find teams",
    ]);
  });

  it("sends nothing more when none of the organizations named is found", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    expect(failure(gas, "runFind", { kind: "teams", organizations: ["no-such-company-zz.example"] })).toBe(
      NO_SCOPE_MATCH_MESSAGE,
    );
    expect(gas.fetches.map((f) => f.url.replace(/^.*\/v9/, ""))).toEqual(["/organizations"]);
    expect(ledger(emulator)).toEqual([]);
  });
});

describe("a people search", () => {
  it("runs as a job that finishes in the background after the sidebar is closed, and shows done when reopened", async () => {
    const { gas, emulator } = await jobsWorld({
      orgs: 300,
      mode: "addon",
      scriptProperties: { DEPLOYMENT: "addon" },
    });
    const org = emulator.dataset.orgs.find((o) => o.peopleCount >= 5)!;
    const request = {
      kind: "people",
      organizations: [String(org.id)],
      limit: 5,
      attributes: ["name", "job_title"],
    };
    expect(run<Estimate>(gas, "estimateFind", request).message).toBe("Up to 10 credits · 5 people × 2");
    const started = jobOutcome(run<Outcome>(gas, "runFind", request));
    expect(started).toMatchObject({ creditsUsed: 0, search: { phase: "queued", people: 0 } });
    expect(started.message).toBe(
      "The search is queued at the service. It keeps running if you close the sidebar.",
    );
    expect(ledger(emulator)).toEqual([]);

    // The sidebar closes: nothing polls until the add-on's hourly trigger fires.
    gas.clock.advance("1h");
    const [reopened] = run<PeopleSearch[]>(gas, "listPeopleSearches");
    expect(reopened).toMatchObject({
      phase: "done",
      people: 5,
      status: { jobId: started.search.status.jobId, state: "done", sheetName: "People" },
    });
    expect(gas.sheet("People").values()[0]).toEqual([
      "Person id",
      "Name",
      "Job title",
      "Link in the web app",
    ]);
    expect(ledgerTotal(emulator)).toBe(10);
  });

  it("heads the LinkedIn column in a person's words, the API name in its note", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    const org = emulator.dataset.orgs.find((o) => o.peopleCount >= 3)!;
    run(gas, "runFind", {
      kind: "people",
      organizations: [String(org.id)],
      limit: 3,
      attributes: ["name", "linkedin_url"],
    });
    run(gas, "pollJobs");
    const header = gas.sheet("People").values()[0]!;
    expect(header).toContain("LinkedIn URL");
    expect(header.some((label) => /Linkedin|url\b/.test(String(label)))).toBe(false);
    const column = String.fromCharCode(65 + header.indexOf("LinkedIn URL"));
    expect(gas.sheet("People").cell(`${column}1`).note).toBe("linkedin_url");
  });

  it("names each sort column in words in the catalog's Order by list", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    const catalog = run<{
      kinds: { kind: string; orderColumns: string[]; orderLabels: Record<string, string> }[];
    }>(gas, "getFindCatalog");
    const organizations = catalog.kinds.find((k) => k.kind === "organizations")!;
    expect(organizations.orderColumns.map((c) => organizations.orderLabels[c])).toEqual([
      "Industry",
      "Employee count",
      "Employee count (as a number)",
      "First activity",
      "Last activity",
      "Job posts",
      "Teams",
      "People",
      "Job post growth, 6 months (%)",
      "Cloud spend (million USD)",
      "Account score",
    ]);
  });

  it("opens the sheet a finished people search wrote, on the sidebar's asking, and refuses an unknown job", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    const org = emulator.dataset.orgs.find((o) => o.peopleCount >= 3)!;
    const started = jobOutcome(
      run<Outcome>(gas, "runFind", {
        kind: "people",
        organizations: [String(org.id)],
        limit: 3,
        attributes: ["name"],
      }),
    );
    run(gas, "pollJobs");
    gas.select("Sheet1!A1");
    expect(gas.sheet().name).toBe("Sheet1");
    expect(run(gas, "showJobSheet", started.search.status.jobId)).toEqual({ sheetName: "People" });
    expect(gas.sheet().name).toBe("People");
    expect(failure(gas, "showJobSheet", "no-such-job")).toBe(noJobMessage("no-such-job"));
  });

  it("reveals contacts on a list of people, with the reveal prices spelled out", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    const people = emulator.dataset.orgs.find((o) => o.peopleCount >= 3)!;
    run(gas, "runFind", {
      kind: "people",
      organizations: [String(people.id)],
      limit: 3,
      attributes: ["name"],
    });
    run(gas, "pollJobs");
    const ids = gas
      .sheet("People")
      .values()
      .slice(1)
      .map((row) => row[0]);
    const request = {
      kind: "people",
      people: ids,
      attributes: ["name"],
      reveal: { email: true, phone: true },
    };
    const estimate = run<Estimate>(gas, "estimateFind", request);
    expect(estimate.message).toBe("Up to 279 credits · 3 people × 93");
    expect(estimate.notes).toEqual([
      "Contact reveals cost 10 per email and 80 per phone, the first time only.",
    ]);
    jobOutcome(run<Outcome>(gas, "runFind", request));
    run(gas, "pollJobs");
    expect(gas.sheet("People (2)").values()[0]).toEqual([
      "Input",
      "Person id",
      "Name",
      "Email",
      "Phone",
      "Link in the web app",
    ]);
    expect(lastBody(gas, "/v9/people")).toHaveProperty("request_id");
  });
});

describe("runFind and estimateFind refuse", () => {
  const people = (count: number) => Array.from({ length: count }, (_, i) => String(100 + i));
  it.each([
    ["a request that is not an object", "search", FIND_MESSAGES.request],
    ["an unknown kind", { kind: "companies" }, FIND_MESSAGES.kind("companies")],
    [
      "an organization search without a query",
      { kind: "organizations", query: "  " },
      FIND_MESSAGES.queryNeeded,
    ],
    ["a query that is not text", { kind: "organizations", query: 7 }, FIND_MESSAGES.queryText],
    ["a query too long", { kind: "organizations", query: "x".repeat(5_001) }, FIND_MESSAGES.queryLong],
    ["a limit of 0", { kind: "organizations", query: PYTHON, limit: 0 }, FIND_MESSAGES.limit],
    ["a limit over 200", { kind: "organizations", query: PYTHON, limit: 201 }, FIND_MESSAGES.limit],
    [
      "a limit that is not a number",
      { kind: "organizations", query: PYTHON, limit: "lots" },
      FIND_MESSAGES.limit,
    ],
    [
      "columns that are not a list",
      { kind: "jobs", query: PYTHON, attributes: "title" },
      FIND_MESSAGES.attributesList,
    ],
    [
      "an order for people",
      { kind: "people", organizations: ["1"], orderBy: "name" },
      "A person search cannot be ordered; leave the order empty.",
    ],
    [
      "an unknown direction",
      { kind: "organizations", query: PYTHON, direction: "UP" },
      FIND_MESSAGES.direction("UP"),
    ],
    [
      "include closed on jobs",
      { kind: "jobs", query: PYTHON, includeClosed: true },
      FIND_MESSAGES.includeClosed,
    ],
    [
      "contact reveals on organizations",
      { kind: "organizations", query: PYTHON, reveal: { email: true } },
      FIND_MESSAGES.reveal,
    ],
    [
      "contact reveals on a search by organization",
      { kind: "people", organizations: ["1"], reveal: { phone: true } },
      FIND_MESSAGES.revealNeedsList,
    ],
    [
      "26 people with contact reveals",
      { kind: "people", people: people(26), reveal: { email: true } },
      FIND_MESSAGES.peopleTooMany(26, 25, true),
    ],
    [
      "people named both ways",
      { kind: "people", people: ["5"], organizations: ["1"] },
      FIND_MESSAGES.peopleAndScope,
    ],
    ["people that cannot be read", { kind: "people", people: ["Jane Doe"] }, FIND_MESSAGES.peopleUnreadable],
    [
      "a people search with no organizations",
      { kind: "people", query: PYTHON },
      FIND_MESSAGES.scopeNeeded("people"),
    ],
    ["a teams search with no organizations", { kind: "teams" }, FIND_MESSAGES.scopeNeeded("teams")],
    ["a jobs search with nothing to search by", { kind: "jobs" }, FIND_MESSAGES.jobsNeedSomething],
    [
      "a jobs query with no organizations, no list and no choice of all organizations",
      { kind: "jobs", query: PYTHON },
      FIND_MESSAGES.jobsWhere,
    ],
    [
      "organizations that cannot be read",
      { kind: "teams", organizations: [true, "#N/A"] },
      FIND_MESSAGES.scopeUnreadable,
    ],
    [
      "organizations that are not a list",
      { kind: "teams", organizations: "acme.com" },
      FIND_MESSAGES.scopeList,
    ],
    ["a list id that is not a number", { kind: "people", organizationListId: "Q3" }, FIND_MESSAGES.listId],
  ])("%s, before sending anything", async (_name, request, message) => {
    const { gas } = await jobsWorld({ orgs: 300 });
    expect(failure(gas, "estimateFind", request)).toBe(message);
    expect(failure(gas, "runFind", request)).toBe(message);
    expect(gas.fetches).toHaveLength(0);
  });

  it("an unknown column, naming the valid ones", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    expect(failure(gas, "estimateFind", { kind: "jobs", query: PYTHON, attributes: ["salary"] })).toBe(
      `Unknown job attribute "salary". Use one of: ${JOB_ATTRIBUTES.join(", ")}.`,
    );
  });

  it("an unknown order, naming the valid ones", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    const catalog = run<Catalog>(gas, "getFindCatalog");
    const orders = catalog.kinds.find((k) => k.kind === "organizations")!.orderColumns;
    expect(failure(gas, "estimateFind", { kind: "organizations", query: PYTHON, orderBy: "revenue" })).toBe(
      `Unknown order "revenue". Use one of: ${orders.join(", ")}.`,
    );
  });

  it("spells out the sentences", () => {
    expect(FIND_MESSAGES.queryNeeded).toBe("Add at least one condition, or type a raw query.");
    expect(FIND_MESSAGES.limit).toBe("The limit must be a whole number from 1 to 200.");
    expect(FIND_MESSAGES.scopeNeeded("teams")).toBe(
      "Name the organizations whose teams to find (ids, domains or names).",
    );
    expect(FIND_MESSAGES.peopleTooMany(26, 25, true)).toBe(
      "Look up at most 25 people at a time with contact reveals; got 26.",
    );
  });

  it("a key the service rejects", async () => {
    const { gas } = await jobsWorld({ orgs: 300, apiKey: "revoked-team-key" });
    expect(failure(gas, "runFind", { kind: "organizations", query: PYTHON })).toBe(
      `The enrichment service rejected the API key (HTTP 401). Check the key in ${KEY_SETTINGS_HINT}.`,
    );
    expect(() => gas.sheet(LOG_SHEET)).toThrow();
  });

  it("a missing key, saying where to add one", async () => {
    const { gas } = await jobsWorld({ orgs: 300, apiKey: "" });
    expect(failure(gas, "runFind", { kind: "organizations", query: PYTHON })).toBe(missingApiKey().message);
  });

  it("when there is no network, saying the service cannot be reached", async () => {
    const { gas } = await jobsWorld({ orgs: 300, scriptProperties: { API_BASE_URL: "http://127.0.0.1:9" } });
    expect(failure(gas, "runFind", { kind: "organizations", query: PYTHON })).toMatch(
      /^Could not reach the enrichment service at http:\/\/127\.0\.0\.1:9 \(.+\)\. Check the script property API_BASE_URL and try again\.$/,
    );
  });
});

describe("selectedIdentifiers", () => {
  it("reads each organization of the selected column once, header skipped", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    const [a, b] = emulator.dataset.orgs;
    gas
      .sheet("Sheet1")
      .set("B1", [["Company"], [a!.domain], [String(b!.id)], [a!.domain.toUpperCase()], [""]]);
    gas.select("B1:B5");
    expect(run(gas, "selectedIdentifiers")).toEqual({
      kind: "organizations",
      summary: "Sheet1!B2:B4 · 2 organizations",
      identifiers: [a!.domain, String(b!.id)],
    });
  });

  it("reads people as ids, LinkedIn URLs and e-mail addresses", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    gas
      .sheet("Sheet1")
      .set("A1", [
        ["Contact"],
        [123],
        ["https://www.linkedin.com/in/jane-doe"],
        ["Jane@Example.com"],
        ["not a person"],
      ]);
    gas.select("A1:A5");
    expect(run(gas, "selectedIdentifiers", "people")).toEqual({
      kind: "people",
      summary: "Sheet1!A2:A5 · 3 people",
      identifiers: ["123", "https://www.linkedin.com/in/jane-doe", "jane@example.com"],
    });
  });

  it("refuses a column without people, and an unknown kind", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    gas.sheet("Sheet1").set("A1", [["Notes"], ["call back"]]);
    gas.select("A1:A2");
    expect(failure(gas, "selectedIdentifiers", "people")).toBe(SELECTED_MESSAGES.noPeople);
    expect(failure(gas, "selectedIdentifiers", "teams")).toBe(
      'Unknown kind "teams". Use one of: organizations, people.',
    );
  });
});
