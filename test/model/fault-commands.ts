// Faults of every kind a store, a lock or the platform can give (gas.failAt, Google's texts): a Properties or
// Cache call refused, a lock timing out, Sheets failing mid-write, the service unreachable. Each lands on one
// call of an Enrich's run; whatever it breaks, the money and the rows must still be right.
import { GAS } from "../../harness/index.ts";
import { checkAll, type Real } from "./check.ts";
import { exists } from "./file-commands.ts";
import { type Model, RUN_PRICE, recordRun, runCost } from "./model.ts";
import { askPrice, Enrich } from "./run-commands.ts";
import { type Cmd, type KnownBug, runRequest, type Status, settle } from "./steps.ts";
import { BASE, charged } from "./world.ts";

const ORGANIZATIONS_URL = `${BASE}/v9/organizations`;

/** Where a fault lands (the nth call of that name once the run has started) and Google's text for it. */
export type PlatformFault = readonly [call: string, nth: number, text: (spreadsheetId: string) => string];

export const PLATFORM_FAULTS: readonly PlatformFault[] = [
  ["Properties.setProperty", 1, () => GAS.tooManyInShortTime("properties")],
  ["Properties.setProperty", 3, () => GAS.serverNotAvailable],
  ["Properties.getProperty", 2, () => GAS.serverError],
  ["Properties.setProperty", 2, () => GAS.propertyValueTooLarge],
  ["Cache.put", 1, () => GAS.cacheValueTooLarge],
  ["Cache.get", 3, () => GAS.tooManyInShortTime("cache")],
  ["Lock.waitLock", 1, () => GAS.lockTimeout],
  ["Lock.waitLock", 4, () => GAS.lockTimeout],
  ["Range.getValues", 2, (id) => GAS.spreadsheetsFailed(id)],
  ["Range.setValues", 1, (id) => GAS.spreadsheetsFailed(id)],
  ["Spreadsheet.insertSheet", 1, (id) => GAS.spreadsheetsFailed(id)],
  ["UrlFetchApp.fetchAll", 1, () => GAS.addressUnavailable(ORGANIZATIONS_URL)],
  ["UrlFetchApp.fetchAll", 1, () => GAS.dnsError(ORGANIZATIONS_URL)],
];

/**
 * Faults that land after the service charged a run's request (on a first Enrich of a fresh file): the run
 * fails, and its log row counts the charge then, not only at a Resume (FIXED "fault-after-charge").
 */
export const AFTER_CHARGE_FAULTS: readonly PlatformFault[] = [
  ["Range.setValues", 3, (id) => GAS.spreadsheetsFailed(id)],
  ["Range.getValues", 4, (id) => GAS.spreadsheetsFailed(id)],
  ["Lock.waitLock", 7, () => GAS.lockTimeout],
  ["Cache.put", 5, () => GAS.serverNotAvailable], // #5: each wave first puts its note to file the by-key shelf (noted-put.ts)
];

/**
 * A run the platform failed somewhere: a run that rests done with no row lost and nothing possibly charged
 * bought exactly the minimum; any other outcome may have bought anything up to its price (slack), which
 * the log must say, and its rows must say they were not enriched — unless the service's ledger did not
 * move since `ledgerBefore` and the run says nothing possibly charged: then nothing was bought.
 */
export function settleFaulted(
  m: Model,
  r: Real,
  jobId: string,
  orgs: number[],
  ledgerBefore: number,
  others: Status[] = [],
): void {
  const before = m.now;
  const status = settle(m, r.world, jobId);
  const now = m.now;
  m.now = before;
  const possibly = (s: Status) => (s as { possiblyCharged?: number }).possiblyCharged ?? 0;
  const all = [status, ...others];
  const clean = all.every((s) => s.state === "done" && s.lostRows === 0 && possibly(s) === 0);
  if (clean) {
    recordRun(m, orgs);
    for (const org of orgs) m.runAnswered.set(org, m.now);
  } else if (charged(r.world) !== ledgerBefore || all.some((s) => possibly(s) > 0)) {
    for (const org of orgs) m.runBought.set(org, m.now);
    m.slack += orgs.length * RUN_PRICE;
    // The fault kept a deleted record from being made again (Spreadsheet.insertSheet): what runs bought is
    // in no record still, so the next price must say so again, and may buy it once more (seed 303).
    if (m.runBought.size > 0 && !exists(r, "Enrichment purchases")) {
      m.recordLost = true;
      m.slack += m.runBought.size * RUN_PRICE;
    }
  }
  // Else nothing was charged and the add-on says nothing may have been (the fault came before any request's
  // intent): nothing is held back. A request whose intent was recorded is held back as possibly charged
  // even when it never left, as the add-on cannot know (seed 44).
  m.now = now;
  const job = m.jobs.find((j) => j.jobId === jobId)!;
  job.faulted = !clean;
  job.lost = status.lostRows > 0 && orgs.length > 0;
  if (job.lost) m.lostCredits += orgs.length * RUN_PRICE;
  job.state =
    status.state === "done" ? "done" : status.state === "stopped" || status.canResume ? "stopped" : "other";
  job.lastRunIds = [...m.ids1];
}

/** Enrich, one service call of its run failing with one of Google's texts; the sidebar polls until it rests. */
export class EnrichPlatformFault implements Cmd {
  constructor(
    readonly at: (typeof PLATFORM_FAULTS)[number],
    readonly bugs: ReadonlySet<KnownBug>,
  ) {}
  check(m: Readonly<Model>): boolean {
    return new Enrich("none", false, this.bugs).check(m) && !m.quotaOut;
  }
  run(m: Model, r: Real): void {
    const { gas } = r.world;
    m.now = gas.clock.now();
    // Rows whose answer was lost are sent again once the price named them, as by a plain Enrich.
    const again = askPrice(m, r);
    const job = gas.run("startEnrichment", runRequest(r)) as Status;
    m.jobs.push({ jobId: job.jobId, lastRunIds: [...m.ids1], state: "other", rules: [], lost: false });
    const orgs = [...runCost(m).orgs, ...again];
    const ledgerBefore = charged(r.world);
    const [call, nth, text] = this.at;
    const disarm = gas.failAt(call, nth, text(gas.spreadsheetId));
    try {
      settleFaulted(m, r, job.jobId, orgs, ledgerBefore);
    } finally {
      // Disarmed if the run never made that call: a fault must not wait for a later command.
      disarm();
    }
    checkAll(r, m);
  }
  toString(): string {
    return `enrich Sheet1!A2:A7, ${this.at[0]} #${this.at[1]} failing: "${this.at[2]("<id>")}"`;
  }
}
