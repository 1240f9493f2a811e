// Runs one execution end to end, then the formulas its edits affect, each in its own execution.
import { toGrid } from "./a1.ts";
import { AuthMode, type AuthModeName } from "./auth-mode.ts";
import type { CellValue } from "./cell-values.ts";
import { GAS, HarnessUsageError } from "./errors.ts";
import { Execution, type ExecutionKind, type ExecutionRecord } from "./execution.ts";
import type { TriggerState } from "./fakes/trigger-table.ts";
import { outcomeOf } from "./formula/custom-result.ts";
import type { FormulaEvaluator } from "./formula/evaluator.ts";
import { type Bundle, isWallTimeout } from "./load-bundle.ts";
import { type Realm, toHost } from "./realm.ts";
import { createServices } from "./services.ts";
import type {
  Dependency,
  FormulaOutcome,
  FormulaState,
  SheetState,
  SpreadsheetState,
} from "./state/spreadsheet-state.ts";
import { zonedParts } from "./time-zone.ts";
import type { World } from "./world.ts";

export interface RunSpec {
  kind: ExecutionKind;
  functionName: string;
  authMode: AuthModeName;
  user: string;
  activeUserEmail: string;
  storeUser: string;
  documentId: string;
  start?: number;
  /** Arguments for the entry point, built in the execution's realm once its services exist (events need them). */
  args?: (scope: { book: object; realm: Realm }) => unknown[];
  formulaCell?: { sheetId: number; row: number; col: number };
}

export interface RunOutcome {
  record: ExecutionRecord;
  ok: boolean;
  /** The entry point's return value, copied out of the context. */
  value: unknown;
  error: string | null;
}

export class Runner {
  constructor(
    private readonly world: World,
    private readonly bundle: Bundle,
    private readonly evaluator: FormulaEvaluator,
  ) {}

  run(spec: RunSpec): RunOutcome {
    const { world, bundle } = this;
    const clock = world.clock;
    if (!world.thread) world.locks.prune(clock.base);
    const start = spec.start ?? world.thread?.cursor ?? clock.base;
    const exec = new Execution({
      kind: spec.kind,
      functionName: spec.functionName,
      authMode: spec.authMode,
      user: spec.user,
      activeUserEmail: spec.activeUserEmail,
      storeUser: spec.storeUser,
      documentId: spec.documentId,
      start,
      ...(spec.formulaCell ? { formulaCell: spec.formulaCell } : {}),
    });
    let value: unknown;
    let error: string | null = null;
    let hostError: unknown = null;
    clock.within(exec, () => {
      const services = createServices(exec, world);
      const ctx = bundle.newContext(services.globals, { now: () => exec.cursor, random: world.random });
      exec.context = ctx.context;
      exec.realm = ctx.realm;
      const wall = world.settings.wallTimeoutMs;
      try {
        ctx.load(wall);
        const fn = ctx.lookup(spec.functionName);
        if (!fn) throw exec.realm.error(GAS.functionNotFound(spec.functionName));
        const args = spec.args ? spec.args({ book: services.book, realm: exec.realm }) : [];
        value = ctx.call(fn, args, wall);
      } catch (thrown) {
        if (isWallTimeout(thrown)) exec.overBudget = true;
        else if (thrown instanceof HarnessUsageError) hostError = thrown;
        else error = messageOf(thrown);
      }
    });
    // Past the budget Apps Script kills the execution: whatever the bundle caught or returned is lost.
    if (exec.overBudget) error = exec.timeLimitMessage;
    world.locks.releaseAll(exec.id, exec.cursor);
    const failure = error ?? (hostError ? messageOf(hostError) : null);
    const record = exec.record(failure === null ? "completed" : "failed", failure);
    world.executions.push(record);
    if (world.thread) world.thread.cursor = exec.cursor;
    else clock.reach(exec.cursor);
    if (exec.edits.length > 0) world.recalc.propagate(world.document(spec.documentId), exec.edits);
    if (exec.usageError) throw exec.usageError;
    if (hostError) throw hostError;
    return { record, ok: error === null, value: error === null ? toHost(value) : undefined, error };
  }

