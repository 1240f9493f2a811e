// Runs one execution end to end, then the formulas its edits affect, each in its own execution.
import { toGrid } from "./a1.ts";
import { AuthMode, type AuthModeName } from "./auth-mode.ts";
import type { CellValue } from "./cell-values.ts";
import { GAS, HarnessUsageError } from "./errors.ts";
import { Execution, type ExecutionKind, type ExecutionRecord } from "./execution.ts";
import type { TriggerState } from "./fakes/trigger-table.ts";
import { outcomeOf } from "./formula/custom-result.ts";
import type { Evaluation, FormulaEvaluator } from "./formula/evaluator.ts";
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
import { LiveRunner } from "./threads/run-live.ts";
import { type Launch, runTogether, type Settled } from "./threads/run-together.ts";
import { zonedParts } from "./time-zone.ts";
import type { World } from "./world.ts";

export interface RunSpec {
  kind: ExecutionKind;
  functionName: string;
  authMode: AuthModeName;
  user: string;
  activeUserEmail: string;
  storeUser: string;
  /** Null: no active document (a published add-on's clock trigger). */
  documentId: string | null;
  start?: number;
  /** Arguments for the entry point, built in the execution's realm once its services exist (events need them). */
  args?: (scope: { book: object | null; realm: Realm }) => unknown[];
  formulaCell?: { sheetId: number; row: number; col: number };
  /** For a trigger: when the user's daily trigger time runs out (the execution is stopped there). */
  quotaEnd?: number;
}

/** Apps Script's cap on one user's simultaneous executions. */
export const SIMULTANEOUS_PER_USER = 30;

