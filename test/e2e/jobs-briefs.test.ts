// Intelligence briefs end to end: pending re-polled, completed written, "not enough data" free.
import { describe, expect, it } from "vitest";
import type { EmulatorRequest, EmulatorResponse } from "../../emulator/index.ts";
import { hasEnoughDataForBrief } from "../../emulator/organizations/brief.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import { addFault, failure, jobsWorld, ledger, ledgerTotal, loggedCredits, run } from "./bulk-world.ts";

/**
 * The emulator's brief is ready exactly when its Retry-After says. A real brief can take longer than the
 * first hint: this answers the second poll of each brief with another 202, as the service would.
 */
function slowGeneration() {
  const polls = new Map<string, number>();
  const first = new Map<string, EmulatorResponse>();
  return (request: EmulatorRequest, emulator: (r: EmulatorRequest) => EmulatorResponse): EmulatorResponse => {
    if (!request.path.endsWith("/intelligence-brief")) return emulator(request);
    const n = (polls.get(request.path) ?? 0) + 1;
    polls.set(request.path, n);
    if (n === 2 && first.get(request.path)?.status === 202) {
      return {
        ...first.get(request.path)!,
        headers: { ...first.get(request.path)!.headers, "retry-after": "3" },
      };
    }
    const response = emulator(request);
    if (n === 1) first.set(request.path, response);
    return response;
  };
}

