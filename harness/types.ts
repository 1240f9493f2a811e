// The harness's public shape: the options createHarness takes and the API a test drives.

import type { CellValue } from "./cell-values.ts";
import type { Clock } from "./clock.ts";
import type { ExecutionRecord } from "./execution.ts";
import type { CacheStore } from "./fakes/cache-service.ts";
import type { DailyLimits, DailyUse } from "./fakes/daily-quotas.ts";
import type { LockTable } from "./fakes/lock-service.ts";
import type { PropertyStore } from "./fakes/properties-service.ts";
import type { TriggerState } from "./fakes/trigger-table.ts";
import type { DialogRecord, MenuEntry, ShownRecord, UiAnswer } from "./fakes/ui.ts";
import type { FetchRecord, InProcessBackend } from "./fakes/url-fetch-app.ts";
import type { FormulaEvaluator } from "./formula/evaluator.ts";
import type { LatencyOption } from "./latency.ts";
import type { CellSnapshot, SheetHandle } from "./sheet-handle.ts";
import type { SetValuesRecord } from "./state/spreadsheet-state.ts";
import type { SheetSeed } from "./world.ts";

export interface HarnessOptions {
  /** The bundle to run; default dist/Code.js. */
  bundlePath?: string;
  /** An existing clock (e.g. one the emulator state already reads); default createClock(). */
  clock?: Clock;
  /** The in-process backend UrlFetchApp routes its base URL to (the emulator core). */
  emulator?: InProcessBackend;
  /** Simulated harness time per in-process request; default 20 ms. */
  latencyMs?: number;
  /**
   * What each service call costs on the execution's clock: "none" (default), "apps-script" (measured figures,
   * see APPS_SCRIPT_LATENCY) or a table by "Service.method" / "Service.*" / "*".
   */
  latency?: LatencyOption;
  /** Real-HTTP timeout per request (wall time); default 30,000 ms, at most 120,000. */
  httpTimeoutMs?: number;
  /**
   * UrlFetch's own deadline for an in-process request (harness time): a slower answer throws
   * `Timeout: <url>` after the backend has served (and charged) it. Default 60,000 ms, the widely reported
   * figure (Apps Script documents none).
   */
  fetchDeadlineMs?: number;
  /** Wall-time guard against a bundle that never returns; default 60,000 ms. */
  wallTimeoutMs?: number;
  /** "addon" (default) applies the add-on trigger rules and opens in AuthMode.NONE; "bound" opens in LIMITED. */
  mode?: "addon" | "bound";
  /** The person using the spreadsheet; default "user@example.com". */
  user?: string;
  /** The spreadsheet's owner (whose user properties custom functions read); default: the user. */
  owner?: string;
  /** Seeds UUIDs, ids and the bundle's Math.random; default 1. */
  seed?: number;
  /** The script time zone; default the bundle's appsscript.json timeZone, else "Etc/UTC". */
  timeZone?: string;
  /** The spreadsheets' own time zone (File ▸ Settings), which may differ from the script's; default timeZone. */
  spreadsheetTimeZone?: string;
  /** Session.getActiveUserLocale(); default "en". */
  locale?: string;
  spreadsheetName?: string;
  /** The spreadsheet's sheets; default one empty "Sheet1". */
  sheets?: SheetSeed[];
  scriptProperties?: Record<string, string>;
  /** Replaces the custom-function-only formula reader (e.g. with a full spreadsheet engine). */
  evaluator?: FormulaEvaluator;
  /** The manifest's oauthScopes, instead of those in the bundle's appsscript.json. */
  oauthScopes?: string[];
  /** Whether the user has authorized the add-on (ScriptApp.getAuthorizationInfo); default true. */
  authorized?: boolean;
  /** UrlFetch calls per user per day; default 20,000 (consumer accounts; Workspace has 100,000). */
  urlFetchPerDay?: number;
  /**
   * The account's kind, for the daily quotas: consumer (default) 20,000 UrlFetch calls, 50,000 property reads
   * and writes, 90 minutes of trigger runtime; Workspace 100,000, 500,000 and 6 hours.
   */
  account?: "consumer" | "workspace";
}

export interface FormulaResult extends CellSnapshot {
  /** The cells the result occupies: 1×1 for a scalar or an error, the spill area for an array. */
  values: CellValue[][];
}

