// Everything Apps Script keeps between executions, plus the logs tests assert on.

import { readInput } from "./cell-values.ts";
import type { HarnessClock } from "./clock.ts";
import { HarnessUsageError } from "./errors.ts";
import type { ExecutionRecord } from "./execution.ts";
import { CacheStores } from "./fakes/cache-service.ts";
import { type DailyLimits, DailyQuotas } from "./fakes/daily-quotas.ts";
import type { FetchQuota } from "./fakes/fetch-quota.ts";
import { LockTable } from "./fakes/lock-service.ts";
import { PropertyStores } from "./fakes/properties-service.ts";
import { type TriggerFire, TriggerTable } from "./fakes/trigger-table.ts";
import { UiState } from "./fakes/ui.ts";
import type { FetchRecord, InProcessBackend } from "./fakes/url-fetch-app.ts";
import { type FormulaRunner, Recalc } from "./formula/recalc.ts";
import { type LatencyOption, latencyModel } from "./latency.ts";
import { seededRandom } from "./random.ts";
import { SpreadsheetState } from "./state/spreadsheet-state.ts";

export interface WorldSettings {
  mode: "addon" | "bound";
  latencyMs: number;
  httpTimeoutMs: number;
  fetchDeadlineMs: number;
  wallTimeoutMs: number;
  seed: number;
  timeZone: string;
  /** Every spreadsheet's own time zone (Spreadsheet.getSpreadsheetTimeZone). */
  spreadsheetTimeZone: string;
  locale: string;
  authorized: boolean;
  scopes: string[];
  scriptId: string;
  bundleDir: string;
  backend: InProcessBackend | null;
  latency: LatencyOption;
}

export interface SheetSeed {
  name: string;
  hidden?: boolean;
  /** Rows of values typed into the sheet from A1 ("=…" text becomes a formula). */
  values?: unknown[][];
  rows?: number;
  cols?: number;
}

export class World {
  readonly spreadsheets = new Map<string, SpreadsheetState>();
  readonly properties = new PropertyStores();
  readonly caches = new CacheStores();
  readonly locks = new LockTable();
  readonly triggers: TriggerTable;
  readonly fetches: FetchRecord[] = [];
  /** UrlFetch's daily allowance (one of the daily quotas). */
  readonly quota: FetchQuota;
  readonly quotas: DailyQuotas;
  readonly ui = new UiState();
  readonly executions: ExecutionRecord[] = [];
  readonly random: () => number;
  /** The scheduler's draw between calls due at the same moment: another seed, another interleaving. */
  readonly schedule: () => number;
  /** The latency model: what each service call costs on the execution's clock (null: nothing). */
  readonly latency: ((call: string) => number) | null;
  /** The call a test chose to kill an execution at (`gas.killAt`), and how many such calls to let pass first. */
  kill: { call: string; pass: number } | null = null;
  /** Calls a test chose to fail with a platform error (`gas.failAt`), each with how many such calls pass first. */
  failures: Array<{ call: string; pass: number; message: string }> = [];
  readonly recalc: Recalc;
  /** The cursor of the "thread" running now: concurrent runs and triggers each start their own. */
  thread: { cursor: number } | null = null;
  activeDocumentId = "";
  user: string;

  constructor(
    readonly clock: HarnessClock,
    readonly settings: WorldSettings,
    hooks: { user: string; limits: DailyLimits; runFormulas: FormulaRunner; fireTrigger: TriggerFire },
  ) {
    this.user = hooks.user;
    this.random = seededRandom(settings.seed);
    this.schedule = seededRandom(settings.seed ^ 0x5c4ed);
    this.latency = latencyModel(settings.latency, settings.seed);
    this.quotas = new DailyQuotas(hooks.limits);
    this.quota = this.quotas.urlFetch;
    this.recalc = new Recalc(hooks.runFormulas);
    this.triggers = new TriggerTable(settings.mode === "addon", hooks.fireTrigger);
    clock.addScheduler(this.triggers);
  }

  document(id: string = this.activeDocumentId): SpreadsheetState {
    const doc = this.spreadsheets.get(id);
    if (!doc) throw new HarnessUsageError(`No spreadsheet with id "${id}" in this harness.`);
    return doc;
  }

  /** Adds a spreadsheet with the given sheets (Sheet1 when none), values typed in as a user would. */
  addSpreadsheet(name: string, owner: string, seeds: SheetSeed[]): SpreadsheetState {
    const id = this.newId();
    const doc = new SpreadsheetState(id, name, owner, this.settings.spreadsheetTimeZone);
    const list = seeds.length > 0 ? seeds : [{ name: "Sheet1" }];
    if (list.every((s) => s.hidden))
      throw new HarnessUsageError("A spreadsheet needs at least one visible sheet.");
    for (const seed of list) {
      if (doc.sheetByName(seed.name)) throw new HarnessUsageError(`Two sheets are named "${seed.name}".`);
      const sheet = doc.addSheet(seed.name, doc.sheets.length, seed.hidden ?? false);
      const values = seed.values ?? [];
      sheet.maxRows = Math.max(seed.rows ?? 1000, values.length);
      sheet.maxCols = Math.max(seed.cols ?? 26, ...values.map((row) => row.length));
      if (values.length > 0) {
        const width = Math.max(...values.map((row) => row.length));
        const inputs = values.map((row) =>
          Array.from({ length: width }, (_, c) =>
            readInput(row[c] ?? "", (message) => {
              throw new HarnessUsageError(`Sheet "${seed.name}": ${message}`);
            }),
          ),
        );
        this.recalc.write(sheet, { row: 1, col: 1, rows: values.length, cols: width }, inputs);
      }
    }
    doc.activeSheetId = doc.sheets.find((s) => !s.hidden)!.id;
    this.spreadsheets.set(id, doc);
    return doc;
  }

  /** A fresh spreadsheet id, 44 characters as Drive's are, drawn from the seed. */
  newId(): string {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    return `1${Array.from({ length: 43 }, () => alphabet[Math.floor(this.random() * alphabet.length)]).join("")}`;
  }

  /** The error this call throws, if `gas.failAt` chose it; each arming fails one call, then is gone. */
  failHere(call: string): string | null {
    for (const failure of this.failures) {
      if (failure.call !== call || failure.pass-- > 0) continue;
      this.failures = this.failures.filter((f) => f !== failure);
      return failure.message;
    }
    return null;
  }

  /** Whether this call is the one `gas.killAt` chose; arms once, so the executions after it run normally. */
  killHere(call: string): boolean {
    if (this.kill?.call !== call) return false;
    if (this.kill.pass-- > 0) return false;
    this.kill = null;
    return true;
  }
}