describe("intelligence briefs", () => {
  it("re-polls a brief that is pending twice, writes it when ready, and notes one without enough data for free", async () => {
    const world = await jobsWorld({ intercept: slowGeneration() });
    const { gas, emulator } = world;
    const rich = emulator.dataset.orgs.find((o) => hasEnoughDataForBrief(emulator.dataset, o))!;
    const thin = emulator.dataset.orgs.find((o) => !hasEnoughDataForBrief(emulator.dataset, o))!;
    const { status, estimate } = run<{ status: JobStatus; estimate: { credits: number } }>(
      gas,
      "requestBriefs",
      {
        organizationIds: [rich.id, String(thin.id)],
      },
    );
    expect(estimate.credits).toBe(100);
    expect(status).toMatchObject({ kind: "briefs", state: "queued", rowsDone: 0, rowsTotal: 2 });

    const [done] = run<JobStatus[]>(gas, "pollJobs");
    expect(done).toMatchObject({ state: "done", rowsDone: 2, creditsSpent: 50, sheetName: "Briefs" });
    expect(done!.message).toBe('Done: 1 brief written to "Briefs"; 1 had not enough data (free).');
    expect(done!.errors).toEqual([
      `Organization ${thin.id}: Unfortunately, we don't have enough information for ${thin.name} to generate an intelligence brief.`,
    ]);
    const answers = gas.fetches
      .filter((f) => f.url.includes(`/organizations/${rich.id}/`))
      .map((f) => f.status);
    expect(answers).toEqual([202, 202, 200]);

    const rows = gas.sheet("Briefs").values();
    expect(rows[0]).toEqual(["Organization id", "Title", "Brief", "Link"]);
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toBe(rich.id);
    expect(rows[1]![1]).toBe(`${rich.name} intelligence brief`);
    // Readable text, not Markdown: headings as their words, bullets, the link's address kept beside its words.
    const body = String(rows[1]![2]);
    expect(
      body.startsWith(
        `${rich.name} intelligence brief\n\nThis brief is also available in the web app (${rich.serviceUrl}/overview?intelligence_brief=1)\n\nWhat's the Angle\n\n`,
      ),
    ).toBe(true);
    expect(body).toContain("\n\nWho To Contact First\n\n• ");
    expect(body).not.toMatch(/^#|\*\*|\]\(|^- /m);
    expect(rows[1]![3]).toBe(`${rich.serviceUrl}/overview?intelligence_brief=1`);
    // The link's words are a real link in the cell (a Rich Text value over the same text), and nothing else is.
    const before = `${rich.name} intelligence brief\n\nThis brief is also `;
    expect(gas.sheet("Briefs").cell("C2").links).toEqual([
      {
        start: before.length,
        end: before.length + "available in the web app".length,
        url: `${rich.serviceUrl}/overview?intelligence_brief=1`,
      },
    ]);
    expect(gas.sheet("Briefs").cell("C2").value).toBe(body);
    // The Markdown stays in the cell's note, where the sidebar reads it to show the brief formatted; the
    // note cleared, the sidebar shows the cell's text.
    const note = gas.sheet("Briefs").cell("C2").note;
    expect(
      note.startsWith(`${rich.name} intelligence brief\n\nThis brief is also [available in the web app](`),
    ).toBe(true);
    expect(note).toMatch(/^## What's the Angle$/m);
    expect(run<{ body: string }>(gas, "getBrief", { row: 2 }).body).toBe(note);
    gas.sheet("Briefs").setNote("C2", "");
    expect(run<{ body: string }>(gas, "getBrief", { row: 2 }).body).toBe(body);
    expect(ledger(emulator)).toHaveLength(1);
    expect(ledgerTotal(emulator)).toBe(50);
    expect(loggedCredits(gas)).toBe(50);
  });

  it("waits for a long Retry-After in a later execution rather than sleeping through it", async () => {
    const world = await jobsWorld({ mode: "bound", emulator: { briefRetryAfterSeconds: 120 } });
    const { gas, emulator } = world;
    const rich = emulator.dataset.orgs.find((o) => hasEnoughDataForBrief(emulator.dataset, o))!;
    const { status } = run<{ status: JobStatus }>(gas, "requestBriefs", { organizationIds: [rich.id] });
    const briefCalls = () => gas.fetches.filter((f) => f.url.includes("/intelligence-brief"));
    const [waiting] = run<JobStatus[]>(gas, "pollJobs");
    expect(waiting).toMatchObject({ state: "waiting", rowsDone: 0 });
    expect(waiting!.message).toBe('0 briefs written to "Briefs"; 1 brief still being generated.');
    const asked = briefCalls();
    expect(asked.map((f) => f.status)).toEqual([202]);
    // The execution that got the 202 did not sleep through the 120 s: it ended well inside a minute.
    const pollExecution = gas.executions.find((e) => e.id === asked[0]!.executionId)!;
    expect(pollExecution.end - pollExecution.start).toBeLessThan(60_000);
    // A poll 90 s later asks again no sooner than the Retry-After allows, and gets the brief.
    gas.clock.advance("90s");
    run(gas, "pollJobs");
    expect(briefCalls().map((f) => f.status)).toEqual([202, 200]);
    expect(briefCalls()[1]!.start - asked[0]!.start).toBeGreaterThanOrEqual(120_000);
    expect(run(gas, "getJobStatus", status.jobId)).toMatchObject({ state: "done", creditsSpent: 50 });
    expect(gas.sheet("Briefs").values()).toHaveLength(2);
  });

  it("never asks again for a brief whose paid answer was lost, and logs it as possibly charged", async () => {
    const world = await jobsWorld({ mode: "bound", emulator: { briefRetryAfterSeconds: 120 } });
    const { gas, emulator } = world;
    const rich = emulator.dataset.orgs.find((o) => hasEnoughDataForBrief(emulator.dataset, o))!;
    const { status } = run<{ status: JobStatus }>(gas, "requestBriefs", { organizationIds: [rich.id] });
    run(gas, "pollJobs");
    // The brief is ready; the service serves and charges it, but the answer arrives cut in half.
    addFault(emulator, { path: "/v9/organizations/*/intelligence-brief", count: 1, body: "truncated" });
    gas.clock.advance("3m");
    run(gas, "pollJobs");
    gas.clock.advance("10m");
    run(gas, "pollJobs");
    const briefCalls = gas.fetches.filter((f) => f.url.includes("/intelligence-brief"));
    expect(briefCalls.map((f) => f.status)).toEqual([202, 200]);
    expect(ledgerTotal(emulator)).toBe(50);
    expect(loggedCredits(gas)).toBe(50);
    const final = run<JobStatus>(gas, "getJobStatus", status.jobId);
    expect(final).toMatchObject({ state: "done", creditsSpent: 0 });
    expect(final.message).toBe(
      'Done: 0 briefs written to "Briefs"; 1 brief lost after the request went out (up to 50 credits possibly charged; not asked for again).',
    );
  });

  it("refuses malformed requests with exact messages", async () => {
    const { gas } = await jobsWorld();
    expect(failure(gas, "requestBriefs", null)).toBe(
      "Choose at least one organization for a brief (organizationIds).",
    );
    expect(failure(gas, "requestBriefs", { organizationIds: ["acme.com"] })).toBe(
      'Organization ids must be positive whole numbers; got "acme.com".',
    );
    expect(
      failure(gas, "requestBriefs", { organizationIds: Array.from({ length: 51 }, (_v, i) => i + 1) }),
    ).toBe("Ask for at most 50 briefs at a time; got 51.");
    expect(gas.fetches).toEqual([]);
  });
});
