// Issue 41: every sheet a session's writers fill (Enrich, a refresh with changes, Find, the feed, a list
// import, one organization's signals, briefs, a people search, the Enrichment log) holds no raw enum value,
// no API field name, no ISO timestamp and no Markdown; times name the spreadsheet's zone.
import { describe, expect, it } from "vitest";
import { hasEnoughDataForBrief } from "../../emulator/organizations/brief.ts";
import { call } from "../../emulator/testing.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import { domains, FIELDS, jobsWorld, run } from "./bulk-world.ts";

const ISO_TIMESTAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** A whole cell that is an API token: an enum value ("not_in_crm") or a field name ("employee_count"). */
const API_TOKEN = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
const MARKDOWN = /^#{1,6} |\*\*|\]\(|^\s*[-*+] /m;
const ENUMS = new Set(["customer", "prospect", "not_in_crm"]);

function findings(gas: Awaited<ReturnType<typeof jobsWorld>>["gas"], sheetName: string): string[] {
  const found: string[] = [];
  gas
    .sheet(sheetName)
    .cells()
    .forEach((line) => {
      for (const cell of line) {
        const text = typeof cell.value === "string" ? cell.value : "";
        const where = `${sheetName}!${cell.a1}`;
        if (ISO_TIMESTAMP.test(text)) found.push(`${where} ISO time: ${text.slice(0, 60)}`);
        if (API_TOKEN.test(text) || ENUMS.has(text)) found.push(`${where} API word: ${text}`);
        if (MARKDOWN.test(text)) found.push(`${where} Markdown: ${text.slice(0, 60)}`);
        if (ISO_TIMESTAMP.test(cell.note)) found.push(`${where} ISO time in note: ${cell.note.slice(0, 80)}`);
      }
    });
  return found;
}

describe("the sheets of a whole session", () => {
  it("say every value in words, every time in the spreadsheet's zone, no Markdown", async () => {
    const world = await jobsWorld({ orgs: 300, spreadsheetTimeZone: "America/Los_Angeles" });
    const { gas, emulator } = world;
    const orgs = emulator.dataset.orgs;
    const sheets: string[] = ["Sheet1"];
    const named = (name: string | null | undefined) => {
      if (name) sheets.push(name);
    };

    // Enrich, with an enumerated attribute, then a refresh that changes a cell.
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 20).map((d) => [d])]);
    const fields = [...FIELDS, { kind: "attribute", name: "account_status" }];
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A", fields });
    run(gas, "pollJobs");
    const rule = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "daily" });
    call(emulator, "POST", "/__admin/organizations", { body: { id: orgs[3]!.id, employee_count: 99_999 } });
    run(gas, "refreshNow", rule.ruleId);
    run(gas, "pollJobs");
    named("Changes");
    expect(gas.sheet("Sheet1").cell("C5").note).toMatch(
      /^Changed by a refresh at \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(Los Angeles\)\. Before: \d+$/,
    );

    // Find, the feed, a list import and one organization's signals.
    named(
      run<{ sheetName?: string }>(gas, "runFind", {
        kind: "organizations",
        query: "technology EQ 'python'",
        limit: 10,
        attributes: ["account_status", "employee_count"],
      }).sheetName,
    );
    named(run<{ sheetName: string }>(gas, "importSignalFeed", { maxSignals: 30 }).sheetName);
    const created = run<{ list: { id: number } }>(gas, "createOrganizationList", {
      name: "Targets",
      selection: { sheetName: "Sheet1", range: "A1:A6" },
    });
    named(run<{ sheetName: string }>(gas, "importOrganizationList", { listId: created.list.id }).sheetName);
    named(
      run<{ sheetName: string | null }>(gas, "importOrganizationSignals", {
        organization: orgs[emulator.dataset.signals()[0]!.orgIndex]!.domain,
      }).sheetName,
    );

    // Briefs and a people search, written by the job poll.
    const rich = orgs.find((o) => hasEnoughDataForBrief(emulator.dataset, o))!;
    run(gas, "requestBriefs", { organizationIds: [rich.id] });
    run(gas, "pollJobs");
    named("Briefs");
    run(gas, "startPeopleSearch", {
      filter: { organization_ids: [rich.id] },
      select: { attributes: ["name", "job_title", "current_employer"] },
      limit: 25,
      sheetName: "People",
    });
    run(gas, "pollJobs");
    named("People");
    named("Enrichment log");

    expect(gas.sheet("Enrichment log").values()[0]![0]).toBe("Time (Los Angeles)");
    expect(gas.sheet("Changes").values()[0]![0]).toBe("When (Los Angeles)");
    expect(sheets).toEqual([
      "Sheet1",
      "Changes",
      "Organizations",
      "Signals",
      "List - Targets",
      `Signals - ${orgs[emulator.dataset.signals()[0]!.orgIndex]!.name}`,
      "Briefs",
      "People",
      "Enrichment log",
    ]);
    for (const name of sheets) expect(gas.sheet(name).values().length, name).toBeGreaterThan(1);
    expect(sheets.flatMap((name) => findings(gas, name))).toEqual([]);
  });
});
