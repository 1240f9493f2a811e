// Commands on the file around the rows: the spreadsheet's time zone, and the add-on's hidden sheets unhidden,
// typed over or deleted. None of them is a purchase: the ledger stays at the model's minimum, and a record
// the person deleted is never bought again while another record still holds it.
import { checkAll, ModelMismatch, type Real } from "./check.ts";
import { FORMULA_PRICE, type Model, RUN_PRICE } from "./model.ts";
import type { Cmd, KnownBug } from "./steps.ts";
import { tryRun } from "./world.ts";

/** The add-on's hidden sheets, as a person finds them (View ▸ Hidden sheets). */
export const ADDON_SHEETS = [
  "Enrichment jobs",
  "Enrichment row prints",
  "Enrichment purchases",
  "Enrichment matches",
] as const;
export type AddonSheet = (typeof ADDON_SHEETS)[number];

/** Whether the file has a sheet of that name now. */
export function exists(r: Real, name: string): boolean {
  try {
    r.world.gas.sheet(name).values("A1");
    return true;
  } catch {
    return false;
  }
}

/** File ▸ Settings ▸ Time zone: dates show in the new zone; nothing is bought, nothing runs again. */
export class SetTimeZone implements Cmd {
  constructor(readonly zone: string) {}
  check(): boolean {
    return true;
  }
  run(m: Model, r: Real): void {
    m.now = r.world.gas.clock.now();
    r.world.gas.setTimeZone(this.zone);
    checkAll(r, m);
  }
  toString(): string {
    return `set the spreadsheet's time zone to ${this.zone}`;
  }
}

/** View ▸ Hidden sheets ▸ one of the add-on's: shown, not changed. */
export class UnhideAddonSheet implements Cmd {
  constructor(readonly name: AddonSheet) {}
  check(): boolean {
    return true;
  }
  run(m: Model, r: Real): void {
    m.now = r.world.gas.clock.now();
    if (exists(r, this.name)) r.world.gas.sheet(this.name).setHidden(false);
    checkAll(r, m);
  }
  toString(): string {
    return `unhide "${this.name}"`;
  }
}

/**
 * The person types over a cell of one of the add-on's sheets (row 2's second cell, or its header). What a
 * run bought stays bought: the record typed over is not the only one, and a purchase is never made twice
 * without the person being told.
 */
export class EditAddonSheet implements Cmd {
  constructor(
    readonly name: AddonSheet,
    readonly cell: "A1" | "B2",
    readonly bugs: ReadonlySet<KnownBug>,
  ) {}
  check(): boolean {
    // A header cell typed over is read through (the jobs sheet's check names the key; a wave's pieces are
    // the add-on's own); a job's value typed over is read from its row's copy (KNOWN_BUGS
    // "addon-sheet-edit", fixed: regressions/typed-over-jobs-value).
    const known = this.name === "Enrichment jobs" || this.name === "Enrichment purchases";
    return !known || this.cell === "A1" || this.bugs.has("addon-sheet-edit");
  }
  run(m: Model, r: Real): void {
    m.now = r.world.gas.clock.now();
    if (exists(r, this.name)) r.world.gas.sheet(this.name).set(this.cell, [["typed over"]]);
    checkAll(r, m);
  }
  toString(): string {
    return `type "typed over" into "${this.name}"!${this.cell}`;
  }
}

/**
 * The person deletes one of the add-on's sheets. Deleting "Enrichment jobs" deletes the runs and their
 * refresh rules (a Resume then says there is no such job), unless the purchase record brings them back. What a
 * run bought stays bought while the purchase record holds it. Once it is deleted the product cannot know,
 * so the model allows each organization a run bought to be bought once more (its slack), the price saying so.
 */
