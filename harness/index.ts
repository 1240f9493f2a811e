// The harness's public entry: createHarness, createClock and the types tests read results with.
export type { A1Ref, GridRange } from "./a1.ts";
export type { AuthModeName } from "./auth-mode.ts";
export type { CellValue } from "./cell-values.ts";
export { type Clock, createClock } from "./clock.ts";
export {
  createHarness,
  DEFAULT_BUNDLE,
  type FormulaResult,
  type Harness,
  type HarnessOptions,
  ScriptError,
} from "./create-harness.ts";
export type { Duration } from "./duration.ts";
export { GAS, HarnessUsageError, UNSUPPORTED } from "./errors.ts";
export type { ExecutionKind, ExecutionRecord } from "./execution.ts";
export type { CacheStore } from "./fakes/cache-service.ts";
export type { LockHolding, LockTable } from "./fakes/lock-service.ts";
export type { PropertyStore } from "./fakes/properties-service.ts";
export type { TriggerState } from "./fakes/trigger-table.ts";
export type { DialogRecord, MenuEntry, ShownRecord, UiAnswer } from "./fakes/ui.ts";
export type { FetchRecord, InProcessBackend } from "./fakes/url-fetch-app.ts";
export type { Evaluation, EvaluationContext, FormulaEvaluator } from "./formula/evaluator.ts";
export type { CellSnapshot, SheetHandle } from "./sheet-handle.ts";
export type { SetValuesRecord } from "./state/spreadsheet-state.ts";
export type { SheetSeed } from "./world.ts";
