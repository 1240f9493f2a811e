// Work belongs to the spreadsheet it was started in (issue 38, case 1): File ▸ Make a copy carries the
// hidden jobs sheet, and what it carries runs on nobody's key, in neither file's trigger, until a person
// resumes it in the copy; then it is the copy's, with counters of its own.
import { describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/index.ts";
import { hasEnoughDataForBrief } from "../../emulator/organizations/brief.ts";
import type { Harness } from "../../harness/index.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import { domains, FIELDS, failure, jobsWorld, ledgerTotal, logRows, run, UNIT } from "./bulk-world.ts";

const PUBLISHED = { DEPLOYMENT: "addon" };

/** The log as [action, rows, credits]. */
function logged(gas: Harness): Array<[string, number, number]> {
  return logRows(gas).map((row) => [String(row[1]), Number(row[2]), Number(row[3])]);
}

function statusOf(gas: Harness, jobId: string): JobStatus {
  const found = run<JobStatus[]>(gas, "pollJobs").find((s) => s.jobId === jobId);
  if (!found) throw new Error(`job ${jobId} is not listed`);
  return found;
}

describe("work copied with its spreadsheet", () => {
  it("an hourly rule runs only in its own file: 24 runs a day, not 48, until the copy resumes it", async () => {
    const world = await jobsWorld({ mode: "addon", orgs: 100, scriptProperties: PUBLISHED });
    const { gas, emulator } = world;
    const original = gas.spreadsheetId;
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 10).map((d) => [d])]);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A11", fields: FIELDS });
    expect(statusOf(gas, job.jobId).state).toBe("done");
    const rule = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "hourly" });

    const copy = gas.copySpreadsheet(original, { name: "Leads (mine)" });
    gas.clock.advance("1h");
    // An hour on, with the copied rule due, the owner's sidebar in the copy polls; the day goes on.
    gas.useSpreadsheet(copy);
    run(gas, "pollJobs");
    gas.clock.advance("23h");
    // The original's rule ran 24 times; the copy's not at all.
    expect(ledgerTotal(emulator)).toBe(10 * UNIT + 24 * 10 * UNIT);
    expect(logged(gas)).toEqual([["Enrich Sheet1!A2:A11", 10, 30]]);
    expect(rule.copiedFrom).toBeNull();
    // It is listed as copied, and spends nothing until resumed here.
    const [copied] = run<RuleView[]>(gas, "listRefreshRules");
    expect(copied).toMatchObject({ ruleId: rule.ruleId, copiedFrom: "Untitled spreadsheet" });
    expect(failure(gas, "refreshNow", rule.ruleId)).toBe(
      'This scheduled refresh was copied from "Untitled spreadsheet": it does not run in this copy. Press Resume here first; it then runs on your key.',
    );
    gas.useSpreadsheet(original);
    expect(logged(gas)).toEqual([
      ["Enrich Sheet1!A2:A11", 10, 30],
      ...Array.from({ length: 24 }, () => ["Refresh Sheet1!A2:A11", 10, 30]),
    ]);

    // Resumed in the copy: from then on it is the copy's rule, with its own figures, on its own schedule.
    gas.useSpreadsheet(copy);
    const resumed = run<RuleView>(gas, "updateRefreshRule", { ruleId: rule.ruleId, resumeHere: true });
    expect(resumed).toMatchObject({ copiedFrom: null, lastCredits: null, lastResult: null, lastRun: null });
    gas.clock.advance("1h");
    expect(ledgerTotal(emulator)).toBe(10 * UNIT + 26 * 10 * UNIT);
    expect(logged(gas)).toEqual([
      ["Enrich Sheet1!A2:A11", 10, 30],
      ["Refresh Sheet1!A2:A11", 10, 30],
    ]);
    expect(run<RuleView[]>(gas, "listRefreshRules")[0]).toMatchObject({ copiedFrom: null, lastCredits: 30 });
  });

  it("a 5,000-row run copied after 3,000 rows: 15,000 credits, and the copy buys its 2,000 only when resumed there", async () => {
    const world = await jobsWorld({
      mode: "addon",
      orgs: 6_000,
      scriptProperties: PUBLISHED,
      emulator: { demoCredits: 9_000 },
    });
    const { gas, emulator } = world;
    const original = gas.spreadsheetId;
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 5_000).map((d) => [d])]);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A5001", fields: FIELDS });
    // 9,000 credits buy the first 3,000 rows; the owner tops up and resumes.
    expect(statusOf(gas, job.jobId)).toMatchObject({ state: "out_of_credits", rowsDone: 3_000 });
    expect(ledgerTotal(emulator)).toBe(9_000);
    emulator.accounts.get(DEMO_API_KEY)!.credits += 1_000_000;
    expect(run(gas, "resumeJob", job.jobId).state).toBe("queued");
    const originalLog = logged(gas);
    expect(originalLog).toEqual([["Enrich Sheet1!A2:A5001", 3_000, 9_000]]);

    // Copied before any execution took the run up again: queued in both files.
    const copy = gas.copySpreadsheet(original);
    gas.useSpreadsheet(copy);
    const inCopy = statusOf(gas, job.jobId);
    expect(ledgerTotal(emulator)).toBe(9_000);
    expect(inCopy).toMatchObject({
      state: "stopped",
      rowsDone: 3_000,
      creditsSpent: 0,
      canResume: true,
      resumeCredits: 6_000,
      message:
        'Copied from "Untitled spreadsheet": resume here? It does not run in this copy until someone resumes it. Going on here costs up to 6,000 credits (up to 2,000 rows × 3 credits), on the key of whoever resumes it.',
    });

    // The original finishes on its owner's trigger; the copy is not in the trigger's list.
    gas.clock.advance("2h");
    expect(ledgerTotal(emulator)).toBe(5_000 * UNIT);
    gas.useSpreadsheet(original);
    expect(statusOf(gas, job.jobId)).toMatchObject({ state: "done", creditsSpent: 15_000 });
    expect(logged(gas)).toEqual([...originalLog, ["Enrich Sheet1!A2:A5001", 2_000, 6_000]]);
    gas.useSpreadsheet(copy);
    expect(statusOf(gas, job.jobId)).toMatchObject({ state: "stopped", creditsSpent: 0 });
    expect(logged(gas)).toEqual(originalLog);

    // Resumed in the copy: it buys the copy's 2,000 rows, and the copy's log says 6,000, not 15,000.
    expect(run(gas, "resumeJob", job.jobId).state).toBe("queued");
    const done = statusOf(gas, job.jobId);
    expect(done).toMatchObject({ state: "done", rowsDone: 5_000, creditsSpent: 6_000 });
    expect(ledgerTotal(emulator)).toBe(5_000 * UNIT + 2_000 * UNIT);
    expect(logged(gas)).toEqual([...originalLog, ["Enrich Sheet1!A2:A5001", 2_000, 6_000]]);
  });

  it("ten briefs copied while queued: bought once, by the file they were asked in (500 credits, not 1,000)", async () => {
    const world = await jobsWorld({ mode: "addon", scriptProperties: PUBLISHED });
    const { gas, emulator } = world;
    const original = gas.spreadsheetId;
    const rich = emulator.dataset.orgs.filter((o) => hasEnoughDataForBrief(emulator.dataset, o)).slice(0, 10);
    const { status } = run<{ status: JobStatus }>(gas, "requestBriefs", {
      organizationIds: rich.map((o) => o.id),
    });
    expect(status.state).toBe("queued");

    const copy = gas.copySpreadsheet(original);
    gas.useSpreadsheet(copy);
    const inCopy = statusOf(gas, status.jobId);
    expect(ledgerTotal(emulator)).toBe(0);
    expect(inCopy).toMatchObject({ state: "stopped", creditsSpent: 0, resumeCredits: 500 });
    expect(inCopy.message).toBe(
      'Copied from "Untitled spreadsheet": resume here? It does not run in this copy until someone resumes it. Going on here costs up to 500 credits (up to 10 briefs × 50 credits), on the key of whoever resumes it.',
    );

    gas.useSpreadsheet(original);
    gas.clock.advance("2h");
    expect(statusOf(gas, status.jobId)).toMatchObject({ state: "done", creditsSpent: 500 });
    expect(ledgerTotal(emulator)).toBe(500);
    expect(logged(gas).map(([, , credits]) => credits)).toEqual(Array.from({ length: 10 }, () => 50));
    gas.useSpreadsheet(copy);
    expect(statusOf(gas, status.jobId)).toMatchObject({ state: "stopped", creditsSpent: 0 });
    // Nothing was ever spent in the copy: it has no Enrichment log at all.
    expect(() => gas.sheet("Enrichment log")).toThrow(
      'No sheet named "Enrichment log"; the sheets are "Sheet1", "Enrichment jobs".',
    );
  });

  it("records an earlier version wrote without a home are adopted by the file they are in, so a later copy is caught", async () => {
    const world = await jobsWorld({ mode: "addon", orgs: 100, scriptProperties: PUBLISHED });
    const { gas, emulator } = world;
    const original = gas.spreadsheetId;
    gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, 10).map((d) => [d])]);
    const job = run(gas, "startEnrichment", { sheetName: "Sheet1", inputRange: "A2:A11", fields: FIELDS });
    expect(statusOf(gas, job.jobId).state).toBe("done");
    const rule = run<RuleView>(gas, "saveRefreshRule", { jobId: job.jobId, frequency: "hourly" });
    // As the version before homes wrote them.
    expect(rewriteRecords(gas, (record) => delete record["home"])).toEqual(2);
    expect(homes(gas)).toEqual([undefined, undefined]);

    // The owner's next poll in the file adopts them: this file is their home.
    run(gas, "pollJobs");
    const home = { id: original, name: "Untitled spreadsheet" };
    expect(homes(gas)).toEqual([home, home]);

    const copy = gas.copySpreadsheet(original);
    gas.clock.advance("1h");
    gas.useSpreadsheet(copy);
    run(gas, "pollJobs");
    gas.clock.advance("23h");
    expect(ledgerTotal(emulator)).toBe(10 * UNIT + 24 * 10 * UNIT);
    expect(run<RuleView[]>(gas, "listRefreshRules")).toMatchObject([
      { ruleId: rule.ruleId, copiedFrom: "Untitled spreadsheet" },
    ]);
    expect(logged(gas)).toEqual([["Enrich Sheet1!A2:A11", 10, 30]]);
  });
});

const JOBS_SHEET = "Enrichment jobs";

/**
 * Rewrites every job and rule record of the hidden jobs sheet (each one cell of JSON behind "v=") as an
 * earlier version wrote it.
 */
function rewriteRecords(gas: Harness, change: (record: Record<string, unknown>) => void): number {
  const rows = gas.sheet(JOBS_SHEET).values();
  let changed = 0;
  rows.forEach((row, i) => {
    const key = String(row[0]);
    if (!/^(job|rule):[^#]+$/.test(key)) return;
    const record = JSON.parse(String(row[1]).slice(2)) as Record<string, unknown>;
    change(record);
    // As an earlier version wrote it: no check beside it (a check would catch the edit as a person's).
    gas.sheet(JOBS_SHEET).set(`B${i + 1}`, [[`v=${JSON.stringify(record)}`, ""]]);
    changed++;
  });
  return changed;
}

/** The home of each job and rule record, in the sheet's order. */
function homes(gas: Harness): unknown[] {
  const found: unknown[] = [];
  rewriteRecords(gas, (record) => found.push(record["home"]));
  return found;
}
