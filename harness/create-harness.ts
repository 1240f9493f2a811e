// createHarness: the API end-to-end tests drive the built bundle through.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { cellA1, parseA1, rangeA1 } from "./a1.ts";
import { AuthMode, type AuthModeName } from "./auth-mode.ts";
import type { CellValue } from "./cell-values.ts";
import { type Clock, createClock, harnessClock } from "./clock.ts";
import { HarnessUsageError } from "./errors.ts";
import type { ExecutionRecord } from "./execution.ts";
import type { CacheStore } from "./fakes/cache-service.ts";
import type { LockTable } from "./fakes/lock-service.ts";
import type { PropertyStore } from "./fakes/properties-service.ts";
import type { TriggerState } from "./fakes/trigger-table.ts";
import type { DialogRecord, MenuEntry, ShownRecord, UiAnswer } from "./fakes/ui.ts";
import type { FetchRecord, InProcessBackend } from "./fakes/url-fetch-app.ts";
import { customFunctionEvaluator, type FormulaEvaluator } from "./formula/evaluator.ts";
import { readFormula } from "./formula/read-formula.ts";
import { loadBundle } from "./load-bundle.ts";
import { Runner } from "./runner.ts";
import { carry } from "./script-run.ts";
import { type CellSnapshot, createSheetHandle, type SheetHandle, snapshotCell } from "./sheet-handle.ts";
import { type SetValuesRecord, SheetState } from "./state/spreadsheet-state.ts";
import { type SheetSeed, World } from "./world.ts";

export const DEFAULT_BUNDLE = fileURLToPath(new URL("../dist/Code.js", import.meta.url));

export interface HarnessOptions {
  /** The bundle to run; default dist/Code.js. */
  bundlePath?: string;
  /** An existing clock (e.g. one the emulator state already reads); default createClock(). */
  clock?: Clock;
  /** The in-process backend UrlFetchApp routes its base URL to (the emulator core). */
  emulator?: InProcessBackend;
  /** Simulated harness time per in-process request; default 20 ms. */
  latencyMs?: number;
  /** Real-HTTP timeout per request (wall time); default 30,000 ms, at most 120,000. */
  httpTimeoutMs?: number;
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
  /** Session.getActiveUserLocale(); default "en". */
  locale?: string;
  spreadsheetName?: string;
  /** The spreadsheet's sheets; default one empty "Sheet1". */
  sheets?: SheetSeed[];
  scriptProperties?: Record<string, string>;
  /** Replaces the custom-function-only formula reader (e.g. with a full spreadsheet engine). */
  evaluator?: FormulaEvaluator;
  /** Whether the user has authorized the add-on (ScriptApp.getAuthorizationInfo); default true. */
  authorized?: boolean;
  /** UrlFetch calls per user per day; default 20,000 (consumer accounts; Workspace has 100,000). */
  urlFetchPerDay?: number;
}

export interface FormulaResult extends CellSnapshot {
  /** The cells the result occupies: 1×1 for a scalar or an error, the spill area for an array. */
  values: CellValue[][];
}

/** Thrown by gas.run when the server function fails (google.script.run's failure handler gets the message). */
export class ScriptError extends Error {
  override name = "ScriptError";
  constructor(
    message: string,
    readonly execution: ExecutionRecord,
  ) {
    super(message);
  }
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
  /** Re-runs every formula, each in a fresh execution, as reopening the file does. */
  recalculate(): void;
  menuItems(): MenuEntry[];
  /** Clicks an add-on menu item: runs its function in FULL. */
  menu(label: string): ExecutionRecord;
  /** Calls a server function as google.script.run does; throws ScriptError when it fails. */
  run(functionName: string, ...args: unknown[]): unknown;
  /** Runs each thunk's executions as if started at the same moment (each with its own clock cursor). */
  concurrently<T extends unknown[]>(runs: { [K in keyof T]: () => T[K] }): T;
  setUser(email: string): void;
  addSpreadsheet(options?: { name?: string; owner?: string; sheets?: SheetSeed[] }): string;
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
  readonly locks: LockTable;
  triggers(): TriggerState[];
  readonly fetches: readonly FetchRecord[];
  readonly executions: readonly ExecutionRecord[];
  readonly setValuesCalls: readonly SetValuesRecord[];
  readonly toasts: ReadonlyArray<{ message: string; title: string }>;
}

