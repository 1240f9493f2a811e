// Formula logic over in-memory fakes: shapes, batching, dedupe, caching, lookups, the spend guard
// and a table of bad inputs that never spend a credit.
import { describe, expect, it } from "vitest";
import { orgMetric, techCount } from "../../../src/functions/entity-metric.ts";
import { orgAttr } from "../../../src/functions/org-attr.ts";
import { jobFunction, jobLevel, techSlug } from "../../../src/functions/text-lookups.ts";
import { formulaWorld } from "./formula-world.ts";

const orgRequests = (w: ReturnType<typeof formulaWorld>) =>
  w.service.requests.filter((r) => r.path === "/v9/organizations");

describe("ORG_ATTR", () => {
  it("answers a single cell with a single value", () => {
    const w = formulaWorld();
    expect(orgAttr(w.env, "acme.com", "employee_count")).toBe(120);
  });

  it("answers a range with one row per input row and one column per attribute", () => {
    const w = formulaWorld();
    const out = orgAttr(
      w.env,
      [["acme.com"], [""], ["nobody.example"], ["www.globex.com"]],
      "name, employee_count",
    );
    expect(out).toEqual([
      ["Acme", 120],
      ["", ""],
      ["", ""],
      ["Globex", 5400],
    ]);
  });

  it("sends duplicates once and one request for the whole range", () => {
    const w = formulaWorld();
    orgAttr(
      w.env,
      [["acme.com"], ["ACME.com"], ["jane@acme.com"], ["https://acme.com/about"], ["globex.com"]],
      "name",
    );
    expect(orgRequests(w)).toHaveLength(1);
    expect(orgRequests(w)[0]!.body.organizations).toEqual([{ url: "acme.com" }, { url: "globex.com" }]);
  });

  it("joins lists with a comma and leaves nulls blank", () => {
    const w = formulaWorld();
    expect(orgAttr(w.env, [["acme.com"], ["globex.com"]], "tags")).toEqual([["b2b, saas"], [""]]);
  });

  it("serves a new evaluation from the cache without a request or a credit", () => {
    const w = formulaWorld();
    orgAttr(w.env, [["acme.com"], ["nobody.example"]], "name,employee_count");
    const spent = w.service.creditsCharged;
    w.service.requests.length = 0;
    expect(orgAttr(w.env, [["acme.com"], ["nobody.example"]], "employee_count,name")).toEqual([
      [120, "Acme"],
      ["", ""],
    ]);
    expect(w.service.requests).toHaveLength(0);
    expect(w.service.creditsCharged).toBe(spent);
  });

  it("asks only for the fields the cache lacks", () => {
    const w = formulaWorld();
    orgAttr(w.env, "acme.com", "employee_count");
    orgAttr(w.env, "acme.com", "employee_count,industry");
    expect(orgRequests(w)[1]!.body.select.attributes).toEqual(["id", "industry"]);
  });

  it("sends one request per 1,000 unique organizations", () => {
    const w = formulaWorld();
    const rows = Array.from({ length: 2500 }, (_, i) => [`org${i % 2100}.example`]);
    orgAttr(w.env, rows, "name");
    expect(orgRequests(w).map((r) => r.body.organizations.length)).toEqual([1000, 1000, 100]);
  });

  it("names the bad attribute and the valid ones before any request", () => {
    const w = formulaWorld();
    expect(() => orgAttr(w.env, "acme.com", "employees")).toThrow(
      /^Unknown attribute "employees" in "attributes"\. Did you mean "employee_count"\? Use one of: id, slug, name, url, service_url, industry/,
    );
    expect(w.service.requests).toHaveLength(0);
  });

  it("charges the spend guard and stops when the kill switch is on", () => {
    const w = formulaWorld({ killSwitch: true, dailyCap: null });
    expect(() => orgAttr(w.env, "acme.com", "employee_count")).toThrow(
      "Enrichment formulas are paused (kill switch in Settings). No credits were spent.",
    );
    expect(w.service.requests).toHaveLength(0);
  });

  it("refuses a formula that could pass the daily cap", () => {
    const w = formulaWorld({ killSwitch: false, dailyCap: 3 });
    expect(orgAttr(w.env, "acme.com", "employee_count")).toBe(120);
    expect(() => orgAttr(w.env, [["globex.com"], ["münchen.de"]], "employee_count")).toThrow(
      "The daily formula cap of 3 credits would be passed: 2 credits spent today, and this formula could cost up to 4 credits. No credits were spent. Raise the cap in Settings or try again tomorrow.",
    );
  });

  it("keeps what a paid request returned when the service then fails", () => {
    const w = formulaWorld();
    w.service.failNext = [0, 401];
    const rows = Array.from({ length: 1500 }, (_, i) => [i === 0 ? "acme.com" : `org${i}.example`]);
    expect(() => orgAttr(w.env, rows, "employee_count")).toThrow(/rejected the API key/);
    w.service.requests.length = 0;
    expect(orgAttr(w.env, "acme.com", "employee_count")).toBe(120);
    expect(w.service.requests).toHaveLength(0);
  });
});

