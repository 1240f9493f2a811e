// Commands of the sidebar's runs: Enrich (with faults, kills, Stop), Resume, Re-run lost rows, refresh rules,
// Refresh now, and a collaborator's clicks.
import { checkAll, ModelMismatch, type Real } from "./check.ts";
import {
  activeJob,
  type Ids,
  lostOrgs,
  type Model,
  matched,
  PERIOD,
  RUN_PRICE,
  recordRun,
  refreshCost,
  runCost,
} from "./model.ts";
import { sortSheet1 } from "./sheet-commands.ts";
import {
  armFault,
  type Cmd,
  type Fault,
  type KnownBug,
  LOSES,
  runRequest,
  type Status,
  settle,
} from "./steps.ts";
import { BOB, clearFaults, FIRST_ROW, OWNER, tryRun } from "./world.ts";

/** The plain price, which says nothing of purchases the spreadsheet no longer knows about. */
const PLAIN_PRICE = /^Up to [\d,]+ credits? · [\d,]+ organizations? × \d+ \([^)]*\)$/;
/** The price's words for rows whose last paid answer was lost, which the run sends again. */
const LOST_AGAIN = / · [\d,]+ rows? whose last answer was lost may be charged again( · |$)/;

/**
 * The Enrich tab asks the price first. Once the person deleted the purchase record (and no journal holds
 * what was bought), the product cannot know what it bought: the price must at least say so. Rows whose
 * last answer a run lost are sent again only when the price names them (the person says yes knowing):
 * returns the organizations bought again on purpose. `ids` are the rows of `request`'s sheet (Sheet1 unless F).
 */
export function askPrice(m: Model, r: Real, request = runRequest(r), ids: Ids = m.ids1): number[] {
  const estimate = r.world.gas.run("estimateEnrichment", request) as { message: string };
  if (m.recordLost && m.runBought.size > 0 && PLAIN_PRICE.test(estimate.message))
    throw new ModelMismatch(
      `the purchase record was deleted, and the price says only "${estimate.message}": nothing tells the person that what was bought may be bought again`,
    );
  m.recordLost = false;
  const lost = m.jobs.some((job) => job.lost) ? lostOrgs(m, ids) : [];
  if (lost.length > 0 && !LOST_AGAIN.test(estimate.message))
    throw new ModelMismatch(
      `rows whose answer was lost (${lost.map((org) => `org${org}`).join(", ")}) would be sent again, and the price says only "${estimate.message}"`,
    );
  return lost;
}

/** The Enrich tab's overwrite choice into the first run's columns (B:D), consent given. */
const INTO_FIRST_BLOCK = { mode: "overwrite", targetColumn: "B", consent: true };

/**
 * The Enrich tab: the price is shown (estimateEnrichment), the person says yes, the sidebar polls. `into`
 * "overwrite": Enrich pressed again into the first run's columns, once every run rests done (a running or
 * resumable one there would refuse it).
 */
export class Enrich implements Cmd {
  constructor(
    readonly fault: Fault,
    readonly stopAtOnce: boolean,
    readonly bugs: ReadonlySet<KnownBug>,
    readonly into: "new-columns" | "overwrite" = "new-columns",
  ) {}
  check(m: Readonly<Model>): boolean {
    const job = activeJob(m as Model);
    if (this.into === "overwrite" && (m.jobs.length === 0 || m.jobs.some((j) => j.state !== "done")))
      return false;
    if (job?.state === "stopped") return false;
    // A new Enrich over rows whose answer was lost buys them again unasked (KNOWN_BUGS "enrich-after-lost").
    if (job?.lost && !this.bugs.has("enrich-after-lost")) return false;
    return m.jobs.length === 0 || this.bugs.has("rerun");
  }
  run(m: Model, r: Real): void {
    const { world } = r;
    m.now = world.gas.clock.now();
    const request =
      this.into === "overwrite" ? { ...runRequest(r), output: INTO_FIRST_BLOCK } : runRequest(r);
    const again = askPrice(m, r, request);
    const job = world.gas.run("startEnrichment", request) as Status;
    m.jobs.push({ jobId: job.jobId, lastRunIds: [...m.ids1], state: "other", rules: [], lost: false });
    const model = activeJob(m)!;
    if (this.stopAtOnce) {
      world.gas.run("stopJob", job.jobId);
      model.state = settle(m, world, job.jobId).state === "stopped" ? "stopped" : "other";
      checkAll(r, m);
      return;
    }
    buyRun(m, r, job.jobId, this.fault, [...runCost(m).orgs, ...again], false, false, true);
  }
  toString(): string {
    const into = this.into === "overwrite" ? " again into B:D (overwrite)" : "";
    return `enrich Sheet1!A2:A7${into}${this.stopAtOnce ? " and Stop at once" : ""}${this.fault === "none" ? "" : ` (fault ${this.fault})`}`;
  }
}