const usage = (message: string): never => {
  throw new HarnessUsageError(message);
};

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const bundle = loadBundle(options.bundlePath ?? DEFAULT_BUNDLE);
  const manifest = readManifest(bundle.dir);
  const clock = harnessClock(options.clock ?? createClock());
  const user = options.user ?? "user@example.com";
  const seed = options.seed ?? 1;
  const evaluator = options.evaluator ?? customFunctionEvaluator;
  for (const [name, value] of [
    ["latencyMs", options.latencyMs],
    ["httpTimeoutMs", options.httpTimeoutMs],
    ["wallTimeoutMs", options.wallTimeoutMs],
    ["urlFetchPerDay", options.urlFetchPerDay],
  ] as const) {
    if (value !== undefined && (!Number.isFinite(value) || value < 0)) {
      usage(`createHarness: ${name} must be a number of at least 0; got ${String(value)}.`);
    }
  }
  if (options.mode !== undefined && options.mode !== "addon" && options.mode !== "bound") {
    usage(`createHarness: mode must be "addon" or "bound"; got ${JSON.stringify(options.mode)}.`);
  }
  if (
    options.emulator &&
    (typeof options.emulator.baseUrl !== "string" || typeof options.emulator.handle !== "function")
  ) {
    usage("createHarness: emulator must be { baseUrl: string, handle(request) => response }.");
  }
  let runner: Runner | null = null;
  const world = new World(
    clock,
    {
      mode: options.mode ?? "addon",
      latencyMs: options.latencyMs ?? 20,
      httpTimeoutMs: options.httpTimeoutMs ?? 30_000,
      wallTimeoutMs: options.wallTimeoutMs ?? 60_000,
      seed,
      timeZone: options.timeZone ?? manifest.timeZone ?? "Etc/UTC",
      locale: options.locale ?? "en",
      authorized: options.authorized ?? true,
      scopes: manifest.scopes,
      scriptId: `1harness${seed}`,
      bundleDir: bundle.dir,
      backend: options.emulator ?? null,
    },
    {
      user,
      urlFetchPerDay: options.urlFetchPerDay ?? 20_000,
      runFormula: (doc, sheet, formula) => runner!.runFormula(doc, sheet, formula),
      fireTrigger: (trigger, at) => runner!.fireTrigger(trigger, at),
    },
  );
  runner = new Runner(world, bundle, evaluator);
  if (options.scriptProperties) {
    world.properties.script.update({ ...options.scriptProperties }, (message) =>
      usage(`scriptProperties: ${message}`),
    );
  }
  const first = world.addSpreadsheet(
    options.spreadsheetName ?? "Untitled spreadsheet",
    options.owner ?? user,
    options.sheets ?? [],
  );
  world.activeDocumentId = first.id;
  world.recalc.propagate(first, []);
  return new HarnessApi(world, runner, bundle.functionNames, evaluator === customFunctionEvaluator);
}

class HarnessApi implements Harness {
  constructor(
    private readonly world: World,
    private readonly runner: Runner,
    private readonly functions: string[],
    private readonly defaultEvaluator: boolean,
  ) {}

  get clock(): Clock {
    return this.world.clock;
  }

  get spreadsheetId(): string {
    return this.world.activeDocumentId;
  }

  get user(): string {
    return this.world.user;
  }

  open(options: { authMode?: "NONE" | "LIMITED" | "FULL" } = {}): ExecutionRecord | null {
    const authMode = options.authMode ?? (this.world.settings.mode === "addon" ? "NONE" : "LIMITED");
    if (!["NONE", "LIMITED", "FULL"].includes(authMode)) {
      usage(`gas.open: authMode must be "NONE", "LIMITED" or "FULL"; got ${JSON.stringify(authMode)}.`);
    }
    // Reopening the document rebuilds its menus from scratch.
    this.world.ui.addonMenu = null;
    this.world.ui.menus.clear();
    return this.#simple("onOpen", authMode);
  }

  install(): ExecutionRecord | null {
    return this.#simple("onInstall", "FULL");
  }