export class DeleteAddonSheet implements Cmd {
  constructor(
    readonly name: AddonSheet,
    readonly bugs: ReadonlySet<KnownBug>,
  ) {}
  check(): boolean {
    // Deleting the purchase record: the next price says nothing of it (KNOWN_BUGS "addon-sheet-delete").
    return this.name !== "Enrichment purchases" || this.bugs.has("addon-sheet-delete");
  }
  run(m: Model, r: Real): void {
    m.now = r.world.gas.clock.now();
    if (!exists(r, this.name)) {
      checkAll(r, m);
      return;
    }
    r.world.gas.deleteSheet(this.name);
    // With the purchase record there, the runs come back from it (runs-back.ts), their rules with them: a
    // second rule over the same rows is refused, and the rule still falls due (campaign seed 606).
    if (this.name === "Enrichment jobs") {
      if (!exists(r, "Enrichment purchases")) {
        m.jobs = [];
        if (m.bob) m.bob.nextAt = null;
      } else {
        // Only runs the record names come back: a run that rested done; one that stopped or failed before
        // buying is gone (seed 707: Resume of such a run says there is no such job).
        m.jobs = m.jobs.filter((job) => job.state === "done" && !job.faulted);
      }
    }
    // Runs keep what they bought in the purchase record alone (a job holds no answers since it exists):
    // once it is deleted the product cannot know, and its next price must say so (askPrice).
    if (this.name === "Enrichment purchases") {
      // "Enrichment jobs" deleted and no execution since brought the runs back from the record (that makes
      // the sheet again): with the record gone they cannot come back, and a rule saved on one is refused
      // with a sentence (seeds 505, 707: regressions/jobs-deleted-two-runs-rule.test.ts).
      if (!exists(r, "Enrichment jobs")) {
        m.jobs = [];
        if (m.bob) m.bob.nextAt = null;
      }
      m.slack += m.runBought.size * RUN_PRICE;
      // Formulas read the record's by-key copy, rebuilt from it at the next filing: they may buy again.
      m.slack += m.runAnswered.size * FORMULA_PRICE;
      // The price must say so once the record held an answer; a run whose every answer was lost (a killed
      // poll) put none in it, and its deletion loses nothing the product knew (seed 25: ledger 0, then a
      // rule's refresh made the record again and the price was rightly plain).
      if (m.runAnswered.size > 0) m.recordLost = true;
    }
    checkAll(r, m);
  }
  toString(): string {
    return `delete the sheet "${this.name}"`;
  }
}

/** What the person reads while the day's Properties calls are used up. */
const STORE_OUT =
  /^Google Apps Script's daily limit of reads and writes of add-on settings for your account is used up\. /;

/**
 * The owner's other scripts use up the day's Properties reads and writes (`gas.quotas`): no setting, key or
 * record can be read until the 24-hour window renews. Nothing is bought; the sidebar's poll says so in a
 * sentence; formulas say why instead of answering; only 31 hours later does the model go on buying.
 */
export class PropertiesOut implements Cmd {
  check(m: Readonly<Model>): boolean {
    // A daily refresh due while it is out would fail and wait: the model keeps them apart, as for UrlFetch.
    return !m.quotaOut && !m.jobs.some((job) => job.rules.some((rule) => rule.frequency === "daily"));
  }
  run(m: Model, r: Real): void {
    const { gas } = r.world;
    m.now = gas.clock.now();
    gas.quotas.spend("properties", gas.quotas.limits.properties - gas.quotas.use().properties);
    m.quotaOut = true;
    m.storeOut = true;
    const poll = tryRun(r.world, "pollJobs");
    if ("error" in poll && !STORE_OUT.test(poll.error))
      throw new ModelMismatch(`with the Properties quota used up the sidebar's poll says "${poll.error}"`);
    r.world.gas.recalculate();
    checkAll(r, m);
  }
  toString(): string {
    return "the day's Properties reads and writes run out";
  }
}

/** Commands that need no setting: the ones a person can do while the day's Properties calls are used up. */
export const WITHOUT_STORE = new Set([
  "SetIds",
  "SetFormula",
  "Recalculate",
  "Advance",
  "SortSheet",
  "InsertRow",
  "DeleteRow",
  "MoveRows",
  "SortIdentifiers",
  "SetTimeZone",
  "UnhideAddonSheet",
  "RenameTarget",
]);

/**
 * The person renames the sheet the runs enrich. Nothing is bought; the runs, their Resume and their refresh
 * rules follow the sheet under its new name (issue 38: a paid answer whose sheet was renamed is used).
 */
export class RenameTarget implements Cmd {
  constructor(
    readonly name: string,
    readonly bugs: ReadonlySet<KnownBug>,
  ) {}
  check(m: Readonly<Model>): boolean {
    // Runs and rules follow the sheet by its id (KNOWN_BUGS "rename-target", fixed).
    return m.jobs.length === 0 || this.bugs.has("rename-target");
  }
  run(m: Model, r: Real): void {
    m.now = r.world.gas.clock.now();
    if (r.target !== this.name) {
      r.world.gas.renameSheet(r.target, this.name);
      r.target = this.name;
    }
    checkAll(r, m);
  }
  toString(): string {
    return `rename the sheet the runs enrich to "${this.name}"`;
  }
}
