// The reference model of a spreadsheet's life, written apart from the product: which identifiers each
// row holds, what the price list's minimum is after every command, and what each row must show.
//
// Prices (the service's price list, emulator/README.md "Credits"): an organization costs 1 per request it
// is matched in, plus 1 per paid attribute; id, slug, name, url, service_url and account_status are free.
// The minimum: each organization and field is bought once per spreadsheet per freshness window — the
// formulas' cache lifetime (30 days by default) or a formula's max_age_days, whichever is shorter. Every
// path reads the spreadsheet's purchase record before it buys: a formula does not buy an organization whose
// answer a sidebar run wrote there in its window (a run asks for the formula's field too; an answer lost on
// the way back is in no record), and a run does not buy what an
// earlier run bought. A run still buys what only formulas bought: they asked for fewer fields than it needs.
// Buying again is the person's explicit choice only: Refresh now (every row, or rows new since the last
// run), Re-run lost rows.

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** The formulas' default cache lifetime (Settings ▸ Formulas), the spreadsheet's freshness window. */
export const WINDOW = 30 * DAY;

const FREE = new Set(["id", "slug", "name", "url", "service_url", "account_status"]);

/** What one organization costs in one request asking `fields`. */
export function price(fields: readonly string[]): number {
  return 1 + [...new Set(fields)].filter((field) => !FREE.has(field)).length;
}

export const FORMULA_FIELD = "industry";
export const RUN_PRICE = price(["name", "employee_count", "industry"]);
export const FORMULA_PRICE = price([FORMULA_FIELD]);

/** A pool index per row: -1 blank, 0…KNOWN-1 a known organization's domain, KNOWN the unknown company. */
export type Ids = number[];

export interface FormulaShape {
  kind: "range" | "filled";
  maxAgeDays: number | null;
}

export const PERIOD = { daily: DAY, weekly: 7 * DAY } as const;

export interface RuleModel {
  ruleId: string;
  newRowsOnly: boolean;
  frequency: keyof typeof PERIOD;
  /** When it is due next: a period after it was saved, after its last scheduled run, or after Refresh now. */
  nextAt: number;
}

export interface JobModel {
  jobId: string;
  /** The identifiers as the job's last run (or its start) saw them. */
  lastRunIds: Ids;
  state: "stopped" | "done" | "other";
  /** Rows whose answer was lost after the service charged it wait for Re-run lost rows. */
  lost: boolean;
  /** Its refresh rules, oldest first. */
  rules: RuleModel[];
  /**
   * A platform fault broke its last step (fault-commands.ts): a request's intent may be recorded without its
   * outcome, so a Resume may hold those rows back as possibly charged instead of buying them.
   */
  faulted?: boolean;
  /** Copied with its file: its rules run in the original, and Refresh now here waits for a Resume here. */
  copied?: boolean;
}

export interface Model {
  known: number;
  /** Harness time of the last command (ms). */
  now: number;
  ids1: Ids;
  idsF: Ids;
  formula: FormulaShape | null;
  /** When the formulas last bought each organization's industry. */
  formulaBought: Map<number, number>;
  /** Organizations whose formula answer was lost after the service charged it (cells say so). */
  formulaLost: Set<number>;
  /** When a sidebar run last bought each organization. */
  runBought: Map<number, number>;
  /** When a run's answer for each organization went into the purchase record, which formulas read too. */
  runAnswered: Map<number, number>;
  jobs: JobModel[];
  /** The owner's UrlFetch calls for the day are used up: nothing is sent, so nothing is bought. */
  quotaOut: boolean;
  /** The day's Properties reads and writes are used up: no setting can be read, so nothing is bought. */
  storeOut: boolean;
  /** Copies made so far (File ▸ Make a copy); the life goes on in the newest. */
  copies: number;
  /** Credits the price list requires so far (the owner's account). */
  expected: number;
  /** Credits charged for answers that never arrived (the log must say "possibly charged" for them). */
  lostCredits: number;
  /** The person deleted the purchase record, and no job's journal holds what runs bought (file-commands.ts). */
  recordLost: boolean;
  /**
   * Bob's own run over Bob!A2:A4 and its daily rule (every row): what his account must have been charged, and
   * when his rule is due next (null: none, or deleted with "Enrichment jobs").
   */
  bob: { expected: number; nextAt: number | null } | null;
  /** Credits the model cannot pin down: requests a kill left with an unknown outcome (at most their price). */
  slack: number;
}

export function initialModel(known: number, ids1: Ids, idsF: Ids, now: number): Model {
  return {
    known,
    now,
    ids1: [...ids1],
    idsF: [...idsF],
    formula: null,
    formulaBought: new Map(),
    formulaLost: new Set(),
    runBought: new Map(),
    runAnswered: new Map(),
    jobs: [],
    copies: 0,
    quotaOut: false,
    storeOut: false,
    expected: 0,
    lostCredits: 0,
    slack: 0,
    recordLost: false,
    bob: null,
  };
}

/** The matched organizations among `ids`, each once. */
export function matched(model: Model, ids: Ids): number[] {
  return [...new Set(ids.filter((id) => id >= 0 && id < model.known))];
}

function formulaWindow(model: Model): number {
  const days = model.formula?.maxAgeDays;
  return days == null ? WINDOW : Math.min(WINDOW, days * DAY);
}

