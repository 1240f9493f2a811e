// Commands on the sheets and the world: typing identifiers, formulas, recalculation, time, a copy of the file.
import { checkAll, type Real } from "./check.ts";
import {
  activeJob,
  BOB_ROWS,
  bobRefreshes,
  DAY,
  dueRefreshes,
  evaluateFormulas,
  type FormulaShape,
  type Ids,
  type Model,
  RUN_PRICE,
  scheduledRefresh,
} from "./model.ts";
import { armFault, type Cmd, type Fault, type KnownBug, LOSES, label } from "./steps.ts";
import { clearFaults, FIRST_ROW, identifier, LAST_ROW, logFacts, poolIndex, ROWS, tryRun } from "./world.ts";

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
    r.world.gas.sheet(this.sheet === "F" ? "F" : r.target).set(
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
/** The trigger ticks hourly while only refresh rules wait, plus room for the run itself. */
const TICK = 65 * 60_000;

export class Advance implements Cmd {
  constructor(readonly step: keyof typeof STEPS) {}
  check(m: Readonly<Model>): boolean {
    // With the day's quota used up, only a step past its 24-hour window says for sure that it reset.
    if (m.quotaOut && this.step !== "31h") return false;
    const to = m.now + STEPS[this.step];
    // The hourly trigger runs a due refresh within the hour: no step may end in that hour.
    if (dueRefreshes(m as Model, to - TICK, to + TICK).length > 0) return false;
    if (bobRefreshes(m as Model, to - TICK, to + TICK).length > 0) return false;
    return to < Date.UTC(2026, 2, 10, 9) + HORIZON;
  }
  run(m: Model, r: Real): void {
    const from = m.now;
    r.world.gas.clock.advance(this.step);
    const to = r.world.gas.clock.now();
    // No run may be interrupted by the quota here (Advance is refused while it is out, but for 31h).
    m.quotaOut = false;
    m.storeOut = false;
    // Bob's own rule falls due beside the owner's: his trigger runs it with his key, onto the same log.
    for (const at of bobRefreshes(m, from, to)) {
      m.bob!.expected += BOB_ROWS * RUN_PRICE;
      m.bob!.nextAt = at + DAY;
    }
    const fired = dueRefreshes(m, from, to);
    for (const { job, rule, at } of fired) {
      m.now = at;
      scheduledRefresh(m, job, rule, at);
    }
    m.now = to;
    if (fired.length > 0) {
      // A copy's scheduled refresh may run in the file it was copied from, whose rows the model does not follow.
      checkAll(r, m, { refreshed: m.copies === 0 });
      return;
    }
    checkAll(r, m);
  }
  toString(): string {
    return `advance ${this.step}`;
  }
}

/**
 * File ▸ Make a copy, then the person works in the copy: it opens (onOpen, every formula recalculated) and
 * the sidebar polls. The copy holds the original's answers, so it buys only what the model says is stale;
 * every later command acts in the copy (the original rests: nothing of it is due within the horizon).
 */
export class CopyFile implements Cmd {
  constructor(readonly bugs: ReadonlySet<KnownBug>) {}
  check(m: Readonly<Model>): boolean {
    // A copy carries the refresh rules, which then run in both files (KNOWN_BUGS "copy").
    const ruled = m.jobs.some((job) => job.rules.length > 0);
    return m.copies < 2 && (!ruled || this.bugs.has("copy"));
  }
  run(m: Model, r: Real): void {
    const { gas } = r.world;
    m.now = gas.clock.now();
    const copy = gas.copySpreadsheet();
    r.files.push({ id: copy, inherited: logFacts(r.world).length });
    gas.useSpreadsheet(copy);
    m.copies++;
    for (const job of m.jobs) job.copied = true;
    gas.reopen();
    evaluateFormulas(m, null);
    tryRun(r.world, "pollJobs");
    checkAll(r, m);
  }
  toString(): string {
    return "make a copy of the file and open it";
  }
}

/** The owner's other scripts use up the day's UrlFetch calls: every request fails until the window resets. */
export class QuotaOut implements Cmd {
  check(m: Readonly<Model>): boolean {
    // A daily refresh due while the quota is out would fail and wait: the model keeps them apart.
    return !m.quotaOut && !m.jobs.some((job) => job.rules.some((rule) => rule.frequency === "daily"));
  }
  run(m: Model, r: Real): void {
    const { gas } = r.world;
    gas.quotas.spend("urlFetch", gas.quotas.limits.urlFetch - gas.quotas.use().urlFetch);
    m.quotaOut = true;
    checkAll(r, m);
  }
  toString(): string {
    return "the day's UrlFetch quota runs out";
  }
}

/** Data ▸ Sort sheet by column A: whole rows move, identifiers with the values beside them. */
export class SortSheet implements Cmd {
  constructor(
    readonly ascending: boolean,
    readonly bugs: ReadonlySet<KnownBug>,
  ) {}
  check(m: Readonly<Model>): boolean {
    // A refresh after a sort of rows a run wrote takes the moved rows for typed ones (KNOWN_BUGS "sort-refresh").
    return new SetIds("Sheet1", 0, []).check(m) && (m.jobs.length === 0 || this.bugs.has("sort-refresh"));
  }
  run(m: Model, r: Real): void {
    m.now = r.world.gas.clock.now();
    sortSheet1(m, r, this.ascending);
    checkAll(r, m);
  }
  toString(): string {
    return `sort Sheet1 by column A ${this.ascending ? "A→Z" : "Z→A"}`;
  }
}

/** Sorts Sheet1's rows by column A; the model and what the add-on wrote per row follow the rows. */
export function sortSheet1(m: Model, r: Real, ascending: boolean): void {
  const { gas } = r.world;
  const rows = () =>
    Array.from({ length: ROWS }, (_, i) =>
      JSON.stringify(gas.sheet(r.target).values()[FIRST_ROW - 1 + i] ?? []),
    );
  const before = rows();
  gas.sheet(r.target).sort(1, { ascending, headerRows: 1 });
  const after = rows();
  const from = after.map((row) => {
    const at = before.indexOf(row);
    before[at] = "\u0000taken";
    return at;
  });
  for (const block of r.blocks.values()) {
    block.writtenFor = from.map((i) => block.writtenFor[i]!);
    block.previous = from.map((i) => block.previous[i]!);
  }
  const column = gas.sheet(r.target).values(`A${FIRST_ROW}:A${LAST_ROW}`);
  m.ids1 = column.map(([v]) => (v === "" || v == null ? -1 : poolIndex(r.world, String(v))));
}