describe("TECH_COUNT and ORG_METRIC", () => {
  it("resolves technology names once and answers a matrix", () => {
    const w = formulaWorld();
    const out = techCount(w.env, [["acme.com"], ["globex.com"]], [["K8s", "react"]]);
    expect(out).toEqual([
      [1 * 10 + "kubernetes".length, 1 * 10 + "react".length],
      [2 * 10 + "kubernetes".length, 2 * 10 + "react".length],
    ]);
    expect(w.service.requests.map((r) => r.path)).toEqual(["/v9/technologies/lookup", "/v9/organizations"]);
    expect(orgRequests(w)[0]!.body.select.entities).toEqual([
      { type: "technology", term: "kubernetes", metrics: ["job_post_count"] },
      { type: "technology", term: "react", metrics: ["job_post_count"] },
    ]);
    techCount(w.env, [["acme.com"]], "k8s");
    expect(w.service.requests).toHaveLength(2);
  });

  it("rejects an unknown technology, metric or type with the valid values", () => {
    const w = formulaWorld();
    expect(() => techCount(w.env, "acme.com", "cobolfusion")).toThrow(
      'Unknown technology "cobolfusion". Check the spelling, or try =TECH_SLUG("cobolfusion").',
    );
    expect(() => techCount(w.env, "acme.com", "react", "job_posts")).toThrow(
      'Unknown metric "job_posts" for technology. Use one of: job_post_count, job_post_count_no_rollup, job_post_used_count, team_count, team_count_no_rollup, people_count, people_count_no_rollup, job_post_count_growth_1y.',
    );
    expect(() => orgMetric(w.env, "acme.com", "skills", "x")).toThrow(
      'Unknown type "skills". Use one of: technology, job_function, advanced_query, technology_category.',
    );
    expect(() => techCount(w.env, "acme.com", "react", "", "last year")).toThrow(
      '"since" must be a date or text like 2025-01-31; got "last year".',
    );
    expect(orgRequests(w)).toHaveLength(0);
  });

  it("passes since and job-function terms through", () => {
    const w = formulaWorld();
    orgMetric(
      w.env,
      "acme.com",
      "job_function",
      "Data Science",
      "people_count",
      new Date(Date.UTC(2025, 0, 31)),
    );
    expect(orgRequests(w)[0]!.body.select.entities).toEqual([
      { type: "job_function", term: "Data Science", metrics: ["people_count"], since: "2025-01-31" },
    ]);
  });
});

describe("JOB_FUNCTION, JOB_LEVEL and TECH_SLUG", () => {
  it("look each distinct text up once and cache it", () => {
    const w = formulaWorld();
    expect(jobFunction(w.env, [["Senior Engineer"], ["Florist"], ["senior engineer"], [""]])).toEqual([
      ["Engineering"],
      [""],
      ["Engineering"],
      [""],
    ]);
    expect(jobLevel(w.env, "Senior Engineer")).toBe("Senior");
    expect(w.service.requests).toHaveLength(1);
    expect(techSlug(w.env, [["K8s", "nonsense"]])).toEqual([["kubernetes", ""]]);
  });
});

