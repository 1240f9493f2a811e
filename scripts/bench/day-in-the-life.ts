// A consumer account's working day through the bundle in the harness (issue 28): formulas in three
// spreadsheets opened four times each, the sidebar open six hours watching a bulk run and a people search,
// a signal feed imported and refreshed twice, three hourly refresh rules; the daily quotas it used and
// the credits it paid against the price list's minimum. `npm run bench` runs the formula columns at 1/5
// (1,000 rows over 400 organizations a spreadsheet) for wall time; BENCH_DAY_SCALE=1 runs them whole
// (28 minutes of wall time on a loaded 2-core machine), which is where the formulas' durable cache, sized
// for about 2,000 organizations with one attribute, stops holding three attributes of 2,000.
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { call } from "../../emulator/testing.ts";
import { createClock, createHarness } from "../../harness/index.ts";
import { organizationUnitCost } from "../../src/api/pricing.ts";
import type { JobStatus } from "../../src/core/jobs/status.ts";

const BASE_URL = "http://emulator.local";
const HOUR = 3_600_000;
const POLL_MS = 3_000;
const FIELDS = [
  { kind: "attribute", name: "name" },
  { kind: "attribute", name: "employee_count" },
  { kind: "attribute", name: "industry" },
];

export interface DayOptions {
  /** Share of the formula rows and organizations (1: 5,000 rows over 2,000 organizations a spreadsheet). */
  formulaScale?: number;
}

export interface DayFigures {
  formulaRows: number;
  formulaOrganizations: number;
  /** Each daily quota's use ÷ its consumer limit. */
  quotas: Array<{ name: string; used: number; limit: number }>;
  credits: {
    charged: number;
    minimum: number;
    byActivity: Array<{ name: string; charged: number; minimum: number }>;
  };
  failed: Array<{ functionName: string; error: string | null }>;
  polls: number;
  wallSeconds: number;
}

function ledger(
  state: ReturnType<typeof createEmulatorState>,
): Array<{ credits: number; endpoint?: string }> {
  return call(state, "GET", "/__admin/ledger", { query: { api_key: [DEMO_API_KEY] } }).body.entries;
}

function charged(state: ReturnType<typeof createEmulatorState>): number {
  return ledger(state).reduce((sum, e) => sum + e.credits, 0);
}

const unit = (attributes: string[]) => organizationUnitCost({ attributes } as never).credits;

