// Data across every boundary (issue 40): a long column whose runs cross a chunk (1,000 new organizations),
// the 5,000-row chunk, a wave, an execution (the poll killed between chunks) and a day (the daily rule due),
// with the reference checks after every step: the ledger at the price list's minimum, the Enrichment log
// covering it, every row showing its own organization's values or saying its answer was lost.
import { describe, expect, it } from "vitest";
import { handle } from "../../emulator/core.ts";
import { DEMO_API_KEY } from "../../emulator/index.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { createClock, createHarness } from "../../harness/index.ts";
import { DAY, RUN_PRICE } from "./model.ts";
import { FINAL, type Status } from "./steps.ts";
import { addFault, BASE, charged, logFacts, START, truth, type World } from "./world.ts";

const FIRST = 2;
/** Rows of the first run: 5,010 rows (past the 5,000-row chunk) of 1,005 organizations (past 1,000). */
const ROWS = 5_010;
const UNIQUE = 1_005;
/** Organizations in rows added later: a "new rows only" refresh of them needs two chunks, 1,000 and 3. */
const ADDED = 1_003;
const REQUEST = {
  sheetName: "Long",
  inputRange: `A${FIRST}:A`,
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

/** A world with enough organizations, and a hook that sees each organizations request as it arrives. */
async function longWorld(onOrganizations: (n: number) => void): Promise<World> {
  const clock = createClock(START);
  const emulator = createEmulatorState({ now: clock.now, orgs: UNIQUE + ADDED + 20 });
  let requests = 0;
  const gas = await createHarness({
    clock,
    mode: "bound",
    seed: 1,
    emulator: {
      baseUrl: BASE,
      handle: (request) => {
        if (request.path === "/v9/organizations") onOrganizations(++requests);
        return handle(request, emulator);
      },
    },
    scriptProperties: { API_BASE_URL: BASE, API_KEY: DEMO_API_KEY },
    sheets: [{ name: "Long", values: [["Domain"]], rows: ROWS + ADDED + 100 }],
  });
  return { gas, emulator, pool: emulator.dataset.orgs.map((org) => org.domain) };
}

/**
 * What the reference model knows: credits the price list requires, up to `slack` more a request with an
 * unknown outcome may have cost, and rows whose answer was lost.
 */
interface Expect {
  credits: number;
  slack: number;
  lost: Set<number>;
}

function settle(w: World, jobId: string): Status {
  let status: Status | undefined;
  for (let polls = 0; polls < 12; polls++) {
    if (polls > 0) w.gas.clock.advance("5m");
    try {
      status = (w.gas.run("pollJobs") as Status[]).find((s) => s.jobId === jobId);
    } catch {
      // a killed poll: the next one takes over, as the sidebar's does
    }
    if (status && FINAL.includes(status.state)) return status;
  }
  throw new Error(`job ${jobId} never came to rest`);
}

/** The checks after every step (check.ts's, over every row of the long column). */
function check(w: World, want: Expect): void {
  w.gas.run("getSettings");
  const ledger = charged(w);
  expect(ledger).toBeGreaterThanOrEqual(want.credits);
  expect(ledger).toBeLessThanOrEqual(want.credits + want.slack);
  const facts = logFacts(w);
  const sum = (kind: string) => facts.filter((f) => f.kind === kind).reduce((t, f) => t + f.credits, 0);
  const confirmed = sum("charged") + sum("settled");
  expect(confirmed).toBeLessThanOrEqual(ledger);
  expect(confirmed + sum("possibly")).toBeGreaterThanOrEqual(ledger);
  if (sum("possibly") === 0) expect(confirmed).toBe(ledger);
  const values = w.gas.sheet("Long").values();
  const header = values[0]!;
  const status = header.indexOf("Status");
  const columns = (["Name", "Employee count", "Industry"] as const).map((label) => header.indexOf(label));
  const fields = ["name", "employee_count", "industry"] as const;
  const wrong: string[] = [];
  for (let row = FIRST; row <= values.length; row++) {
    const cells = values[row - 1]!;
    const id = String(cells[0] ?? "");
    if (id === "") continue;
    const org = truth(w, id)!;
    const shown = String(cells[status]);
    if (want.lost.has(row)) {
      if (!shown.startsWith("Answer lost") || columns.some((c) => cells[c] !== ""))
        wrong.push(`row ${row}: its answer was lost, yet it shows "${shown}"`);
    } else if (shown !== "Found" || columns.some((c, i) => cells[c] !== org[fields[i]!])) {
      wrong.push(`row ${row} (${id}): "${shown}" ${JSON.stringify(columns.map((c) => cells[c]))}`);
    }
  }
  expect(wrong.slice(0, 5)).toEqual([]);
}

describe("a long column across every boundary", () => {
  it("keeps the ledger at the minimum, the log equal to it and every row right", async () => {
    let truncateAt = 0;
    let seen = 0;
    let w!: World;
    w = await longWorld((n) => {
      seen = n;
      if (n === truncateAt) addFault(w, { path: "/v9/organizations", body: "truncated", count: 1 });
    });
    const at = (i: number) => w.pool[i]!;
    // Rows 2…5011: organizations 0…1004, each repeated about five times.
    w.gas.sheet("Long").set(
      `A${FIRST}`,
      Array.from({ length: ROWS }, (_, i) => [at(i % UNIQUE)]),
    );
    const want: Expect = { credits: 0, slack: 0, lost: new Set() };
    const lose = (from: number, to: number) => {
      for (let row = from; row <= to; row++) want.lost.add(row);
    };

    // 1. Enrich: two chunks (rows 2–1,001 hold the first 1,000 organizations; rows 1,002–5,011 the other 5
    // and repeats), the 5,000-row chunk too. The poll is killed at the second chunk's request: its intent is
    // recorded, its outcome unknown to the add-on, so it is not sent again unasked (up to 15 credits
    // possibly charged) and its rows wait for Re-run lost rows, which crosses into another execution.
    w.gas.run("estimateEnrichment", REQUEST);
    const job = w.gas.run("startEnrichment", REQUEST) as Status;
    w.gas.killAt("UrlFetchApp.fetch", 2);
    const killed = settle(w, job.jobId);
    w.gas.killAt("Nothing.happens", 1);
    expect(seen).toBe(1);
    expect(w.gas.executions.filter((e) => e.error === "Exceeded maximum execution time")).toHaveLength(1);
    want.credits += 1_000 * RUN_PRICE;
    want.slack = (UNIQUE - 1_000) * RUN_PRICE;
    lose(FIRST + 1_000, FIRST + ROWS - 1);
    expect([killed.state, killed.lostRows]).toEqual(["done", want.lost.size]);
    check(w, want);
    w.gas.run("rerunLostRows", job.jobId);
    expect(settle(w, job.jobId).lostRows).toBe(0);
    // The killed request never left (the kill comes before the call): buying it now is its only charge.
    want.credits += want.slack;
    want.slack = 0;
    want.lost.clear();
    check(w, want);

    // 2. A daily rule for new rows only; 1,003 new organizations typed below; Refresh now buys them in two
    // chunks, and the last chunk's answer is lost on the way back (charged, truncated).
    const rule = w.gas.run("saveRefreshRule", {
      jobId: job.jobId,
      frequency: "daily",
      newRowsOnly: true,
    }) as {
      ruleId: string;
    };
    w.gas.sheet("Long").set(
      `A${FIRST + ROWS}`,
      Array.from({ length: ADDED }, (_, i) => [at(UNIQUE + i)]),
    );
    truncateAt = seen + 2;
    w.gas.run("estimateRefreshNow", rule.ruleId);
    const refresh = w.gas.run("refreshNow", rule.ruleId) as Status;
    const rested = settle(w, refresh.jobId);
    want.credits += ADDED * RUN_PRICE;
    // The last chunk (where the add-on cuts its chunks is its own: here 990 and 13 new organizations, the
    // 5,000-row cut coming first) lost its answer: a block of rows at the end of the new ones, each a new
    // organization; every row before it shows its values.
    const first = FIRST + ROWS + ADDED - rested.lostRows;
    expect(rested.lostRows).toBeGreaterThan(0);
    expect(rested.lostRows).toBeLessThan(1_000);
    lose(first, FIRST + ROWS + ADDED - 1);
    check(w, want);

    // 3. Re-run lost rows: the person agrees to buy the lost chunk again.
    w.gas.run("rerunLostRows", refresh.jobId);
    expect(settle(w, refresh.jobId).lostRows).toBe(0);
    want.credits += want.lost.size * RUN_PRICE;
    want.lost.clear();
    check(w, want);

    // 4. A day passes: the rule falls due (new rows only, none new) and buys nothing.
    w.gas.clock.advance(DAY + 70 * 60_000);
    check(w, want);
  }, 240_000);
});