/** Where Apps Script may kill the sidebar's poll that runs the job (its time limit, in effect). */
export const KILL_POINTS = [
  ["UrlFetchApp.fetch", 1], // before the request goes out
  ["HTTPResponse.getContentText", 1], // charged, the answer not yet read
  ["Range.setValues", 1],
  ["Range.setValues", 3],
  ["Range.setValues", 5],
  ["Properties.deleteProperty", 1],
] as const;

/** Enrich, with the poll that runs it killed at a service call; the next polls take over. */
export class EnrichKilled implements Cmd {
  constructor(
    readonly at: (typeof KILL_POINTS)[number],
    /** The person sorts Sheet1 after the killed poll, while the run's request is out. */
    readonly sort: boolean,
    readonly bugs: ReadonlySet<KnownBug>,
  ) {}
  check(m: Readonly<Model>): boolean {
    // A sort while the request is out: its charge reaches the log (KNOWN_BUGS "sort-in-flight", fixed).
    if (this.sort && !this.bugs.has("sort-in-flight")) return false;
    return new Enrich("none", false, this.bugs).check(m) && !m.quotaOut;
  }
  run(m: Model, r: Real): void {
    const { gas } = r.world;
    m.now = gas.clock.now();
    const again = askPrice(m, r);
    const job = gas.run("startEnrichment", runRequest(r)) as Status;
    m.jobs.push({ jobId: job.jobId, lastRunIds: [...m.ids1], state: "other", rules: [], lost: false });
    gas.killAt(this.at[0], this.at[1]);
    const orgs = [...runCost(m).orgs, ...again];
    try {
      if (this.sort) {
        tryRun(r.world, "pollJobs");
        sortSheet1(m, r, false);
      }
      buyRun(m, r, job.jobId, "none", orgs, true, this.sort);
    } finally {
      // Disarmed if the run never made that call: a kill must not wait for a later command.
      gas.killAt("Nothing.happens", 1);
    }
  }
  toString(): string {
    const sort = this.sort ? ", Sheet1 sorted Z→A" : "";
    return `enrich Sheet1!A2:A7, the poll killed at ${this.at[0]} #${this.at[1]}${sort}`;
  }
}

/** A run step that buys: the fault armed, the sidebar polling until the job rests, the model charged. */
export function buyRun(
  m: Model,
  r: Real,
  jobId: string,
  fault: Fault,
  orgs = runCost(m).orgs,
  killed = false,
  sorted = false,
  pressed = false,
): void {
  armFault(r.world, fault);
  const before = m.now;
  const status = settle(m, r.world, jobId);
  clearFaults(r.world);
  const now = m.now;
  m.now = before;
  const lost = !m.quotaOut && (LOSES(fault) || status.lostRows > 0) && orgs.length > 0;
  if (killed && sorted && status.lostRows === 0) {
    // The sort stopped the run with no row lost: the request it had out was journaled (charged, its
    // answers known, which the log must then say) or never went out (nothing bought).
    if (status.creditsSpent > 0 && !m.quotaOut) {
      recordRun(m, orgs);
      for (const org of orgs) m.runAnswered.set(org, m.now);
    }
  } else if (killed && (status.lostRows > 0 || sorted)) {
    // Killed between the request's intent and its answer: whether it went out is unknown, so the run
    // holds it back as possibly charged — at most its price, never bought again unasked.
    for (const org of orgs) m.runBought.set(org, m.now);
    m.slack += orgs.length * RUN_PRICE;
  } else if (!m.quotaOut) {
    recordRun(m, orgs);
    if (!lost) for (const org of orgs) m.runAnswered.set(org, m.now);
  }
  m.now = now;
  const job = m.jobs.find((j) => j.jobId === jobId)!;
  job.lost = lost;
  if (job.lost) m.lostCredits += orgs.length * RUN_PRICE;
  // A run that could not reach the service (quota) rests resumable, as a stopped one does.
  job.state =
    status.state === "done"
      ? "done"
      : status.state === "stopped" || m.quotaOut || status.canResume
        ? "stopped"
        : "other";
  job.lastRunIds = [...m.ids1];
  // Enrich pressed again marks rows whose identifier is gone before it starts (Resume and Re-run lost rows
  // only go on with their own rows).
  checkAll(r, m, { enriched: pressed && job.state === "done" });
}

export class Resume implements Cmd {
  check(m: Readonly<Model>): boolean {
    return activeJob(m as Model)?.state === "stopped";
  }
  run(m: Model, r: Real): void {
    const job = activeJob(m)!;
    m.now = r.world.gas.clock.now();
    r.world.gas.run("resumeJob", job.jobId);
    // After a platform fault, a request whose intent was recorded is held back as possibly charged (seed 44).
    buyRun(m, r, job.jobId, "none", runCost(m).orgs, job.faulted === true);
    job.faulted = false;
  }
  toString(): string {
    return "Resume";
  }
}