export async function runDayInTheLife(options: DayOptions = {}): Promise<DayFigures> {
  const started = performance.now();
  const scale = options.formulaScale ?? 1;
  const rows = Math.round(5_000 * scale);
  const unique = Math.round(2_000 * scale);
  const clock = createClock(Date.UTC(2026, 10, 23, 8)); // a Monday, 08:00
  const state = createEmulatorState({ orgs: 20_000, now: clock.now });
  const orgs = state.dataset.orgs;
  const gas = await createHarness({
    clock,
    account: "consumer",
    latency: "apps-script",
    latencyMs: 1_000,
    emulator: { baseUrl: BASE_URL, handle: (request) => handle(request, state) },
    scriptProperties: { API_BASE_URL: BASE_URL, API_KEY: DEMO_API_KEY, DEPLOYMENT: "addon" },
    spreadsheetName: "Accounts 1",
    sheets: [{ name: "Sheet1", rows: Math.round(5_000 * (options.formulaScale ?? 1)) + 1 }],
  });
  const activity: Array<{ name: string; charged: number; minimum: number }> = [];
  const spend = (name: string, minimum: number, act: () => void) => {
    const before = charged(state);
    act();
    activity.push({ name, charged: charged(state) - before, minimum });
  };

  // Three spreadsheets, each its own organizations: a filled-down column and two range formulas.
  const sheets = [{ name: "Sheet1", rows: rows + 1 }];
  const books = [
    gas.spreadsheetId,
    gas.addSpreadsheet({ name: "Accounts 2", sheets }),
    gas.addSpreadsheet({ name: "Accounts 3", sheets }),
  ];
  const formulaUnit = unit(["industry"]) + unit(["name"]) + unit(["employee_count"]);
  const openAll = (label: string) => {
    for (const [i, id] of books.entries()) {
      gas.useSpreadsheet(id);
      spend(
        `formulas, ${label}, spreadsheet ${i + 1}`,
        label === "first open" ? unique * formulaUnit : 0,
        () => {
          if (label === "first open") {
            const domains = orgs.slice(i * unique, (i + 1) * unique).map((o) => o.domain);
            gas.sheet().set(
              "A2",
              Array.from({ length: rows }, (_, r) => [domains[r % unique]!]),
            );
            gas.open();
            gas.fill(`B2:B${rows + 1}`, '=ORG_ATTR(A2,"industry")');
            gas.formula("C2", `=ORG_ATTR(A2:A${rows + 1}, "name")`);
            gas.formula("D2", `=ORG_ATTR(A2:A${rows + 1}, "employee_count")`);
          } else gas.reopen();
        },
      );
    }
    gas.useSpreadsheet(books[0]!);
  };
  const until = (at: number) => clock.advance(Math.max(0, at - clock.now()));
  const day = clock.now();

  openAll("first open");

  // Three hourly refresh rules of 500 rows, one in each spreadsheet.
  until(day + 0.5 * HOUR);
  const ruleOrgs = (i: number) => orgs.slice(6_000 + i * 500, 6_000 + (i + 1) * 500).map((o) => [o.domain]);
  for (const [i, id] of books.entries()) {
    gas.useSpreadsheet(id);
    // Typed beside the formulas, in column F; each run writes the columns after it.
    gas.sheet().set("F2", ruleOrgs(i));
    gas.run("saveRefreshRule", {
      request: { sheetName: "Sheet1", inputRange: "F2:F501", fields: FIELDS },
      frequency: "hourly",
    });
  }
  gas.useSpreadsheet(books[0]!);

  // The signal feed, imported once.
  until(day + 0.75 * HOUR);
  spend("signal feed import", 100, () => gas.run("importSignalFeed", { maxSignals: 100 }));

  // The sidebar open three hours watching a 10,000-row bulk run and a people search, polling every 3 s.
  until(day + 1 * HOUR);
  const bulkDomains = orgs.slice(8_000, 18_000).map((o) => [o.domain]);
  const bulkBook = gas.addSpreadsheet({ name: "Bulk list", sheets: [{ name: "Sheet1", rows: 10_001 }] });
  gas.useSpreadsheet(bulkBook);
  gas.sheet().set("A1", [["Domain"], ...bulkDomains]);
  let polls = 0;
  const people = orgs.find((o) => o.peopleCount >= 25)!;
  const bulkJob = (
    gas.run("startEnrichment", { sheetName: "Sheet1", inputRange: "A:A", fields: FIELDS }) as JobStatus
  ).jobId;
  const peopleJob = (
    gas.run("startPeopleSearch", {
      filter: { organization_ids: [people.id] },
      select: { attributes: ["name", "job_title", "current_employer"] },
      limit: 25,
      sheetName: "People",
    }) as JobStatus
  ).jobId;
  const watch = (hours: number) => {
    const end = clock.now() + hours * HOUR;
    while (clock.now() < end) {
      gas.run("pollJobs");
      polls++;
      clock.advance(POLL_MS);
    }
  };
  watch(3);
  const statuses = gas.run("listJobs") as JobStatus[];
  const bulk = statuses.find((s) => s.jobId === bulkJob)!;
  const search = statuses.find((s) => s.jobId === peopleJob)!;
  if (bulk.state !== "done" || search.state !== "done")
    throw new Error(`after 3 hours: bulk ${bulk.state} (${bulk.message}), people ${search.state}`);
  activity.push({
    name: "bulk run, 10,000 rows",
    charged: bulk.creditsSpent,
    minimum: 10_000 * unit(FIELDS.map((f) => f.name)),
  });
  // A people search is priced by what it finds: its minimum is what its one paying poll cost.
  activity.push({ name: "people search", charged: search.creditsSpent, minimum: search.creditsSpent });
  gas.useSpreadsheet(books[0]!);

  until(day + 4.5 * HOUR);
  openAll("second open");
  until(day + 5 * HOUR);
  // Nothing new in the feed since the import: a refresh buys the one signal that shows it (the service
  // charges every signal it returns and has no "newer than" filter), so 1 is the least it can cost.
  spend("signal feed refresh 1", 1, () => gas.run("refreshSignalFeed", { sheetName: "Signals" }));
  // The sidebar open three more hours (nothing left to watch but the refresh rules).
  watch(3);
  openAll("third open");
  until(day + 9.5 * HOUR);
  spend("signal feed refresh 2", 1, () => gas.run("refreshSignalFeed", { sheetName: "Signals" }));
  until(day + 10 * HOUR);
  openAll("fourth open");
  until(day + 11 * HOUR);

  // The rules ran hourly all day: each run is a purchase the person asked for.
  const rules = books.flatMap((id) => {
    gas.useSpreadsheet(id);
    return gas.run("listRefreshRules") as Array<{ lastRunAt: string | null; lastCredits: number | null }>;
  });
  const total = charged(state);
  const counted = activity.reduce((sum, a) => sum + a.charged, 0);
  const refreshCharged = total - counted;
  const refreshRuns = Math.round(refreshCharged / (500 * unit(FIELDS.map((f) => f.name))));
  activity.push({
    name: `refresh rules (${rules.length} rules, ${refreshRuns} runs of 500 rows)`,
    charged: refreshCharged,
    minimum: refreshRuns * 500 * unit(FIELDS.map((f) => f.name)),
  });

  const use = gas.quotas.use();
  const limits = gas.quotas.limits;
  return {
    formulaRows: rows,
    formulaOrganizations: unique,
    quotas: [
      { name: "Properties read/write", used: use.properties, limit: limits.properties },
      { name: "UrlFetch calls", used: use.urlFetch, limit: limits.urlFetch },
      {
        name: "Triggers total runtime (min)",
        used: use.triggerRuntimeMs / 60_000,
        limit: limits.triggerRuntimeMs / 60_000,
      },
    ],
    credits: {
      charged: total,
      minimum: activity.reduce((sum, a) => sum + a.minimum, 0),
      byActivity: activity,
    },
    failed: gas.executions
      .filter((e) => e.status === "failed")
      .map((e) => ({ functionName: e.functionName, error: e.error })),
    polls,
    wallSeconds: (performance.now() - started) / 1000,
  };
}

