// The commands of a spreadsheet's life, each a person's act or the world's (time, faults), run on the real
// bundle and on the model, then checked (check.ts).

import type fc from "fast-check";
import { checkAll, type Real } from "./check.ts";
import {
  activeJob,
  evaluateFormulas,
  type FormulaShape,
  type Ids,
  type Model,
  matched,
  RUN_PRICE,
  recordRun,
  refreshCost,
  runCost,
} from "./model.ts";
import {
  addFault,
  BOB,
  clearFaults,
  FIRST_ROW,
  identifier,
  KNOWN,
  LAST_ROW,
  OWNER,
  ROWS,
  tryRun,
  type World,
} from "./world.ts";

/** Switches on commands that trigger bugs known today (see README): their sequences fail until fixed. */
export const KNOWN_BUGS = ["rerun", "formula-lost"] as const;
export type KnownBug = (typeof KNOWN_BUGS)[number];

const FINAL = ["done", "stopped", "failed", "out_of_credits"];
const RUN_REQUEST = {
  sheetName: "Sheet1",
  inputRange: `A${FIRST_ROW}:A${LAST_ROW}`,
  fields: ["name", "employee_count", "industry"].map((name) => ({ kind: "attribute", name })),
};

export type Fault = "none" | "429" | "500" | "truncated" | "delay";
const FAULTS: Record<Exclude<Fault, "none">, Record<string, unknown>> = {
  "429": { status: 429, count: 1 },
  "500": { status: 500, count: 1 },
  truncated: { body: "truncated", count: 1 },
  // Held past UrlFetch's deadline (world.ts): the service charged it, the answer never arrives.
  delay: { delay_ms: 90_000, count: 1 },
};
const LOSES = (fault: Fault) => fault === "truncated" || fault === "delay";

type Cmd = fc.Command<Model, Real>;

function armFault(world: World, fault: Fault): void {
  if (fault !== "none") addFault(world, { path: "/v9/organizations", ...FAULTS[fault] });
}

interface Status {
  jobId: string;
  state: string;
  lostRows: number;
}

/** Polls as the open sidebar does, 5 minutes apart, until the job rests; a killed poll is retried. */
function settle(model: Model, world: World, jobId: string): Status {
  let status: Status | undefined;
  for (let polls = 0; polls < 12; polls++) {
    if (polls > 0) world.gas.clock.advance("5m");
    const answer = tryRun(world, "pollJobs");
    if ("error" in answer) continue;
    status = (answer.ok as Status[]).find((s) => s.jobId === jobId);
    if (status && FINAL.includes(status.state)) break;
  }
  model.now = world.gas.clock.now();
  if (!status || !FINAL.includes(status.state)) throw new Error(`job ${jobId} never came to rest`);
  return status;
}

/** How a sequence names an identifier: org<i> is the emulator's i-th organization's domain. */
export const label = (id: number) => (id < 0 ? "blank" : id >= KNOWN ? "unknown.example" : `org${id}`);

export class SetIds implements Cmd {
  constructor(
    readonly sheet: "Sheet1" | "F",
    readonly row: number,
    readonly ids: Ids,
  ) {}
  check(m: Readonly<Model>): boolean {
    const job = activeJob(m as Model);
    // A stopped run or one with lost rows plans on the rows as they are (an edit there is "rows moved").
    return this.sheet === "F" || !job || (job.state !== "stopped" && !job.lost);
  }
  run(m: Model, r: Real): void {
    const ids = this.ids.slice(0, ROWS - this.row);
    m.now = r.world.gas.clock.now();
    r.world.gas.sheet(this.sheet).set(
      `A${FIRST_ROW + this.row}`,
      ids.map((id) => [identifier(r.world, id) || null]),
    );
    const target = this.sheet === "F" ? m.idsF : m.ids1;
    ids.forEach((id, i) => {
      target[this.row + i] = id;
    });
    if (this.sheet === "F") {
      // Each edited cell's formula re-runs: a range once, filled-down cells each (the first miss buys all).
      if (m.formula?.kind === "filled")
        for (let i = 0; i < ids.length; i++) evaluateFormulas(m, this.row + i);
      else evaluateFormulas(m, null);
    }
    checkAll(r, m);
  }
  toString(): string {
    return `type ${this.sheet}!A${FIRST_ROW + this.row}: ${this.ids
      .slice(0, ROWS - this.row)
      .map(label)
      .join(", ")}`;
  }
}