describe("bad input never spends a credit", () => {
  const date = new Date(Date.UTC(2024, 0, 1));
  // [what, input, expected output of ORG_ATTR(input, "name")]
  const table: [string, unknown, unknown][] = [
    ["an empty cell", "", ""],
    ["whitespace", "   ", ""],
    ["zero", 0, { error: "0 is not an organization id." }],
    ["a negative number", -5, { error: "-5 is not an organization id (ids are positive whole numbers)." }],
    ["a fraction", 1.5, { error: "1.5 is not an organization id (ids are whole numbers)." }],
    ["a number too large", 1e21, { error: "1e+21 is too large for an organization id." }],
    ["TRUE", true, { error: "TRUE/FALSE is not an organization." }],
    ["FALSE", false, { error: "TRUE/FALSE is not an organization." }],
    ["a date", date, { error: "A date is not an organization." }],
    ["#N/A from another cell", "#N/A", { error: "The cell holds the error #N/A." }],
    ["#REF! from another cell", "#REF!", { error: "The cell holds the error #REF!." }],
    ["#DIV/0! from another cell", "#DIV/0!", { error: "The cell holds the error #DIV/0!." }],
    ["a very long string", "a".repeat(501), { error: "Text longer than 500 characters is not looked up." }],
    ["an id as a number", 2, "Globex"],
    ["an id as digits", "2", "Globex"],
    ["digits with spaces", " 2 ", "Globex"],
    ["an e-mail", "Jane.Doe@ACME.com", "Acme"],
    ["a URL with path, query and fragment", "https://www.acme.com/about?x=1#top", "Acme"],
    ["a URL with a port", "http://acme.com:8080/x", "Acme"],
    ["www. and capitals", "www.Globex.com", "Globex"],
    ["a trailing dot", "acme.com.", "Acme"],
    ["an IDN", "münchen.de", "Stadtwerke München"],
    ["an unknown domain", "nobody.example", ""],
    ["a name", "Acme", "Acme"],
  ];

  it.each(table)("%s", (_what, input, expected) => {
    const w = formulaWorld();
    if (expected && typeof expected === "object") {
      expect(() => orgAttr(w.env, input, "name")).toThrow((expected as { error: string }).error);
      expect(w.service.requests).toHaveLength(0);
    } else {
      expect(orgAttr(w.env, input, "name")).toBe(expected);
      if (expected === "" && String(input).trim() === "") expect(w.service.requests).toHaveLength(0);
    }
  });

  it("a 2-D range of mixed types answers row by row and sends only the valid ones", () => {
    const w = formulaWorld();
    const out = orgAttr(
      w.env,
      [
        ["acme.com", true],
        ["", "#N/A"],
        [2, date],
      ],
      "name",
    );
    expect(out).toEqual([
      ["Acme", "TRUE/FALSE is not an organization."],
      ["", "The cell holds the error #N/A."],
      ["Globex", "A date is not an organization."],
    ]);
    expect(orgRequests(w)[0]!.body.organizations).toEqual([{ url: "acme.com" }, { id: 2 }]);
  });

  it("a 1×N range answers one row", () => {
    const w = formulaWorld();
    expect(orgAttr(w.env, [["acme.com", "globex.com"]], "name")).toEqual([["Acme", "Globex"]]);
  });

  it("a range of attribute names that is 2-D is refused", () => {
    const w = formulaWorld();
    expect(() =>
      orgAttr(w.env, "acme.com", [
        ["name", "industry"],
        ["tags", "url"],
      ]),
    ).toThrow(
      '"attributes" must be one name, a comma-separated list, or one row or one column of names; got a range of 2 rows × 2 columns.',
    );
  });
});