/** Prints the day's table. */
export function printDay(figures: DayFigures): void {
  const pct = (n: number) => `${(n * 100).toFixed(1)}%`;
  console.log(
    `formula columns: ${figures.formulaRows.toLocaleString("en-US")} rows over ${figures.formulaOrganizations.toLocaleString("en-US")} organizations per spreadsheet; ${figures.polls.toLocaleString("en-US")} sidebar polls; wall ${figures.wallSeconds.toFixed(0)} s`,
  );
  console.log("daily quota                         used      consumer limit   used ÷ limit");
  for (const q of figures.quotas) {
    console.log(
      `${q.name.padEnd(32)} ${Math.round(q.used).toLocaleString("en-US").padStart(8)}   ${q.limit.toLocaleString("en-US").padStart(14)}   ${pct(q.used / q.limit).padStart(10)}`,
    );
  }
  for (const a of figures.credits.byActivity) {
    console.log(
      `  credits, ${a.name.padEnd(48)} ${String(a.charged).padStart(7)} charged, minimum ${a.minimum}`,
    );
  }
  console.log(
    `credits charged ÷ price-list minimum: ${(figures.credits.charged / Math.max(1, figures.credits.minimum)).toFixed(2)} (${figures.credits.charged} ÷ ${figures.credits.minimum})`,
  );
  console.log(
    figures.failed.length === 0
      ? "failed executions: none"
      : `failed executions: ${figures.failed.length}: ${figures.failed
          .slice(0, 5)
          .map((f) => `${f.functionName}: ${f.error}`)
          .join("; ")}`,
  );
}
