// The API a test drives the bundle through: open, type, enter formulas, click menus, call server functions.
import { cellA1, parseA1, rangeA1 } from "./a1.ts";
import { type CopyOptions, copySpreadsheet } from "./actions/copy-spreadsheet.ts";
import { deleteSheet, renameSheet, setLocale, setTimeZone } from "./actions/document-actions.ts";
import { cachesView, propertiesView, quotasView, uiView } from "./api-views.ts";
import { AuthMode, type AuthModeName } from "./auth-mode.ts";
import type { Clock } from "./clock.ts";
import { HarnessUsageError } from "./errors.ts";
import type { ExecutionRecord } from "./execution.ts";
import type { LockTable } from "./fakes/lock-service.ts";
import type { TriggerState } from "./fakes/trigger-table.ts";
import { findMenuItem, type MenuEntry, menuLabels } from "./fakes/ui.ts";
import type { FetchRecord } from "./fakes/url-fetch-app.ts";
import { readFormula } from "./formula/read-formula.ts";
import { shiftFormula } from "./formula/shift-formula.ts";
import type { Runner, RunSpec } from "./runner.ts";
import { ScriptError } from "./script-error.ts";
import { carry } from "./script-run.ts";
import { type CellSnapshot, createSheetHandle, type SheetHandle, snapshotCell } from "./sheet-handle.ts";
import { type SetValuesRecord, SheetState } from "./state/spreadsheet-state.ts";
import type { FormulaResult, Harness } from "./types.ts";
import type { SheetSeed, World } from "./world.ts";

const usage = (message: string): never => {
  throw new HarnessUsageError(message);
};

export class HarnessApi implements Harness {
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

  selection(): { sheet: string; ranges: string[] } | null {
    const doc = this.world.document();
    const selection = doc.selection;
    const sheet = selection ? doc.sheetById(selection.sheetId) : undefined;
    if (!selection || !sheet) return null;
    return { sheet: sheet.name, ranges: (selection.ranges ?? [selection.range]).map(rangeA1) };
  }

  fill(range: string, formula: string): ExecutionRecord[] {
    if (typeof formula !== "string" || !formula.startsWith("=")) {
      usage(`gas.fill needs formula text starting with "="; got ${JSON.stringify(formula)}.`);
    }
    const ref = typeof range === "string" ? parseA1(range) : null;
    if (!ref || ref.endRow === null || ref.endCol === null) {
      return usage(
        `gas.fill needs a bounded range in A1 notation (e.g. "B2:B201"); got ${JSON.stringify(range)}.`,
      );
    }
    const rows = ref.endRow - ref.startRow + 1;
    const cols = ref.endCol - ref.startCol + 1;
    const block = Array.from({ length: rows }, (_, r) =>
      Array.from({ length: cols }, (_, c) => shiftFormula(formula, r, c)),
    );
    const before = this.world.executions.length;
    this.sheet(ref.sheet ?? undefined).set(cellA1(ref.startRow, ref.startCol), block);
    return this.world.executions.slice(before);
  }

  /**
   * Kills the execution that makes the `nth` call (1 = the next) to `call` ("Properties.setProperty") from
   * now on, counted across executions, before that call takes effect, as Apps Script's time limit does: the
   * execution is recorded as failed with `Exceeded maximum execution time`. One kill per arming.
   */
  killAt(call: string, nth = 1): void {
    if (!/^[A-Z]\w*\.\w+$/.test(call) || !Number.isSafeInteger(nth) || nth < 1)
      throw new HarnessUsageError(
        `killAt: pass a service call as "Service.method" ("Properties.setProperty") and nth from 1; got ${JSON.stringify(call)}, ${String(nth)}.`,
      );
    this.world.kill = { call, pass: nth - 1 };
  }

  /**
   * Makes the `nth` call (1 = the next) to `call` from now on, counted across executions, throw `message`
   * before it takes effect, as a service in trouble does; the execution goes on. Pass one of Google's texts
   * (`GAS.tooManyInShortTime("properties")`, `GAS.lockTimeout`, `GAS.addressUnavailable(url)`, …).
   * Returns a disarm: it removes the failure if no call met it yet, and says whether one did.
   */
  failAt(call: string, nth: number, message: string): () => boolean {
    if (
      !/^[A-Z]\w*\.\w+$/.test(call) ||
      !Number.isSafeInteger(nth) ||
      nth < 1 ||
      typeof message !== "string" ||
      message === ""
    )
      throw new HarnessUsageError(
        `failAt: pass a service call as "Service.method" ("Properties.setProperty"), nth from 1 and the error's text; got ${JSON.stringify(call)}, ${String(nth)}, ${JSON.stringify(message)}.`,
      );
    const failure = { call, pass: nth - 1, message };
    this.world.failures.push(failure);
    return () => {
      const armed = this.world.failures.includes(failure);
      this.world.failures = this.world.failures.filter((f) => f !== failure);
      return !armed;
    };
  }