/** Re-run lost rows: the person agrees to buy again what the add-on says lost its answer. */
export class RerunLost implements Cmd {
  check(m: Readonly<Model>): boolean {
    const job = activeJob(m as Model);
    return job?.state === "done" && job.lost && !m.quotaOut;
  }
  run(m: Model, r: Real): void {
    const job = activeJob(m)!;
    m.now = r.world.gas.clock.now();
    const status = r.world.gas.run("getJobStatus", job.jobId) as Status;
    if (status.lostRows === 0) {
      checkAll(r, m);
      return;
    }
    const values = r.world.gas.sheet(r.target).values();
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
  constructor(
    readonly newRowsOnly: boolean,
    readonly frequency: keyof typeof PERIOD,
    readonly bugs: ReadonlySet<KnownBug>,
  ) {}
  check(m: Readonly<Model>): boolean {
    const job = activeJob(m as Model);
    // A "new rows only" rule saved after an identifier was typed takes that row for enriched, so it is
    // never bought and keeps another organization's values (KNOWN_BUGS "edit-before-rule", fixed).
    if (
      job &&
      this.newRowsOnly &&
      refreshCost(m as Model, job, true).length > 0 &&
      !this.bugs.has("edit-before-rule")
    )
      return false;
    return job?.state === "done" && (job.rules.length === 0 || this.bugs.has("two-rules"));
  }
  run(m: Model, r: Real): void {
    const job = activeJob(m)!;
    m.now = r.world.gas.clock.now();
    if (m.jobs.some((other) => other.rules.length > 0)) {
      // Every run covers the target's A2:A7 (under its name now): a second rule over rows a rule covers is
      // refused, naming that rule.
      const answer = tryRun(r.world, "saveRefreshRule", { jobId: job.jobId, frequency: this.frequency });
      if (
        !("error" in answer) ||
        !answer.error.startsWith(`${r.target}!A2:A7 already has a scheduled refresh`)
      ) {
        throw new ModelMismatch(`a second rule over Sheet1!A2:A7 was not refused: ${JSON.stringify(answer)}`);
      }
      checkAll(r, m);
      return;
    }
    const rule = r.world.gas.run("saveRefreshRule", {
      jobId: job.jobId,
      frequency: this.frequency,
      ...(this.newRowsOnly ? { newRowsOnly: true } : {}),
    }) as { ruleId: string; nextRunAt: string };
    job.rules.push({
      ruleId: rule.ruleId,
      newRowsOnly: this.newRowsOnly,
      frequency: this.frequency,
      nextAt: m.now + PERIOD[this.frequency],
    });
    checkAll(r, m);
  }
  toString(): string {
    return `save a ${this.frequency} refresh rule${this.newRowsOnly ? " (new rows only)" : " (every row)"}`;
  }
}

export class RefreshNow implements Cmd {
  check(m: Readonly<Model>): boolean {
    const job = activeJob(m as Model);
    // A copied rule is refused until the person resumes it in the copy ("does not run in this copy").
    return job !== undefined && job.rules.length > 0 && job.state === "done" && !m.quotaOut && !job.copied;
  }
  run(m: Model, r: Real): void {
    const job = activeJob(m)!;
    const rule = job.rules[0]!;
    const { ruleId, newRowsOnly } = rule;
    m.now = r.world.gas.clock.now();
    // Refresh now makes the rule due at once; its schedule then runs a period from this moment.
    rule.nextAt = m.now + PERIOD[rule.frequency];
    r.world.gas.run("estimateRefreshNow", ruleId);
    const started = r.world.gas.run("refreshNow", ruleId) as Status;
    const orgs = refreshCost(m, job, newRowsOnly);
    const status = settle(m, r.world, started.jobId);
    for (const org of orgs) {
      m.runBought.set(org, m.now);
      m.runAnswered.set(org, m.now);
    }
    m.expected += orgs.length * RUN_PRICE;
    // Every row bought again into the record: nothing of these rows is unknown to it any more.
    if (!newRowsOnly && orgs.length > 0) m.recordLost = false;
    job.lastRunIds = [...m.ids1];
    job.lost = false;
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
    // A copy is its copier's alone (harness: who else could open the original does not travel).
    if (m.copies > 0) return false;
    const job = activeJob(m as Model);
    return this.action === "refreshNow" ? (job?.rules.length ?? 0) > 0 : job?.state === "stopped";
  }
  run(m: Model, r: Real): void {
    const job = activeJob(m)!;
    r.world.gas.setUser(BOB.email);
    try {
      const answer = tryRun(
        r.world,
        this.action,
        this.action === "refreshNow" ? job.rules[0]!.ruleId : job.jobId,
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