function stale(bought: Map<number, number>, org: number, now: number, window: number): boolean {
  const at = bought.get(org);
  return at === undefined || now - at >= window;
}

/**
 * The formula column evaluates: `rows` null for every cell (a range formula, a fill, a recalculation), or
 * the one filled-down cell that re-ran. A cell that misses buys for its column (its siblings' stale
 * organizations with its own, in one request); a cell its cache answers buys nothing. Returns the cost.
 */
export function evaluateFormulas(model: Model, row: number | null): { cost: number; bought: number[] } {
  if (!model.formula || model.quotaOut) return { cost: 0, bought: [] };
  const window = formulaWindow(model);
  if (row !== null && model.formula.kind === "filled") {
    const org = model.idsF[row]!;
    const own =
      org >= 0 &&
      org < model.known &&
      stale(model.formulaBought, org, model.now, window) &&
      stale(model.runAnswered, org, model.now, window);
    if (!own) return { cost: 0, bought: [] };
  }
  const bought = matched(model, model.idsF).filter(
    (org) =>
      stale(model.formulaBought, org, model.now, window) && stale(model.runAnswered, org, model.now, window),
  );
  for (const org of bought) {
    model.formulaBought.set(org, model.now);
    model.formulaLost.delete(org);
  }
  const cost = bought.length * FORMULA_PRICE;
  model.expected += cost;
  return { cost, bought };
}

/** A sidebar run over Sheet1's rows (or `ids`): what it must buy (not bought by a run in the window). */
export function runCost(model: Model, ids: Ids = model.ids1): { cost: number; orgs: number[] } {
  const orgs = matched(model, ids).filter((org) => stale(model.runBought, org, model.now, WINDOW));
  return { cost: orgs.length * RUN_PRICE, orgs };
}

/**
 * Organizations in Sheet1's rows a run bought whose answer never reached the record (lost, or a killed
 * request's unknown outcome): a new run sends them again, and only once its price has said so.
 */
export function lostOrgs(model: Model, ids: Ids = model.ids1): number[] {
  return matched(model, ids).filter(
    (org) =>
      !stale(model.runBought, org, model.now, WINDOW) && stale(model.runAnswered, org, model.now, WINDOW),
  );
}

export function recordRun(model: Model, orgs: number[]): void {
  for (const org of orgs) model.runBought.set(org, model.now);
  model.expected += orgs.length * RUN_PRICE;
}

/**
 * Refresh now: every row's organizations again, or only those of rows new since the last run. Rows whose
 * answer was lost never got values, so they are new to the person too: the refresh, priced before the click,
 * buys them (the person's explicit choice, as Re-run lost rows is).
 */
export function refreshCost(model: Model, job: JobModel, newRowsOnly: boolean): number[] {
  if (job.lost) return matched(model, model.ids1);
  if (!newRowsOnly) return matched(model, model.ids1);
  // New rows: identifiers the last run did not have (as many times as they appear), wherever a sort put them.
  const left = [...job.lastRunIds];
  const rows = model.ids1.filter((id) => {
    const at = left.indexOf(id);
    if (at < 0) return true;
    left.splice(at, 1);
    return false;
  });
  return matched(model, rows);
}

/** Bob's own rows (Bob!A2:A4): organizations no owner's command types, each bought at every run of his. */
export const BOB_ROWS = 3;

/** Bob's rule's due times in (from, to], each moving it on a day and charging his account for his rows. */
export function bobRefreshes(model: Model, from: number, to: number): number[] {
  const due: number[] = [];
  const bob = model.bob;
  if (!bob || bob.nextAt === null) return due;
  for (let at = bob.nextAt; at <= to; at += DAY) if (at > from) due.push(at);
  return due;
}

export function activeJob(model: Model): JobModel | undefined {
  return model.jobs.at(-1);
}

/** The scheduled refreshes due in (from, to], oldest first, each moving its rule's next due time on. */
export function dueRefreshes(
  model: Model,
  from: number,
  to: number,
): Array<{ job: JobModel; rule: RuleModel; at: number }> {
  const due: Array<{ job: JobModel; rule: RuleModel; at: number }> = [];
  for (const job of model.jobs) {
    for (const rule of job.rules) {
      for (let at = rule.nextAt; at <= to; at += PERIOD[rule.frequency])
        if (at > from) due.push({ job, rule, at });
    }
  }
  return due.sort((a, b) => a.at - b.at);
}

/**
 * A scheduled refresh: what Refresh now would buy, less what a run bought less than half its period ago
 * (two rules over the same rows, due hours apart, buy once).
 */
export function scheduledRefresh(model: Model, job: JobModel, rule: RuleModel, at: number): number[] {
  const orgs = refreshCost(model, job, rule.newRowsOnly).filter(
    (org) => !(at - (model.runBought.get(org) ?? -Infinity) < PERIOD[rule.frequency] / 2),
  );
  for (const org of orgs) {
    model.runBought.set(org, at);
    model.runAnswered.set(org, at);
  }
  model.expected += orgs.length * RUN_PRICE;
  job.lastRunIds = [...model.ids1];
  job.lost = false;
  // Every row bought again into the record: nothing of these rows is unknown to it any more (seed 25).
  if (!rule.newRowsOnly && orgs.length > 0) model.recordLost = false;
  rule.nextAt = at + PERIOD[rule.frequency];
  return orgs;
}