  /** Evaluates one formula cell (the recalculation engine's callback). */
  runFormula = (doc: SpreadsheetState, sheet: SheetState, formula: FormulaState) => {
    const deps: Dependency[] = [];
    const evaluation = this.evaluator.evaluate({
      formula: formula.formula,
      sheetName: sheet.name,
      row: formula.row,
      col: formula.col,
      readRange: (ref) => {
        const target = ref.sheet === null ? sheet : doc.sheetByName(ref.sheet);
        if (!target) return null;
        const grid = toGrid(ref, target.maxRows, target.maxCols);
        return Array.from({ length: Math.max(0, grid.rows) }, (_, r) =>
          Array.from({ length: Math.max(0, grid.cols) }, (_, c): CellValue => {
            const value = target.value(grid.row + r, grid.col + c);
            return value instanceof Date ? new Date(value.getTime()) : value;
          }),
        );
      },
      callCustomFunction: (name, args) => this.#customFunction(doc, sheet, formula, name, args),
    });
    for (const ref of evaluation.deps) {
      const target = ref.sheet === null ? sheet : doc.sheetByName(ref.sheet);
      if (target) deps.push({ sheetId: target.id, ref });
    }
    return { outcome: evaluation.outcome, deps };
  };

  #customFunction(
    doc: SpreadsheetState,
    sheet: SheetState,
    formula: FormulaState,
    name: string,
    args: unknown[],
  ): FormulaOutcome | null {
    // Sheets matches custom functions case-insensitively; names ending in "_" are private.
    const wanted = name.toUpperCase();
    const declared = this.bundle.functionNames.find((n) => n.toUpperCase() === wanted && !n.endsWith("_"));
    if (!declared) return null;
    const outcome = this.run({
      kind: "customFunction",
      functionName: declared,
      authMode: "CUSTOM_FUNCTION",
      user: this.world.user,
      activeUserEmail: "",
      storeUser: doc.owner,
      documentId: doc.id,
      args: ({ realm }) => args.map((a) => realm.of(a)),
      formulaCell: { sheetId: sheet.id, row: formula.row, col: formula.col },
    });
    if (!outcome.ok) return { kind: "error", code: "#ERROR!", message: outcome.error ?? "" };
    return outcomeOf(outcome.value);
  }

  /** Fires one time-driven trigger: a FULL execution as its creator, with Apps Script's event object. */
  fireTrigger = (trigger: TriggerState, at: number): void => {
    const previous = this.world.thread;
    this.world.thread = { cursor: at };
    try {
      this.run({
        kind: "trigger",
        functionName: trigger.handler,
        authMode: "FULL",
        user: trigger.user,
        activeUserEmail: trigger.user,
        storeUser: trigger.user,
        documentId: trigger.documentId,
        start: at,
        args: ({ realm }) => [realm.of(clockEvent(trigger, at))],
      });
    } finally {
      this.world.thread = previous;
    }
  };
}

function clockEvent(trigger: TriggerState, at: number): Record<string, unknown> {
  const p = zonedParts(at, trigger.timeZone);
  const start = Date.UTC(p.year, 0, 1);
  const week = Math.ceil(
    ((Date.UTC(p.year, p.month - 1, p.day) - start) / 86_400_000 + new Date(start).getUTCDay() + 1) / 7,
  );
  return {
    authMode: AuthMode.FULL,
    triggerUid: trigger.id,
    year: p.year,
    month: p.month,
    "day-of-month": p.day,
    "day-of-week": p.weekday === 0 ? 7 : p.weekday,
    "week-of-year": week,
    hour: p.hour,
    minute: p.minute,
    second: p.second,
    timezone: trigger.timeZone,
  };
}

export function messageOf(error: unknown): string {
  if (error && typeof error === "object" && "message" in error)
    return String((error as { message: unknown }).message);
  return String(error);
}
