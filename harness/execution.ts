// One execution: kind, AuthMode, users, clock cursor, budget, and the record of its service calls.
import type { Context } from "node:vm";
import { type AuthModeName, deniedReason } from "./auth-mode.ts";
import { GAS, HarnessUsageError } from "./errors.ts";
import type { Edit } from "./formula/recalc.ts";
import { hostRealm, type Realm } from "./realm.ts";

export type ExecutionKind = "simple" | "customFunction" | "menu" | "run" | "trigger";

/** Apps Script's limits: 30 s for custom functions and simple triggers, 6 minutes for everything else. */
export const BUDGET_MS: Record<ExecutionKind, number> = {
  customFunction: 30_000,
  simple: 30_000,
  menu: 360_000,
  run: 360_000,
  trigger: 360_000,
};

export interface ExecutionInit {
  kind: ExecutionKind;
  functionName: string;
  authMode: AuthModeName;
  /** The person whose action started the execution (the trigger's creator for triggers). */
  user: string;
  /** What Session.getActiveUser().getEmail() returns ("" where Apps Script hides it, as in custom functions). */
  activeUserEmail: string;
  /** Whose user properties, user cache and user lock the execution sees (the owner's for custom functions). */
  storeUser: string;
  /** The document the execution runs in; null for a published add-on's clock trigger, which has none. */
  documentId: string | null;
  start: number;
  /** For a custom function: the cell holding the formula (getActiveRange() returns it there). */
  formulaCell?: { sheetId: number; row: number; col: number };
  /** What each service call costs on this execution's clock (the harness's latency model); none when absent. */
  latency?: ((call: string) => number) | null;
  /** True for the call at which the test chose to kill this execution (`gas.killAt`). */
  killHere?: (call: string) => boolean;
  /** The platform error this call throws instead of taking effect (`gas.failAt`), or null. */
  failHere?: (call: string) => string | null;
  /** For a trigger: when the user's daily trigger time runs out, if that comes before the budget's end. */
  quotaEnd?: number;
}

export interface ExecutionRecord {
  id: number;
  kind: ExecutionKind;
  functionName: string;
  authMode: AuthModeName;
  user: string;
  /** The document it ran in; null for a published add-on's clock trigger. */
  documentId: string | null;
  start: number;
  end: number;
  durationMs: number;
  status: "completed" | "failed";
  error: string | null;
  /** Service calls by "Service.method", with counts. */
  calls: Record<string, number>;
  logs: string[];
  /** The bundle's lazily evaluated parts this execution evaluated, by name ("FormulaApi.js", "Addon.js"). */
  evaluated: string[];
}

let nextId = 1;

export class Execution {
  readonly id = nextId++;
  readonly init: ExecutionInit;
  cursor: number;
  realm: Realm = hostRealm;
  context: Context | null = null;
  /** Set for an execution on its own thread: runs a template program in that thread's context. */
  runTemplate: ((program: string, data: Record<string, unknown>) => string) | null = null;
  readonly calls = new Map<string, number>();
  readonly logs: string[] = [];
  readonly evaluated: string[] = [];
  overBudget = false;
  usageError: HarnessUsageError | null = null;
  /** Cells the execution changed, by document; the harness re-runs the formulas that read them when it ends. */
  readonly editsByDocument = new Map<string, Edit[]>();

  constructor(init: ExecutionInit) {
    this.init = init;
    this.cursor = init.start;
  }

  /** The list one document's edits go to. */
  edits(documentId: string): Edit[] {
    let list = this.editsByDocument.get(documentId);
    if (!list) {
      list = [];
      this.editsByDocument.set(documentId, list);
    }
    return list;
  }

  get kind(): ExecutionKind {
    return this.init.kind;
  }

  get authMode(): AuthModeName {
    return this.init.authMode;
  }

  get deadline(): number {
    return Math.min(
      this.init.start + BUDGET_MS[this.init.kind],
      this.init.quotaEnd ?? Number.POSITIVE_INFINITY,
    );
  }

  get timeLimitMessage(): string {
    if (this.init.quotaEnd !== undefined && this.init.quotaEnd < this.init.start + BUDGET_MS[this.init.kind])
      return GAS.triggerTimeDaily;
    return this.init.kind === "customFunction" ? GAS.timeLimitCustomFunction : GAS.timeLimit;
  }

  /** Records a service call, refusing it once the budget is spent or when the AuthMode forbids it. */
  call(name: string): void {
    if (this.overBudget) throw this.realm.error(this.timeLimitMessage);
    if (this.init.killHere?.(name)) {
      // Killed where the test chose, before the call takes effect: as at the time limit, and recorded so.
      this.cursor = this.deadline;
      this.overBudget = true;
      throw this.realm.error(this.timeLimitMessage);
    }
    this.calls.set(name, (this.calls.get(name) ?? 0) + 1);
    // Failed where the test chose, before the call takes effect; the execution goes on (the script may catch).
    const failure = this.init.failHere?.(name);
    if (failure) throw this.realm.error(failure);
    const denied = deniedReason(this.init.authMode, name);
    if (denied) throw this.realm.error(denied);
    const ms = this.init.latency?.(name) ?? 0;
    if (ms > 0) this.spend(ms);
  }

  /** A service method that records its call (and so obeys the budget and AuthMode) before answering. */
  method<A extends unknown[], R>(name: string, fn: (...args: A) => R): (...args: A) => R {
    return (...args: A) => {
      this.call(name);
      return fn(...args);
    };
  }

  /** Refuses document writes in a custom function (the document is read-only there). */
  write(method: string): void {
    if (this.init.kind === "customFunction") throw this.realm.error(GAS.readOnly(method));
  }

  /** Moves this execution's time forward; crossing the deadline ends the execution the way Apps Script does. */
  spend(ms: number): void {
    if (this.overBudget) throw this.realm.error(this.timeLimitMessage);
    const target = this.cursor + Math.max(0, ms);
    if (target > this.deadline) {
      this.cursor = this.deadline;
      this.overBudget = true;
      throw this.realm.error(this.timeLimitMessage);
    }
    this.cursor = target;
  }

  fail(message: string): never {
    throw this.realm.error(message);
  }

  /** Reports test misuse; remembered so the harness rethrows it even if the bundle catches it. */
  usage(message: string): never {
    const error = new HarnessUsageError(message);
    this.usageError ??= error;
    throw error;
  }

  log(line: string): void {
    this.logs.push(line);
  }

  record(status: "completed" | "failed", error: string | null): ExecutionRecord {
    return {
      id: this.id,
      kind: this.init.kind,
      functionName: this.init.functionName,
      authMode: this.init.authMode,
      user: this.init.user,
      documentId: this.init.documentId,
      start: this.init.start,
      end: this.cursor,
      durationMs: this.cursor - this.init.start,
      status,
      error,
      calls: Object.fromEntries(this.calls),
      logs: [...this.logs],
      evaluated: [...this.evaluated],
    };
  }
}