  recalculate(): void {
    this.world.recalc.recalculateAll(this.world.document());
  }

  settle(limit: number): boolean {
    return this.world.recalc.settle(limit);
  }

  reopen(options: { authMode?: "NONE" | "LIMITED" | "FULL" } = {}): ExecutionRecord[] {
    const before = this.world.executions.length;
    this.open(options);
    this.recalculate();
    return this.world.executions.slice(before);
  }

  menuItems(): MenuEntry[] {
    return structuredClone(this.world.ui.addonMenu ?? []);
  }

  menu(label: string): ExecutionRecord {
    const menus = [...(this.world.ui.addonMenu ?? []), ...[...this.world.ui.menus.values()].flat()];
    if (menus.length === 0) usage(`There is no menu yet: call gas.open() first (onOpen builds the menu).`);
    const item = findMenuItem(menus, label);
    if (!item) {
      usage(
        `No menu item labelled ${JSON.stringify(label)}; the menu has ${menuLabels(menus)
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
    const outcome = this.runner.run(this.#scriptRun(functionName, args));
    if (!outcome.ok) throw new ScriptError(outcome.error ?? "", outcome.record);
    return carry(outcome.value, `the value ${functionName} returned`);
  }

  async runLive(functionName: string, ...args: unknown[]): Promise<unknown> {
    if (this.world.thread || this.#concurrent)
      usage("gas.runLive cannot be called from inside an execution or gas.concurrently.");
    const outcome = await this.runner.runLive(this.#scriptRun(functionName, args));
    if (!outcome.ok) throw new ScriptError(outcome.error ?? "", outcome.record);
    return carry(outcome.value, `the value ${functionName} returned`);
  }

  /** A google.script.run call's execution, its name and arguments checked as the platform checks them. */
  #scriptRun(functionName: string, args: unknown[]): RunSpec {
    if (typeof functionName !== "string" || !/^[A-Za-z_$][\w$]*$/.test(functionName)) {
      usage(`google.script.run calls a top-level function by name; got ${JSON.stringify(functionName)}.`);
    }
    if (functionName.endsWith("_")) {
      usage(`google.script.run cannot call ${functionName}: functions whose names end in "_" are private.`);
    }
    const carried = args.map((arg, i) => carry(arg, `argument ${i + 1}`));
    return {
      kind: "run",
      functionName,
      authMode: "FULL",
      user: this.world.user,
      activeUserEmail: this.world.user,
      storeUser: this.world.user,
      documentId: this.world.activeDocumentId,
      args: ({ realm }) => carried.map((a) => realm.of(a)),
    };
  }

  concurrently<T extends unknown[]>(runs: { [K in keyof T]: () => T[K] }): T {
    if (this.world.thread || this.#concurrent)
      usage("gas.concurrently cannot be nested or called from inside an execution.");
    this.#concurrent = true;
    try {
      return this.runner.concurrently(runs as Array<() => unknown>) as T;
    } finally {
      this.#concurrent = false;
    }
  }

  #concurrent = false;

  delayed<T>(ms: number, run: () => T): () => T {
    if (!Number.isFinite(ms) || ms < 0)
      usage(`gas.delayed needs milliseconds of at least 0; got ${String(ms)}.`);
    return () => {
      this.runner.delayMs = ms;
      try {
        return run();
      } finally {
        this.runner.delayMs = 0;
      }
    };
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

  copySpreadsheet(id: string = this.world.activeDocumentId, options: CopyOptions = {}): string {
    return copySpreadsheet(this.world, id, options);
  }

  renameSheet(oldName: string, newName: string): void {
    renameSheet(this.world, oldName, newName);
  }

  deleteSheet(name: string): void {
    deleteSheet(this.world, name);
  }

  setTimeZone(timeZone: string): void {
    setTimeZone(this.world, timeZone);
  }

  setLocale(locale: string): void {
    setLocale(this.world, locale);
  }

  useSpreadsheet(id: string): void {
    this.world.document(id);
    this.world.activeDocumentId = id;
  }

  get ui() {
    return uiView(this.world);
  }

  get properties() {
    return propertiesView(this.world);
  }

  get caches() {
    return cachesView(this.world);
  }

  get quotas() {
    return quotasView(this.world);
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
