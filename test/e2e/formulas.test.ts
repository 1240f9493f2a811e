// The custom functions end to end: the built bundle in the harness against the emulator core, with the
// emulator's ledger as the judge of what formulas cost.
import { describe, expect, it } from "vitest";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";

const orgCalls = (w: Awaited<ReturnType<typeof addonWorld>>) =>
  w.gas.fetches.filter((f) => f.url === `${BASE_URL}/v9/organizations`);

describe("ORG_ATTR through the bundle", () => {
  it("sends one request per 1,000 unique organizations, once per duplicate, and pays exactly the price list", async () => {
    const w = await addonWorld();
    const unique = w.state.dataset.orgs.slice(0, 2100).map((o) => o.domain);
    const rows = [...unique, ...unique.slice(0, 400).map((d) => `https://www.${d}/about`)].map((d) => [d]);
    w.gas.sheet().set("A2", rows);
    const cell = w.gas.formula("B2", `=ORG_ATTR(A2:A${rows.length + 1}, "name,employee_count")`);
    expect(cell.error).toBeNull();
    expect(cell.values).toHaveLength(2500);
    expect(cell.values[2100]).toEqual(cell.values[0]);
    expect(orgCalls(w).map((f) => JSON.parse(f.body).organizations.length)).toEqual([1000, 1000, 100]);
    // 2,100 matched × (1 base + 1 paid attribute); name is free.
    expect(w.charged()).toBe(4200);
  });

  it("answers a recalculation in a new execution from the cache: no request, no credit", async () => {
    const w = await addonWorld();
    w.gas.sheet().set(
      "A2",
      w.state.dataset.orgs.slice(0, 50).map((o) => [o.domain]),
    );
    w.gas.formula("B2", '=ORG_ATTR(A2:A51, "industry")');
    const before = {
      fetches: w.gas.fetches.length,
      charged: w.charged(),
      executions: w.gas.executions.length,
    };
    w.gas.recalculate();
    expect(w.gas.executions.length).toBeGreaterThan(before.executions);
    expect(w.gas.fetches).toHaveLength(before.fetches);
    expect(w.charged()).toBe(before.charged);
  });

  it("leaves blank and unmatched rows blank, and only matched ones are charged", async () => {
    const w = await addonWorld();
    const org = w.state.dataset.orgs[7]!;
    w.gas.sheet().set("A2", [["no-such-company-anywhere.example"], [""], [org.domain], ["  "]]);
    const cell = w.gas.formula("B2", '=ORG_ATTR(A2:A5, "name,employee_count")');
    expect(cell.values).toEqual([
      ["", ""],
      ["", ""],
      [org.name, org.employeeCount],
      ["", ""],
    ]);
    expect(JSON.parse(orgCalls(w)[0]!.body).organizations).toEqual([
      { url: "no-such-company-anywhere.example" },
      { url: org.domain },
    ]);
    expect(w.charged()).toBe(2);
    // The miss is cached too: asking again sends nothing.
    w.gas.formula("D2", '=ORG_ATTR(A2, "name")');
    expect(orgCalls(w)).toHaveLength(1);
  });

  it("names an unknown attribute, what it probably meant and the valid ones without sending anything", async () => {
    const w = await addonWorld();
    w.gas.sheet().set("A2", [["acme.com"]]);
    const cell = w.gas.formula("B2", '=ORG_ATTR(A2, "headcount")');
    expect(cell.display).toBe("#ERROR!");
    expect(cell.error).toMatch(
      /^Unknown attribute "headcount" in "attributes"\. Did you mean "employee_count"\? Use one of: id, slug, name, url/,
    );
    expect(w.gas.fetches).toHaveLength(0);
  });

  it("takes the headers the add-on writes and API names in any spelling, at the same price", async () => {
    const w = await addonWorld();
    w.gas.sheet().set("A2", [["acme.com"]]);
    const byName = w.gas.formula("B2", '=ORG_ATTR(A2, "employee_count,headquarters_country")');
    const byHeader = w.gas.formula("B3", '=ORG_ATTR(A2, "Employee count, HQ country")');
    const spaced = w.gas.formula("B4", '=ORG_ATTR(A2, "EMPLOYEE COUNT,hq_country")');
    expect(byName.error).toBeNull();
    expect(byHeader.values).toEqual(byName.values);
    expect(spaced.values).toEqual(byName.values);
    // The header form is the same fields: answered from the first formula's cache, no second request.
    expect(orgCalls(w)).toHaveLength(1);
  });
});