  #simple(name: string, authMode: AuthModeName): ExecutionRecord | null {
    if (!this.functions.includes(name)) return null;
    const doc = this.world.document();
    return this.runner.run({
      kind: "simple",
      functionName: name,
      authMode,
      user: this.world.user,
      activeUserEmail: authMode === "FULL" ? this.world.user : "",
      storeUser: this.world.user,
      documentId: doc.id,
      args: ({ realm, book }) => {
        const event = realm.of<Record<string, unknown>>({});
        event.authMode = AuthMode[authMode];
        // In AuthMode.NONE the event carries no document.
        if (authMode !== "NONE") event.source = book;
        return [event];
      },
    }).record;
  }

  sheet(name?: string): SheetHandle {
    const doc = this.world.document();
    const sheet = name === undefined ? doc.activeSheet : doc.sheetByName(name);
    if (!sheet)
      return usage(
        `No sheet named "${name}"; the sheets are ${doc.sheets.map((s) => `"${s.name}"`).join(", ")}.`,
      );
    return createSheetHandle(this.world, doc, sheet);
  }

  formula(a1: string, formula: string): FormulaResult {
    if (typeof formula !== "string" || !formula.startsWith("=")) {
      usage(`gas.formula needs formula text starting with "="; got ${JSON.stringify(formula)}.`);
    }
    if (this.defaultEvaluator) {
      const read = readFormula(formula);
      if (!read.ok) {
        usage(
          `gas.formula cannot read ${JSON.stringify(formula)}: ${read.reason}. The default evaluator reads one custom-function call; pass createHarness({ evaluator }) for more.`,
        );
      }
    }
    const { sheet, row, col } = this.#cellRef(a1, "gas.formula");
    const doc = this.world.document();
    const handle = createSheetHandle(this.world, doc, sheet);
    handle.set(cellA1(row, col), formula);
    const area = sheet.formulas.get(SheetState.key(row, col))?.laidOut ?? { row, col, rows: 1, cols: 1 };
    return { ...snapshotCell(doc, sheet, row, col), values: handle.values(rangeA1(area)) };
  }

  cell(a1: string): CellSnapshot {
    const { sheet, row, col } = this.#cellRef(a1, "gas.cell");
    return snapshotCell(this.world.document(), sheet, row, col);
  }

  select(a1: string): void {
    const doc = this.world.document();
    const ref = parseA1(a1);
    if (!ref) throw new HarnessUsageError(`gas.select: "${a1}" is not A1 notation.`);
    const sheet = ref.sheet === null ? doc.activeSheet : doc.sheetByName(ref.sheet);
    if (!sheet) throw new HarnessUsageError(`gas.select: no sheet named "${ref.sheet}".`);
    const endRow = Math.min(ref.endRow ?? sheet.maxRows, sheet.maxRows);
    const endCol = Math.min(ref.endCol ?? sheet.maxCols, sheet.maxCols);
    doc.activeSheetId = sheet.id;
    doc.selection = {
      sheetId: sheet.id,
      range: {
        row: ref.startRow,
        col: ref.startCol,
        rows: endRow - ref.startRow + 1,
        cols: endCol - ref.startCol + 1,
      },
    };
  }

  recalculate(): void {
    this.world.recalc.recalculateAll(this.world.document());
  }

  menuItems(): MenuEntry[] {
    return structuredClone(this.world.ui.addonMenu ?? []);
  }

  menu(label: string): ExecutionRecord {
    const menus = [...(this.world.ui.addonMenu ?? []), ...[...this.world.ui.menus.values()].flat()];
    if (menus.length === 0) usage(`There is no menu yet: call gas.open() first (onOpen builds the menu).`);
    const item = findItem(menus, label);
    if (!item) {
      usage(
        `No menu item labelled ${JSON.stringify(label)}; the menu has ${labels(menus)
          .map((l) => JSON.stringify(l))
          .join(", ")}.`,
      );
    }
    return this.runner.run({
      kind: "menu",
      functionName: item!.functionName,
      authMode: "FULL",
      user: this.world.user,
      activeUserEmail: this.world.user,
      storeUser: this.world.user,
      documentId: this.world.activeDocumentId,
    }).record;
  }

  run(functionName: string, ...args: unknown[]): unknown {
    if (typeof functionName !== "string" || !/^[A-Za-z_$][\w$]*$/.test(functionName)) {
      usage(`google.script.run calls a top-level function by name; got ${JSON.stringify(functionName)}.`);
    }
    if (functionName.endsWith("_")) {
      usage(`google.script.run cannot call ${functionName}: functions whose names end in "_" are private.`);
    }
    const carried = args.map((arg, i) => carry(arg, `argument ${i + 1}`));
    const outcome = this.runner.run({
      kind: "run",
      functionName,
      authMode: "FULL",
      user: this.world.user,
      activeUserEmail: this.world.user,
      storeUser: this.world.user,
      documentId: this.world.activeDocumentId,
      args: ({ realm }) => carried.map((a) => realm.of(a)),
    });
    if (!outcome.ok) throw new ScriptError(outcome.error ?? "", outcome.record);
    return carry(outcome.value, `the value ${functionName} returned`);
  }

  concurrently<T extends unknown[]>(runs: { [K in keyof T]: () => T[K] }): T {
    const world = this.world;
    if (world.thread) usage("gas.concurrently cannot be nested or called from inside an execution.");
    const start = world.clock.base;
    let end = start;
    const results = (runs as Array<() => unknown>).map((run) => {
      world.thread = { cursor: start };
      try {
        return run();
      } finally {
        end = Math.max(end, world.thread.cursor);
        world.thread = null;
      }
    });
    world.clock.reach(end);
    return results as T;
  }

  setUser(email: string): void {
    if (typeof email !== "string" || !email.includes("@"))
      usage(`gas.setUser needs an e-mail address; got ${JSON.stringify(email)}.`);
    this.world.user = email;
  }

  addSpreadsheet(options: { name?: string; owner?: string; sheets?: SheetSeed[] } = {}): string {
    const doc = this.world.addSpreadsheet(
      options.name ?? "Untitled spreadsheet",
      options.owner ?? this.world.user,
      options.sheets ?? [],
    );
    this.world.recalc.propagate(doc, []);
    return doc.id;
  }

  useSpreadsheet(id: string): void {
    this.world.document(id);
    this.world.activeDocumentId = id;
  }

  get ui() {
    const state = this.world.ui;
    return {
      answerNext: (answer: UiAnswer) => state.answerNext(answer),
      get sidebar() {
        return [...state.shown].reverse().find((s) => s.kind === "sidebar") ?? null;
      },
      get shown() {
        return state.shown;
      },
      get dialogs() {
        return state.dialogs;
      },
    };
  }

  get properties() {
    const world = this.world;
    return {
      script: world.properties.script,
      user: (email = world.user) => world.properties.user(email),
      document: (id = world.activeDocumentId) => world.properties.document(id),
    };
  }

  get caches() {
    const world = this.world;
    return {
      script: world.caches.script,
      user: (email = world.user) => world.caches.user(email),
      document: (id = world.activeDocumentId) => world.caches.document(id),
    };
  }

  get locks(): LockTable {
    return this.world.locks;
  }

  triggers(): TriggerState[] {
    return this.world.triggers.all();
  }

  get fetches(): readonly FetchRecord[] {
    return this.world.fetches;
  }

  get executions(): readonly ExecutionRecord[] {
    return this.world.executions;
  }

  get setValuesCalls(): readonly SetValuesRecord[] {
    return this.world.document().setValuesLog;
  }

  get toasts(): ReadonlyArray<{ message: string; title: string }> {
    return this.world.document().toasts;
  }

  #cellRef(a1: string, method: string): { sheet: SheetState; row: number; col: number } {
    const doc = this.world.document();
    const ref = typeof a1 === "string" ? parseA1(a1) : null;
    if (!ref || ref.endRow !== ref.startRow || ref.endCol !== ref.startCol) {
      return usage(
        `${method} needs one cell in A1 notation (e.g. "B2" or "Sheet1!B2"); got ${JSON.stringify(a1)}.`,
      );
    }
    const sheet = ref.sheet === null ? doc.activeSheet : doc.sheetByName(ref.sheet);
    if (!sheet) return usage(`${method}: no sheet named "${ref.sheet}".`);
    return { sheet, row: ref.startRow, col: ref.startCol };
  }
}

function findItem(entries: MenuEntry[], label: string): { functionName: string } | null {
  for (const entry of entries) {
    if ("functionName" in entry && entry.label === label) return entry;
    if ("items" in entry) {
      const inner = findItem(entry.items, label);
      if (inner) return inner;
    }
  }
  return null;
}

function labels(entries: MenuEntry[]): string[] {
  return entries.flatMap((e) => ("functionName" in e ? [e.label] : "items" in e ? labels(e.items) : []));
}

function readManifest(dir: string): { timeZone: string | null; scopes: string[] } {
  const path = join(dir, "appsscript.json");
  if (!existsSync(path)) return { timeZone: null, scopes: [] };
  const manifest = JSON.parse(readFileSync(path, "utf8")) as { timeZone?: string; oauthScopes?: string[] };
  return { timeZone: manifest.timeZone ?? null, scopes: manifest.oauthScopes ?? [] };
}
