// How a formula in a cell becomes a result: a pluggable evaluator, by default custom functions only.
import type { A1Ref } from "../a1.ts";
import type { CellValue } from "../cell-values.ts";
import { GAS } from "../errors.ts";
import type { FormulaOutcome } from "../state/spreadsheet-state.ts";
import { readFormula } from "./read-formula.ts";
import { hasRefError } from "./references.ts";

export interface EvaluationContext {
  formula: string;
  sheetName: string;
  row: number;
  col: number;
  /** The cells of a reference as Sheets hands them to a custom function; null for an unknown sheet. */
  readRange(ref: A1Ref): CellValue[][] | null;
  /** Runs a bundle function as a custom function in a fresh execution; null if the bundle has no such function. */
  callCustomFunction(name: string, args: unknown[]): FormulaOutcome | null;
}

export interface Evaluation {
  outcome: FormulaOutcome;
  /** The references the formula reads directly: editing them re-runs it. */
  deps: A1Ref[];
}

export interface FormulaEvaluator {
  evaluate(context: EvaluationContext): Evaluation;
}

export const customFunctionEvaluator: FormulaEvaluator = {
  evaluate(context) {
    // A reference to deleted rows or a deleted sheet was rewritten to #REF!, as Sheets rewrites it.
    if (hasRefError(context.formula))
      return { outcome: { kind: "error", code: "#REF!", message: GAS.referenceMissing }, deps: [] };
    const read = readFormula(context.formula);
    if (!read.ok) return { outcome: { kind: "error", code: "#ERROR!", message: GAS.formulaParse }, deps: [] };
    const deps: A1Ref[] = [];
    const args: unknown[] = [];
    for (const arg of read.call.args) {
      if (arg.kind === "literal") {
        args.push(arg.value);
        continue;
      }
      deps.push(arg.ref);
      const values = context.readRange(arg.ref);
      if (!values) {
        return {
          outcome: { kind: "error", code: "#REF!", message: GAS.unresolvedSheet(arg.ref.sheet ?? "") },
          deps,
        };
      }
      // One cell arrives as its value, a range as a 2-D array.
      args.push(values.length === 1 && values[0]!.length === 1 ? values[0]![0] : values);
    }
    const outcome = context.callCustomFunction(read.call.name, args);
    if (!outcome) {
      return {
        outcome: { kind: "error", code: "#NAME?", message: GAS.unknownFunction(read.call.name) },
        deps,
      };
    }
    return { outcome, deps };
  },
};