export interface Harness {
  readonly clock: Clock;
  readonly spreadsheetId: string;
  readonly user: string;
  /** Opens the spreadsheet: runs onOpen as a simple trigger (NONE in an add-on, LIMITED when bound). */
  open(options?: { authMode?: "NONE" | "LIMITED" | "FULL" }): ExecutionRecord | null;
  /** Installs the add-on: runs onInstall in FULL. */
  install(): ExecutionRecord | null;
  sheet(name?: string): SheetHandle;
  /** Enters a formula and evaluates it (a custom function runs in a fresh CUSTOM_FUNCTION execution). */
  formula(a1: string, formula: string): FormulaResult;
  cell(a1: string): CellSnapshot;
  /** Selects a range, as the user would before a menu action. */
  select(a1: string): void;
  /** What is selected: its sheet and every range (several after a RangeList's activate()). */
  selection(): { sheet: string; ranges: string[] } | null;
  /**
   * Fills `range` with `formula` as dragging it down or across does (relative references move per cell), then
   * recalculates: every custom-function cell starts its own execution, up to 30 at once.
   */
  fill(range: string, formula: string): ExecutionRecord[];
  /** Re-runs every formula, each in a fresh execution (custom functions together, up to 30 at once). */
  /** Kills the execution making the nth call to `call` from now on, before it takes effect (see README). */
  killAt(call: string, nth?: number): void;
  /**
   * Makes the nth call to `call` from now on throw `message` (a platform error) instead of taking effect (see
   * README); the returned function disarms it and says whether a call met it.
   */
  failAt(call: string, nth: number, message: string): () => boolean;
  recalculate(): void;
  /**
   * Runs at most `limit` formulas of the recalculation that edits typed with `set(…, { later: true })` left
   * waiting; true when none is left. Any other change to the spreadsheet settles it all first.
   */
  settle(limit: number): boolean;
  /** Closes and reopens the spreadsheet: onOpen runs, then every formula is recalculated. Returns what ran. */
  reopen(options?: { authMode?: "NONE" | "LIMITED" | "FULL" }): ExecutionRecord[];
  menuItems(): MenuEntry[];
  /** Clicks an add-on menu item: runs its function in FULL. */
  menu(label: string): ExecutionRecord;
  /** Calls a server function as google.script.run does; throws ScriptError when it fails. */
  run(functionName: string, ...args: unknown[]): unknown;
  /**
   * gas.run on its own thread, in real time, while the caller goes on: calls made meanwhile (more runLive,
   * gas.run, clock moves) interleave with it as their requests come, as on a server whose requests overlap.
   */
  runLive(functionName: string, ...args: unknown[]): Promise<unknown>;
  /**
   * Starts each thunk's execution at the same moment, each on its own thread: they interleave at every service
   * call in an order the seed decides. A thunk should start one run (gas.run, gas.menu, gas.open); it is
   * called twice, once to learn what it starts and once to receive the outcome.
   */
  concurrently<T extends unknown[]>(runs: { [K in keyof T]: () => T[K] }): T;
  /** A gas.concurrently thunk whose execution starts `ms` of harness time after the others. */
  delayed<T>(ms: number, run: () => T): () => T;
  setUser(email: string): void;
  addSpreadsheet(options?: { name?: string; owner?: string; sheets?: SheetSeed[] }): string;
  /**
   * File ▸ Make a copy of spreadsheet `id` (default the active one) by `user` (default the current user), who
   * owns the copy, named `name` (default "Copy of <name>"); returns the copy's id (see README, What people do).
   */
  copySpreadsheet(id?: string, options?: { name?: string; user?: string }): string;
  /** Renames a sheet as a person does; formulas naming it follow the new name. */
  renameSheet(oldName: string, newName: string): void;
  /** Deletes a sheet as a person does (not the last visible one); formulas naming it become #REF!. */
  deleteSheet(name: string): void;
  /** File ▸ Settings: the active spreadsheet's time zone, which display values and getSpreadsheetTimeZone read. */
  setTimeZone(timeZone: string): void;
  /** File ▸ Settings: the active spreadsheet's locale, which getSpreadsheetLocale reads. */
  setLocale(locale: string): void;
  useSpreadsheet(id: string): void;
  readonly ui: {
    answerNext(answer: UiAnswer): void;
    readonly sidebar: ShownRecord | null;
    readonly shown: readonly ShownRecord[];
    readonly dialogs: readonly DialogRecord[];
  };
  readonly properties: {
    readonly script: PropertyStore;
    user(email?: string): PropertyStore;
    document(id?: string): PropertyStore;
  };
  readonly caches: {
    readonly script: CacheStore;
    user(email?: string): CacheStore;
    document(id?: string): CacheStore;
  };
  /** The daily quotas per user: their limits (by `account`) and what a user has used in today's window. */
  readonly quotas: {
    readonly limits: DailyLimits;
    use(user?: string): DailyUse;
    /** Uses up part of a quota, as the user's other scripts and add-ons would (they share it). */
    spend(quota: keyof DailyLimits, amount: number, user?: string): void;
  };
  readonly locks: LockTable;
  triggers(): TriggerState[];
  readonly fetches: readonly FetchRecord[];
  readonly executions: readonly ExecutionRecord[];
  readonly setValuesCalls: readonly SetValuesRecord[];
  readonly toasts: ReadonlyArray<{ message: string; title: string }>;
}