describe("TECH_COUNT matrix", () => {
  it("resolves the technology row once and fills one column per technology", async () => {
    const w = await addonWorld();
    const orgs = w.state.dataset.orgs.slice(100, 149);
    w.gas.sheet().set("B1", [["Python", "K8s", "react", "Snowflake", "salesforce"]]);
    w.gas.sheet().set(
      "A2",
      orgs.map((o) => [o.domain]),
    );
    const cell = w.gas.formula("B2", "=TECH_COUNT(A2:A50, B1:F1)");
    expect(cell.error).toBeNull();
    expect(cell.values).toHaveLength(49);
    expect(cell.values.every((row) => row.length === 5 && row.every((v) => typeof v === "number"))).toBe(
      true,
    );
    expect(w.gas.fetches.map((f) => f.url.replace(BASE_URL, ""))).toEqual([
      "/v9/technologies/lookup",
      "/v9/organizations",
    ]);
    const entities = JSON.parse(orgCalls(w)[0]!.body).select.entities.map((e: { term: string }) => e.term);
    expect(entities).toEqual(["python", "kubernetes", "react", "snowflake", "salesforce"]);
    // Lookup: 5 matched → 1 credit. Organizations: 49 × (1 base + 5 metrics).
    expect(w.ledger().map((e) => [e.path, e.credits])).toEqual([
      ["/v9/technologies/lookup", 1],
      ["/v9/organizations", 294],
    ]);
  });

  it("matches the figures the service gives for the same organization", async () => {
    const w = await addonWorld();
    const org = w.state.dataset.orgs.find((o) => o.jobsCount > 20)!;
    w.gas.sheet().set("A2", [[org.domain]]);
    const viaFormula = w.gas.formula("B2", '=TECH_COUNT(A2, "python", "job_post_count")').value;
    const direct = w.admin("POST", "/v9/organizations", {
      organizations: [{ id: org.id }],
      select: { entities: [{ type: "technology", term: "python", metrics: ["job_post_count"] }] },
    });
    expect(viaFormula).toBe(direct.body.organizations[0].entities[0].job_post_count);
  });
});

describe("errors a spreadsheet user can act on", () => {
  async function errorFor(
    setup: (w: Awaited<ReturnType<typeof addonWorld>>) => void,
    world?: Parameters<typeof addonWorld>[0],
  ) {
    const w = await addonWorld(world);
    w.gas.sheet().set(
      "A2",
      w.state.dataset.orgs.slice(0, 5).map((o) => [o.domain]),
    );
    setup(w);
    const cell = w.gas.formula("B2", '=ORG_ATTR(A2:A6, "employee_count")');
    expect(cell.display).toBe("#ERROR!");
    return { w, message: cell.error };
  }

  it("no base URL", async () => {
    const { message } = await errorFor(() => {}, { scriptProperties: { API_KEY: "k" } });
    expect(message).toBe(
      "The service address is not set. In the Apps Script editor open Project Settings ▸ Script properties and add API_BASE_URL (for example https://api.example.com, without /v9).",
    );
  });

  it("no key", async () => {
    const { message } = await errorFor(() => {}, { scriptProperties: { API_BASE_URL: BASE_URL } });
    expect(message).toBe(
      "No API key is set. Add one in Extensions ▸ Enrichment for Sheets ▸ Settings (your own key), or the script property API_KEY (a team key).",
    );
  });

  it("a rejected key (401)", async () => {
    const { message } = await errorFor(() => {}, {
      scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: "sk_wrong" },
    });
    expect(message).toBe(
      "The enrichment service rejected the API key (HTTP 401). Check the key in Extensions ▸ Enrichment for Sheets ▸ Settings (your own key), or the script property API_KEY (a team key).",
    );
  });

  it("out of credits (402), with nothing charged", async () => {
    const { w, message } = await errorFor(
      (w) => {
        w.admin("POST", "/__admin/accounts", { api_key: "sk_poor", credits: 3 });
      },
      { scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: "sk_poor" } },
    );
    expect(message).toBe(
      "Out of credits: the account has too few credits left for this request, and nothing was charged for it. Top up the account, then try again.",
    );
    expect(w.charged("sk_poor")).toBe(0);
  });

  it("rate limited (429) is retried and then succeeds", async () => {
    const w = await addonWorld();
    w.gas.sheet().set("A2", [[w.state.dataset.orgs[0]!.domain]]);
    w.admin("POST", "/__admin/faults", { path: "/v9/organizations", status: 429, count: 2 });
    const cell = w.gas.formula("B2", '=ORG_ATTR(A2, "name")');
    expect(cell.error).toBeNull();
    expect(cell.value).toBe(w.state.dataset.orgs[0]!.name);
    expect(orgCalls(w).map((f) => f.status)).toEqual([429, 429, 200]);
  });

  it("endless 429 stops with a try-again message inside the 30-second limit", async () => {
    const w = await addonWorld();
    w.gas.sheet().set("A2", [[w.state.dataset.orgs[0]!.domain]]);
    w.admin("POST", "/__admin/faults", { path: "/v9/organizations", status: 429, count: 1000 });
    const cell = w.gas.formula("B2", '=ORG_ATTR(A2, "name")');
    expect(cell.error).toMatch(
      /^The enrichment service did not answer in time, so this stopped before the spreadsheet's time limit\. Try again in a minute\./,
    );
    expect(w.gas.executions.at(-1)!.status).toBe("failed");
    expect(w.gas.executions.at(-1)!.error).not.toMatch(/Exceeded maximum execution time/);
  });

  it("server errors (5xx) are retried twice, then explained", async () => {
    const { w, message } = await errorFor((w) => {
      w.admin("POST", "/__admin/faults", { path: "/v9/organizations", status: 503, count: 3 });
    });
    expect(message).toBe(
      "The enrichment service is unavailable right now (HTTP 503). Try again in a few minutes.",
    );
    expect(orgCalls(w)).toHaveLength(3);
  });

  it("an unreadable answer is explained", async () => {
    const { message } = await errorFor((w) => {
      w.admin("POST", "/__admin/faults", {
        path: "/v9/organizations",
        status: 502,
        body: "truncated",
        count: 3,
      });
    });
    expect(message).toBe(
      "The enrichment service is unavailable right now (HTTP 502). Try again in a few minutes.",
    );
  });

  it("a malformed 200 body is reported as unreadable and not bought twice", async () => {
    const { w, message } = await errorFor((w) => {
      w.admin("POST", "/__admin/faults", { path: "/v9/organizations", body: "malformed", count: 3 });
    });
    expect(message).toMatch(
      /^The enrichment service sent a response this add-on could not read \(the body is not JSON\)\. The service may have charged for this answer, so it was not sent again automatically\./,
    );
    expect(orgCalls(w)).toHaveLength(1);
    expect(w.ledger()).toHaveLength(1);
  });
});