export class SetFormula implements Cmd {
  constructor(
    readonly shape: FormulaShape,
    readonly fault: Fault,
    readonly bugs: ReadonlySet<KnownBug>,
  ) {}
  check(): boolean {
    return !LOSES(this.fault) || this.bugs.has("formula-lost");
  }
  run(m: Model, r: Real): void {
    const { gas } = r.world;
    m.now = gas.clock.now();
    const age = this.shape.maxAgeDays === null ? "" : `,${this.shape.maxAgeDays}`;
    gas.sheet("F").set(
      `B${FIRST_ROW}:B${LAST_ROW}`,
      Array.from({ length: ROWS }, () => [null]),
    );
    armFault(r.world, this.fault);
    if (this.shape.kind === "range")
      gas.formula(`F!B${FIRST_ROW}`, `=ORG_ATTR(A${FIRST_ROW}:A${LAST_ROW},"industry"${age})`);
    else gas.fill(`F!B${FIRST_ROW}:B${LAST_ROW}`, `=ORG_ATTR(A${FIRST_ROW},"industry"${age})`);
    clearFaults(r.world);
    m.formula = { ...this.shape };
    const { cost, bought } = evaluateFormulas(m, null);
    if (LOSES(this.fault) && cost > 0) {
      for (const org of bought) m.formulaLost.add(org);
      m.lostCredits += cost;
    }
    checkAll(r, m);
  }
  toString(): string {
    const age = this.shape.maxAgeDays === null ? "" : ` max_age_days=${this.shape.maxAgeDays}`;
    return `formula ${this.shape.kind}${age}${this.fault === "none" ? "" : ` (fault ${this.fault})`}`;
  }
}

export class Recalculate implements Cmd {
  check(m: Readonly<Model>): boolean {
    return m.formula !== null;
  }
  run(m: Model, r: Real): void {
    m.now = r.world.gas.clock.now();
    r.world.gas.recalculate();
    evaluateFormulas(m, null);
    checkAll(r, m);
  }
  toString(): string {
    return "recalculate";
  }
}

/** Steps chosen so that no sum of them lands exactly on a whole number of days (no tie at a window's edge). */
export const STEPS = { "70m": 70 * 60_000, "7h": 7 * 3_600_000, "31h": 31 * 3_600_000 } as const;
const HORIZON = 6 * 86_400_000;

export class Advance implements Cmd {
  constructor(readonly step: keyof typeof STEPS) {}
  check(m: Readonly<Model>): boolean {
    return m.now + STEPS[this.step] < Date.UTC(2026, 2, 10, 9) + HORIZON;
  }
  run(m: Model, r: Real): void {
    r.world.gas.clock.advance(this.step);
    m.now = r.world.gas.clock.now();
    checkAll(r, m);
  }
  toString(): string {
    return `advance ${this.step}`;
  }
}

/** The Enrich tab: the price is shown (estimateEnrichment), the person says yes, the sidebar polls. */
export class Enrich implements Cmd {
  constructor(
    readonly fault: Fault,
    readonly stopAtOnce: boolean,
    readonly bugs: ReadonlySet<KnownBug>,
  ) {}
  check(m: Readonly<Model>): boolean {
    const job = activeJob(m as Model);
    if (job?.state === "stopped") return false;
    return m.jobs.length === 0 || this.bugs.has("rerun");
  }
  run(m: Model, r: Real): void {
    const { world } = r;
    m.now = world.gas.clock.now();
    world.gas.run("estimateEnrichment", RUN_REQUEST);
    const job = world.gas.run("startEnrichment", RUN_REQUEST) as Status;
    m.jobs.push({ jobId: job.jobId, lastRunIds: [...m.ids1], state: "other", rule: null, lost: false });
    const model = activeJob(m)!;
    if (this.stopAtOnce) {
      world.gas.run("stopJob", job.jobId);
      model.state = settle(m, world, job.jobId).state === "stopped" ? "stopped" : "other";
      checkAll(r, m);
      return;
    }
    buyRun(m, r, job.jobId, this.fault);
  }
  toString(): string {
    return `enrich Sheet1!A2:A7${this.stopAtOnce ? " and Stop at once" : ""}${this.fault === "none" ? "" : ` (fault ${this.fault})`}`;
  }
}

/** A run step that buys: the fault armed, the sidebar polling until the job rests, the model charged. */
function buyRun(m: Model, r: Real, jobId: string, fault: Fault, orgs = runCost(m).orgs): void {
  armFault(r.world, fault);
  const before = m.now;
  const status = settle(m, r.world, jobId);
  clearFaults(r.world);
  const now = m.now;
  m.now = before;
  recordRun(m, orgs);
  m.now = now;
  const job = m.jobs.find((j) => j.jobId === jobId)!;
  job.lost = LOSES(fault) && orgs.length > 0;
  if (job.lost) m.lostCredits += orgs.length * RUN_PRICE;
  job.state = status.state === "done" ? "done" : status.state === "stopped" ? "stopped" : "other";
  job.lastRunIds = [...m.ids1];
  checkAll(r, m);
}

