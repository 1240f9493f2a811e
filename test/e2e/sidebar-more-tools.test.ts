// The More tab's server functions through the built bundle against the emulator: the brief estimate for
// a selection and the briefs read back from their sheet, the tech stack into a sheet, data-quality and
// support messages confirmed with the service's reply, the log shortcut, and every refusal.
import { describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { hasEnoughDataForBrief } from "../../emulator/organizations/brief.ts";
import { call } from "../../emulator/testing.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { NOTHING_LOGGED_MESSAGE } from "../../src/server/more/shortcuts.ts";
import { HEADER_ROW_MESSAGE } from "../../src/server/more/support.ts";
import { EVIDENCE, TECH_STACK_HEADER, USED } from "../../src/server/more/tech-stack.ts";
import { failure, jobsWorld, ledgerTotal, logRows, run } from "./bulk-world.ts";

describe("intelligence briefs from the More tab", () => {
  it("estimates the selected organizations at 50 each, then shows the finished brief from its sheet", async () => {
    const { gas, emulator } = await jobsWorld();
    const rich = emulator.dataset.orgs.filter((o) => hasEnoughDataForBrief(emulator.dataset, o)).slice(0, 2);
    gas.sheet("Sheet1").set("A1", [["Organization id"], [rich[0]!.id], [true], [rich[1]!.id], [rich[0]!.id]]);
    const estimate = run<{ organizationIds: number[]; skipped: number; credits: number; message: string }>(
      gas,
      "estimateBriefSelection",
      { selection: { sheetName: "Sheet1", range: "A1:A5" } },
    );
    expect(estimate).toEqual({
      organizationIds: [rich[0]!.id, rich[1]!.id],
      match: [],
      skipped: 1,
      credits: 100,
      message: "Up to 100 credits · 2 briefs × 50",
    });
    expect(gas.fetches).toEqual([]);
    expect(run(gas, "listBriefs")).toEqual([]);

    const { status } = run<{ status: JobStatus }>(gas, "requestBriefs", {
      organizationIds: estimate.organizationIds,
    });
    let polled = run<JobStatus[]>(gas, "pollJobs").find((job) => job.jobId === status.jobId)!;
    for (let i = 0; i < 5 && polled.state !== "done"; i++) {
      gas.clock.advance("5s");
      polled = run<JobStatus[]>(gas, "pollJobs").find((job) => job.jobId === status.jobId)!;
    }
    expect(polled).toMatchObject({ state: "done", creditsSpent: 100 });
    const briefs = run<{ row: number; organizationId: number; title: string }[]>(gas, "listBriefs");
    expect(briefs.map((b) => b.row)).toEqual([3, 2]);
    const shown = run<{ title: string; body: string; link: string; organizationId: number }>(
      gas,
      "getBrief",
      {
        row: briefs[0]!.row,
      },
    );
    expect(shown.organizationId).toBe(briefs[0]!.organizationId);
    expect(shown.title).toBe(briefs[0]!.title);
    // The sheet holds the brief as readable text (src/core/text/brief-text.ts): headings as their words, no
    // marks; the sidebar is given the Markdown its cell's note keeps, to show it formatted.
    const cell = gas.sheet("Briefs").cell(`C${briefs[0]!.row}`);
    expect(String(cell.value).split("\n")[0]).toBe(shown.title);
    expect(String(cell.value)).not.toMatch(/^#{1,6} |\*\*|\]\(/m);
    expect(shown.body).toBe(cell.note);
    expect(shown.body).toMatch(/^## What's the Angle$/m);
    expect(shown.link).toMatch(/^https:\/\//);
    expect(ledgerTotal(emulator)).toBe(100);
  });

  it.each([
    [
      "estimateBriefSelection",
      [{}],
      'Select a column of cells first (selection must be {sheetName: "Sheet1", range: "A2:A50"}).',
    ],
    [
      "estimateBriefSelection",
      [{ selection: { sheetName: "Sheet1", range: "A1:A2" } }],
      "Sheet1!A1:A2 names no organization. Briefs need organization ids, domains, web addresses, e-mails or names.",
    ],
    [
      "getBrief",
      [{ row: 2 }],
      'There is no brief on row 2 of the "Briefs" sheet. Pick one from the list of briefs.',
    ],
    [
      "getBrief",
      [{ row: "two" }],
      'There is no brief on row "two" of the "Briefs" sheet. Pick one from the list of briefs.',
    ],
    ["getBrief", [7], "Send {row}."],
  ])("%s refuses %j with the sentence the sidebar shows", async (name, args, message) => {
    const { gas } = await jobsWorld();
    gas.sheet("Sheet1").set("A1", [["Domain"], [true]]);
    expect(failure(gas, name, ...args)).toBe(message);
    expect(gas.fetches).toEqual([]);
  });

  it("matches domains and names to ids first (priced in the estimate), and asks for briefs of those found", async () => {
    const { gas, emulator } = await jobsWorld();
    const [a, b] = emulator.dataset.orgs;
    gas
      .sheet("Sheet1")
      .set("A1", [["Website"], [b!.id], [`https://${a!.domain}`], ["no-such-org.example"], [false]]);
    const estimate = run<{ organizationIds: number[]; match: string[]; skipped: number; message: string }>(
      gas,
      "estimateBriefSelection",
      { selection: { sheetName: "Sheet1", range: "A1:A5" } },
    );
    expect(estimate).toMatchObject({
      organizationIds: [b!.id],
      match: [a!.domain, "no-such-org.example"],
      skipped: 1,
      message: "Up to 152 credits · 3 briefs × 50 + 2 to match 2 domains or names",
    });
    expect(gas.fetches).toEqual([]);
    const requested = run<{ status: { jobId: string }; matched: unknown }>(gas, "requestBriefs", {
      organizationIds: estimate.organizationIds,
      match: estimate.match,
    });
    expect(requested.matched).toEqual({ found: 1, notFound: 1, creditsUsed: 1 });
    expect(ledgerTotal(emulator)).toBe(1);
    const job = run<JobStatus>(gas, "getJobStatus", requested.status.jobId);
    // b by id and a by its domain; the one not found is left out.
    expect(job.title).toBe("2 organizations");
    expect(logRows(gas).at(-1)?.slice(1, 4)).toEqual([
      "Find the ids of 2 organizations for intelligence briefs",
      2,
      1,
    ]);
  });

  it("asks for no brief when no domain or name matches, and says the match cost nothing", async () => {
    const { gas, emulator } = await jobsWorld();
    expect(failure(gas, "requestBriefs", { match: ["no-such-org.example"] })).toBe(
      "None of the domains or names matched an organization, so no brief was asked for. Not finding them cost nothing.",
    );
    expect(ledgerTotal(emulator)).toBe(0);
    expect(run<unknown[]>(gas, "listJobs")).toEqual([]);
  });

  it("refuses more briefs than a batch takes, with the bulk engine's own sentence", async () => {
    const { gas } = await jobsWorld();
    gas.sheet("Sheet1").set(
      "A1",
      Array.from({ length: 51 }, (_v, i) => [100_000 + i]),
    );
    expect(
      failure(gas, "estimateBriefSelection", { selection: { sheetName: "Sheet1", range: "A1:A51" } }),
    ).toBe("Ask for at most 50 briefs at a time; got 51.");
  });
});

describe("tech stack", () => {
  it("takes a domain, matched to its id first for 1 credit, and refuses one that matches nothing for free", async () => {
    const { gas, emulator } = await jobsWorld();
    const org = emulator.dataset.orgs[0]!;
    const result = run<{ creditsUsed: number; message: string }>(gas, "importTechStack", {
      organization: `sales@${org.domain}`,
    });
    expect(result.creditsUsed).toBe(2);
    expect(ledgerTotal(emulator)).toBe(2);
    expect(failure(gas, "importTechStack", { organization: "no-such-org.example" })).toBe(
      'No organization matches "no-such-org.example", so nothing else was asked. Not finding it cost nothing.',
    );
    expect(ledgerTotal(emulator)).toBe(2);
    expect(failure(gas, "importTechStack", { organization: true })).toBe(
      "Choose an organization: an id, a domain, a web address, an e-mail or a name (organization; got true).",
    );
  });

  it("writes business function, category and technology rows with job-post counts, for 1 credit", async () => {
    const { gas, emulator } = await jobsWorld();
    const org = [...emulator.dataset.orgs].sort((a, b) => b.employeeCount - a.employeeCount)[0]!;
    const result = run<{ sheetName: string; rows: number; creditsUsed: number; message: string }>(
      gas,
      "importTechStack",
      { organizationId: org.id },
    );
    expect(result.sheetName).toBe(`Tech stack - ${org.slug}`);
    expect(result.creditsUsed).toBe(1);
    const rows = gas.sheet(result.sheetName).values();
    expect(rows[0]).toEqual(TECH_STACK_HEADER);
    expect(rows.length).toBe(result.rows + 1);
    const used = rows.slice(1).filter((row) => row[6] === USED);
    expect(used.length).toBeGreaterThan(0);
    expect(used.every((row) => typeof row[4] === "number" && row[2] !== "" && row[3] !== "")).toBe(true);
    expect(rows.slice(1).every((row) => row[6] === USED || row[6] === EVIDENCE)).toBe(true);
    expect(logRows(gas).map((row) => [row[1], row[3]])).toEqual([[`Tech stack of ${org.slug}`, 1]]);
  });

  it("refuses a missing organization id", async () => {
    const { gas } = await jobsWorld();
    expect(failure(gas, "importTechStack", {})).toBe(
      "Choose an organization (organizationId must be a positive whole number; got nothing).",
    );
  });
});

describe("support", () => {
  it("prefills a report from the selected row and sends it to the data team, free", async () => {
    const { gas, emulator } = await jobsWorld();
    gas.sheet("Sheet1").set("A1", [
      ["Name", "Organization id", "Employees", "Link"],
      ["Acme", 100003, 12, "https://app.example/org/1"],
    ]);
    gas.select("C2");
    const context = run(gas, "getSupportContext");
    expect(context).toEqual({
      sheetName: "Sheet1",
      row: 2,
      organizationId: 100003,
      personId: null,
      details: ["Name: Acme", "Organization id: 100003", "Employees: 12", "Link: https://app.example/org/1"],
      url: "https://app.example/org/1",
    });
    const reply = run(gas, "sendDataQualityReport", {
      message: "Employees is 1,200, not 12.",
      url: "https://app.example/org/1",
      pageTitle: "Sheet1 row 2",
    });
    expect(reply).toEqual({
      reply:
        "Thanks, your data quality report was sent to the data team. We will reply to your account e-mail.",
    });
    expect(run(gas, "sendSupportRequest", { message: "How do I add a seat?" })).toEqual({
      reply: "Thanks, your support request was received. We will reply to your account e-mail.",
    });
    const reports = call(emulator, "GET", "/__admin/support", { query: { api_key: [DEMO_API_KEY] } }).body
      .reports;
    expect(
      reports.map((r: { kind: string; message: string; page_title: string | null }) => [
        r.kind,
        r.message,
        r.page_title,
      ]),
    ).toEqual([
      ["data_quality", "Employees is 1,200, not 12.", "Sheet1 row 2"],
      ["support", "How do I add a seat?", null],
    ]);
    expect(ledgerTotal(emulator)).toBe(0);
  });

  it("asks for a data row when the header row is selected", async () => {
    const { gas } = await jobsWorld();
    gas.sheet("Sheet1").set("A1", [["Name"], ["Acme"]]);
    gas.select("A1");
    expect(failure(gas, "getSupportContext")).toBe(HEADER_ROW_MESSAGE);
    expect(HEADER_ROW_MESSAGE).toBe(
      "Select a cell in the row with the wrong data; row 1 holds the column names the report quotes.",
    );
  });

  it("finds a person id by its header", async () => {
    const { gas } = await jobsWorld();
    gas.sheet("Sheet1").set("A1", [
      ["person_id", "Name"],
      [100050003, "Yuki"],
    ]);
    gas.select("B2");
    expect(run(gas, "getSupportContext")).toMatchObject({ organizationId: null, personId: 100050003 });
  });

  it.each([
    ["sendDataQualityReport", [{ message: "  " }], "Write what is wrong or what you need first (message)."],
    [
      "sendDataQualityReport",
      [{ message: "x".repeat(5001) }],
      "Keep the message to 5,000 characters; it has 5,001.",
    ],
    [
      "sendDataQualityReport",
      [{ message: "wrong", url: "javascript:alert(1)" }],
      'The link must be a web address starting with https://; got "javascript:alert(1)".',
    ],
    [
      "sendDataQualityReport",
      [{ message: "wrong", url: `https://a.com/${"p".repeat(2048)}` }],
      "The link can have at most 2,048 characters.",
    ],
    ["sendSupportRequest", [null], "Send {message, url?}."],
    ["sendSupportRequest", [{}], "Write what is wrong or what you need first (message)."],
  ])("%s refuses %j with the sentence the sidebar shows, sending nothing", async (name, args, message) => {
    const { gas } = await jobsWorld();
    expect(failure(gas, name, ...args)).toBe(message);
    expect(gas.fetches).toEqual([]);
  });
});

describe("the enrichment log and prices", () => {
  it("shows the log sheet once there is one, and says when there is none yet", async () => {
    const { gas } = await jobsWorld();
    expect(failure(gas, "openEnrichmentLog")).toBe(NOTHING_LOGGED_MESSAGE);
    run(gas, "getContactLists");
    expect(gas.cell("A1").value).toBe("");
    expect(run(gas, "openEnrichmentLog")).toEqual({ sheetName: "Enrichment log" });
    expect(gas.cell("A1").value).toBe("Time (UTC)");
  });

  it("gives the prices and limits the screens word their estimates with", async () => {
    const { gas } = await jobsWorld();
    expect(run(gas, "getSidebarPrices")).toEqual({
      listItem: 1,
      signal: 1,
      prioritySignal: 1,
      brief: 50,
      techStack: 1,
      organizationMatch: 1,
      maxFeedSignals: 10_100,
      organizationSignalsMax: 100,
      signalsPerPage: 100,
      signalsWindowDays: 30,
      prioritySignalsDefault: 20,
      prioritySignalsMax: 100,
      maxBriefs: 50,
      listsReadBefore: { organization: null, contact: null },
    });
  });

  it("remembers how many lists the last read found, as the next read's bound (issue 41 point 6)", async () => {
    const { gas } = await jobsWorld();
    const organizations = run(gas, "getOrganizationLists", { includeDeleted: false }) as { lists: unknown[] };
    const contacts = run(gas, "getContactLists") as { lists: unknown[] };
    expect(organizations.lists.length).toBeGreaterThan(0);
    expect((run(gas, "getSidebarPrices") as { listsReadBefore: unknown }).listsReadBefore).toEqual({
      organization: organizations.lists.length,
      contact: contacts.lists.length,
    });
  });
});