// Thrown through a gas.concurrently thunk once it has asked for its run: the run itself comes later.
const LAUNCHED = Object.freeze({ launched: true });

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

  /**
   * Runs one execution. Inside gas.concurrently's first pass it only notes the spec (and stops the thunk);
   * in its second pass it hands back the outcome the concurrent run produced.
   */
  run(spec: RunSpec): RunOutcome {
    const together = this.#together;
    if (together?.kind === "collect") {
      together.specs.push(
        this.delayMs > 0 && spec.start === undefined
          ? { ...spec, start: this.world.clock.base + this.delayMs }
          : spec,
      );
      throw LAUNCHED;
    }
    if (together?.kind === "replay" && together.next < together.outcomes.length) {
      return together.outcomes[together.next++]!;
    }
    return this.#runHere(spec);
  }

  /**
   * Runs the specs at the same time, each execution on its own thread, at most `window` at once (the rest
   * start as slots free up); a user past Apps Script's 30 simultaneous executions is refused.
   */
  runAll(specs: RunSpec[], window: number): RunOutcome[] {
    const { world, bundle } = this;
    const clock = world.clock;
    world.locks.prune(clock.base);
    const outcomes = new Array<RunOutcome>(specs.length);
    const errors: unknown[] = [];
    const live = new Map<string, number>();
    const order: number[] = [];
    // More than 30 for one user at the same moment: the extra ones fail before they start.
    specs.forEach((spec, index) => {
      const users = live.get(spec.user) ?? 0;
      if (window >= specs.length && users >= SIMULTANEOUS_PER_USER) {
        const exec = this.#execution(spec, spec.start ?? clock.base);
        outcomes[index] = this.#conclude(exec, { error: GAS.tooManySimultaneous });
      } else {
        live.set(spec.user, users + 1);
        order.push(index);
      }
    });
    const launched: Execution[] = [];
    runTogether(order.length, {
      bundle,
      clock,
      locks: world.locks,
      random: world.schedule,
      wallTimeoutMs: world.settings.wallTimeoutMs,
      window,
      launch: (i, at) => {
        const spec = specs[order[i]!]!;
        const launch = this.#launch(spec, spec.start ?? at);
        launched.push(launch.exec);
        return launch;
      },
      settle: (i, launch, settled) => {
        try {
          outcomes[order[i]!] = this.#settle(launch, settled);
        } catch (thrown) {
          errors.push(thrown);
        }
      },
    });
    clock.reach(Math.max(clock.base, ...launched.map((exec) => exec.cursor)));
    for (const exec of launched) this.#propagate(exec);
    if (errors.length > 0) throw errors[0];
    return outcomes;
  }

  /**
   * Starts one execution on its own thread now and lets the caller go on: more can start while it runs,
   * and their calls are served as they come (a server whose requests overlap, like the playground's).
   */
  async runLive(spec: RunSpec): Promise<RunOutcome> {
    const { world, bundle } = this;
    const clock = world.clock;
    world.locks.prune(clock.base);
    this.#live ??= new LiveRunner({
      bundle,
      clock,
      locks: world.locks,
      wallTimeoutMs: world.settings.wallTimeoutMs,
    });
    const launch = this.#launch(spec, spec.start ?? clock.base);
    const settled = await this.#live.start(launch);
    const outcome = this.#settle(launch, settled);
    clock.reach(launch.exec.cursor);
    this.#propagate(launch.exec);
    return outcome;
  }

  #live: LiveRunner | null = null;

  /** An execution's services and arguments, built on the harness side before its thread starts. */
  #launch(spec: RunSpec, at: number): Launch {
    const { world } = this;
    const exec = this.#execution(spec, at);
    const services = world.clock.within(exec, () => createServices(exec, world));
    const args = spec.args ? spec.args({ book: services.book, realm: exec.realm }) : [];
    return {
      exec,
      functionName: spec.functionName,
      globals: services.globals,
      args,
      seed: Math.floor(world.random() * 4_294_967_296),
    };
  }

  /** How a threaded execution ended, concluded as one run here would be. */
  #settle(launch: Launch, settled: Settled): RunOutcome {
    const { exec } = launch;
    let error: string | null = null;
    let hostError: unknown = null;
    if (settled.killed) exec.overBudget = true;
    else if (settled.missing) error = GAS.functionNotFound(launch.functionName);
    else if (settled.error?.name === "HarnessUsageError")
      hostError = exec.usageError ?? new HarnessUsageError(settled.error.message);
    else if (settled.error) error = settled.error.message;
    return this.#conclude(exec, { value: settled.value, error, hostError });
  }

  /**
   * gas.concurrently: a first pass over the thunks learns what each starts, the runs go together, and a
   * second pass hands each thunk its outcome (a thunk's further runs then happen one after another).
   */
  concurrently(thunks: Array<() => unknown>): unknown[] {
    const specs: Array<RunSpec | null> = thunks.map((thunk) => {
      const collect = { kind: "collect" as const, specs: [] as RunSpec[] };
      this.#together = collect;
      try {
        thunk();
      } catch (error) {
        if (collect.specs.length === 0) throw error;
      } finally {
        this.#together = null;
      }
      return collect.specs[0] ?? null;
    });
    const started = specs.filter((spec): spec is RunSpec => spec !== null);
    const outcomes = this.runAll(started, Number.POSITIVE_INFINITY);
    let at = 0;
    return thunks.map((thunk, i) => {
      this.#together = { kind: "replay", outcomes: specs[i] ? [outcomes[at++]!] : [], next: 0 };
      try {
        return thunk();
      } finally {
        this.#together = null;
      }
    });
  }

  /** Set by gas.delayed while its thunk is asked what it starts: that run starts this much later. */
  delayMs = 0;

  #together:
    | { kind: "collect"; specs: RunSpec[] }
    | { kind: "replay"; outcomes: RunOutcome[]; next: number }
    | null = null;

  #execution(spec: RunSpec, start: number): Execution {
    // Whoever works in a file can open it later by id (from a trigger without a document).
    if (spec.documentId !== null && spec.kind !== "customFunction")
      this.world.document(spec.documentId).users.add(spec.user);
    return new Execution({
      kind: spec.kind,
      functionName: spec.functionName,
      authMode: spec.authMode,
      user: spec.user,
      activeUserEmail: spec.activeUserEmail,
      storeUser: spec.storeUser,
      documentId: spec.documentId,
      start,
      latency: this.world.latency,
      killHere: (call) => this.world.killHere(call),
      failHere: (call) => this.world.failHere(call),
      ...(spec.formulaCell ? { formulaCell: spec.formulaCell } : {}),
      ...(spec.quotaEnd !== undefined ? { quotaEnd: spec.quotaEnd } : {}),
    });
  }

  #runHere(spec: RunSpec): RunOutcome {
    const { world, bundle } = this;
    const clock = world.clock;
    if (!world.thread) world.locks.prune(clock.base);
    const exec = this.#execution(spec, spec.start ?? world.thread?.cursor ?? clock.base);
    let value: unknown;
    let error: string | null = null;
    let hostError: unknown = null;
    clock.within(exec, () => {
      const services = createServices(exec, world);
      const ctx = bundle.newContext(services.globals, {
        now: () => exec.cursor,
        random: world.random,
        evaluated: (name) => exec.evaluated.push(name),
      });
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
    const outcome = this.#conclude(exec, { value, error, hostError });
    if (world.thread) world.thread.cursor = exec.cursor;
    else clock.reach(exec.cursor);
    this.#propagate(exec);
    return outcome;
  }

  /** Sheets recalculates what an execution's writes affect once it ends, in every document it wrote. */
  #propagate(exec: Execution): void {
    for (const [documentId, edits] of exec.editsByDocument) {
      if (edits.length > 0) this.world.recalc.propagate(this.world.document(documentId), edits);
    }
  }

  /** Records how an execution ended and releases its locks; throws what the test got wrong. */
  #conclude(
    exec: Execution,
    end: { value?: unknown; error: string | null; hostError?: unknown },
  ): RunOutcome {
    const { world } = this;
    let error = end.error;
    // Past the budget Apps Script kills the execution: whatever the bundle caught or returned is lost.
    if (exec.overBudget) error = exec.timeLimitMessage;
    world.locks.releaseAll(exec.id, exec.cursor);
    const failure = error ?? (end.hostError ? messageOf(end.hostError) : null);
    const record = exec.record(failure === null ? "completed" : "failed", failure);
    world.executions.push(record);
    if (exec.usageError) throw exec.usageError;
    if (end.hostError) throw end.hostError;
    return {
      record,
      ok: error === null,
      value: error === null ? toHost(end.value) : undefined,
      error,
    };
  }

  /**
   * Evaluates a round of formula cells the way Sheets recalculates: each custom-function cell starts its own
   * execution, all at once, at most 30 of one user's at a time (the rest wait for a free slot).
   */
  runFormulas = (
    doc: SpreadsheetState,
    round: Array<[SheetState, FormulaState]>,
  ): Array<{ outcome: FormulaOutcome; deps: Dependency[] }> => {
    // A first pass learns which custom function each cell calls first, without running it.
    const firstCalls = round.map(([sheet, formula]) => {
      const calls: RunSpec[] = [];
      const result = this.#evaluate(doc, sheet, formula, (name, args) => {
        const spec = this.#customSpec(doc, sheet, formula, name, args);
        if (!spec) return null;
        calls.push(spec);
        throw LAUNCHED;
      });
      return calls[0] ?? result;
    });
    const specs = firstCalls.filter((c): c is RunSpec => "kind" in c);
    const outcomes =
      specs.length === 1 ? [this.#runHere(specs[0]!)] : this.runAll(specs, SIMULTANEOUS_PER_USER);
    let at = 0;
    // The second pass hands each cell its outcome; a second custom function in one cell runs on its own.
    return round.map(([sheet, formula], i) => {
      const first = firstCalls[i]!;
      if (!("kind" in first)) return first;
      let given: RunOutcome | null = outcomes[at++]!;
      return this.#evaluate(doc, sheet, formula, (name, args) => {
        const spec = this.#customSpec(doc, sheet, formula, name, args);
        if (!spec) return null;
        const outcome = given ?? this.#runHere(spec);
        given = null;
        return formulaOutcome(outcome);
      });
    });
  };

  #evaluate(
    doc: SpreadsheetState,
    sheet: SheetState,
    formula: FormulaState,
    callCustomFunction: (name: string, args: unknown[]) => FormulaOutcome | null,
  ): { outcome: FormulaOutcome; deps: Dependency[] } {
    const deps: Dependency[] = [];
    let evaluation: Evaluation;
    try {
      evaluation = this.evaluator.evaluate({
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
        callCustomFunction,
      });
    } catch (error) {
      if (error === LAUNCHED) return { outcome: { kind: "error", code: "#ERROR!", message: "" }, deps };
      throw error;
    }
    for (const ref of evaluation.deps) {
      const target = ref.sheet === null ? sheet : doc.sheetByName(ref.sheet);
      if (target) deps.push({ sheetId: target.id, ref });
    }
    return { outcome: evaluation.outcome, deps };
  }

  #customSpec(
    doc: SpreadsheetState,
    sheet: SheetState,
    formula: FormulaState,
    name: string,
    args: unknown[],
  ): RunSpec | null {
    // Sheets matches custom functions case-insensitively; names ending in "_" are private.
    const wanted = name.toUpperCase();
    const declared = this.bundle.functionNames.find((n) => n.toUpperCase() === wanted && !n.endsWith("_"));
    if (!declared) return null;
    return {
      kind: "customFunction",
      functionName: declared,
      authMode: "CUSTOM_FUNCTION",
      user: this.world.user,
      activeUserEmail: "",
      storeUser: doc.owner,
      documentId: doc.id,
      args: ({ realm }) => args.map((a) => realm.of(a)),
      formulaCell: { sheetId: sheet.id, row: formula.row, col: formula.col },
    };
  }

  /** Fires one time-driven trigger: a FULL execution as its creator, with Apps Script's event object. */
  fireTrigger = (trigger: TriggerState, at: number): void => {
    const previous = this.world.thread;
    this.world.thread = { cursor: at };
    const quotas = this.world.quotas;
    const left = quotas.triggerTimeLeft(trigger.user, at);
    try {
      const spec: RunSpec = {
        kind: "trigger",
        functionName: trigger.handler,
        authMode: "FULL",
        user: trigger.user,
        activeUserEmail: trigger.user,
        storeUser: trigger.user,
        // A published add-on's clock trigger runs without a document; a bound script's keeps its container.
        documentId: this.world.settings.mode === "addon" ? null : trigger.documentId,
        start: at,
        args: ({ realm }) => [realm.of(clockEvent(trigger, at))],
        quotaEnd: at + left,
      };
      // The user's triggers have used today's total runtime: this one fails at once.
      if (left <= 0) this.#conclude(this.#execution(spec, at), { error: GAS.triggerTimeDaily });
      else {
        const { record } = this.run(spec);
        quotas.chargeTrigger(trigger.user, at, record.durationMs);
      }
    } finally {
      this.world.thread = previous;
    }
  };
}

function formulaOutcome(outcome: RunOutcome): FormulaOutcome {
  if (!outcome.ok) return { kind: "error", code: "#ERROR!", message: outcome.error ?? "" };
  return outcomeOf(outcome.value);
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