export class Resume implements Cmd {
  check(m: Readonly<Model>): boolean {
    return activeJob(m as Model)?.state === "stopped";
  }
  run(m: Model, r: Real): void {
    const job = activeJob(m)!;
    m.now = r.world.gas.clock.now();
    r.world.gas.run("resumeJob", job.jobId);
    buyRun(m, r, job.jobId, "none");
  }
  toString(): string {
    return "Resume";
  }
}

/** Re-run lost rows: the person agrees to buy again what the add-on says lost its answer. */
export class RerunLost implements Cmd {
  check(m: Readonly<Model>): boolean {
    const job = activeJob(m as Model);
    return job?.state === "done" && job.lost;
  }
  run(m: Model, r: Real): void {
    const job = activeJob(m)!;
    m.now = r.world.gas.clock.now();
    const status = r.world.gas.run("getJobStatus", job.jobId) as Status;
    if (status.lostRows === 0) {
      checkAll(r, m);
      return;
    }
    const values = r.world.gas.sheet("Sheet1").values();
    const lostIds = m.ids1.filter((_, i) =>
      (values[FIRST_ROW - 1 + i] ?? []).some((v) => String(v).startsWith("Answer lost")),
    );
    r.world.gas.run("rerunLostRows", job.jobId);
    buyRun(m, r, job.jobId, "none", matched(m, lostIds));
  }
  toString(): string {
    return "Re-run lost rows";
  }
}

export class SaveRule implements Cmd {
  constructor(readonly newRowsOnly: boolean) {}
  check(m: Readonly<Model>): boolean {
    const job = activeJob(m as Model);
    return job?.state === "done" && job.rule === null;
  }
  run(m: Model, r: Real): void {
    const job = activeJob(m)!;
    const rule = r.world.gas.run("saveRefreshRule", {
      jobId: job.jobId,
      frequency: "weekly",
      ...(this.newRowsOnly ? { newRowsOnly: true } : {}),
    }) as { ruleId: string };
    job.rule = { ruleId: rule.ruleId, newRowsOnly: this.newRowsOnly };
    checkAll(r, m);
  }
  toString(): string {
    return `save a weekly refresh rule${this.newRowsOnly ? " (new rows only)" : " (every row)"}`;
  }
}

export class RefreshNow implements Cmd {
  check(m: Readonly<Model>): boolean {
    const job = activeJob(m as Model);
    return job?.rule != null && job.state === "done";
  }
  run(m: Model, r: Real): void {
    const job = activeJob(m)!;
    const { ruleId, newRowsOnly } = job.rule!;
    m.now = r.world.gas.clock.now();
    r.world.gas.run("estimateRefreshNow", ruleId);
    const started = r.world.gas.run("refreshNow", ruleId) as Status;
    const orgs = refreshCost(m, job, newRowsOnly);
    const status = settle(m, r.world, started.jobId);
    for (const org of orgs) m.runBought.set(org, m.now);
    m.expected += orgs.length * RUN_PRICE;
    job.lastRunIds = [...m.ids1];
    job.state = status.state === "done" ? "done" : "other";
    checkAll(r, m, { refreshed: true });
  }
  toString(): string {
    return "Refresh now";
  }
}

/** Bob, a collaborator, presses the owner's buttons: his Refresh now and Resume are refused, never paid. */
export class BobClicks implements Cmd {
  constructor(readonly action: "refreshNow" | "resumeJob") {}
  check(m: Readonly<Model>): boolean {
    const job = activeJob(m as Model);
    return this.action === "refreshNow" ? job?.rule != null : job?.state === "stopped";
  }
  run(m: Model, r: Real): void {
    const job = activeJob(m)!;
    r.world.gas.setUser(BOB.email);
    try {
      const answer = tryRun(
        r.world,
        this.action,
        this.action === "refreshNow" ? job.rule!.ruleId : job.jobId,
      );
      if (!("error" in answer)) throw new Error(`Bob's ${this.action} was accepted`);
    } finally {
      r.world.gas.setUser(OWNER);
    }
    checkAll(r, m);
  }
  toString(): string {
    return `Bob presses ${this.action === "refreshNow" ? "Refresh now" : "Resume"}`;
  }
}