describe("the formula spend guard", () => {
  it("the kill switch stops formulas before anything is sent", async () => {
    const w = await addonWorld();
    w.gas.properties.document().put({
      FORMULA_SETTINGS: JSON.stringify({ killSwitch: true, dailyCap: null, cacheLifetimeSeconds: 21600 }),
    });
    w.gas.sheet().set("A2", [[w.state.dataset.orgs[0]!.domain]]);
    const cell = w.gas.formula("B2", '=ORG_ATTR(A2, "employee_count")');
    expect(cell.error).toBe(
      "Enrichment formulas are paused (kill switch in Settings). No credits were spent.",
    );
    expect(w.gas.fetches).toHaveLength(0);
  });

  it("the daily cap counts what formulas spent and refuses what could pass it", async () => {
    const w = await addonWorld();
    w.gas.properties.document().put({
      FORMULA_SETTINGS: JSON.stringify({ killSwitch: false, dailyCap: 10, cacheLifetimeSeconds: 21600 }),
    });
    w.gas.sheet().set(
      "A2",
      w.state.dataset.orgs.slice(0, 8).map((o) => [o.domain]),
    );
    expect(w.gas.formula("B2", '=ORG_ATTR(A2:A4, "employee_count")').error).toBeNull();
    const refused = w.gas.formula("C2", '=ORG_ATTR(A5:A9, "employee_count")');
    expect(refused.error).toBe(
      "The daily formula cap of 10 credits would be passed: 6 credits spent today, and this formula could cost up to 10 credits. No credits were spent. Raise the cap in Settings or try again tomorrow.",
    );
    expect(w.charged()).toBe(6);
  });
});

describe("lookups", () => {
  it("JOB_FUNCTION, JOB_LEVEL and TECH_SLUG look each distinct text up once", async () => {
    const w = await addonWorld();
    w.gas.sheet().set("A2", [["Senior Data Engineer"], ["senior data engineer"], ["VP of Sales"], [""]]);
    const fn = w.gas.formula("B2", "=JOB_FUNCTION(A2:A5)");
    const level = w.gas.formula("C2", "=JOB_LEVEL(A2:A5)");
    expect(fn.values[0]![0]).not.toBe("");
    expect(fn.values[1]).toEqual(fn.values[0]);
    expect(level.values[3]).toEqual([""]);
    expect(w.gas.fetches.filter((f) => f.url.endsWith("/v9/jobs/title-lookup"))).toHaveLength(1);
    expect(w.gas.formula("D2", '=TECH_SLUG("K8s")').value).toBe("kubernetes");
  });
});
