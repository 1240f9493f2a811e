// The playground's formula evaluator: built-in functions by HyperFormula, bundle functions by the harness.

import { customFunctionEvaluator } from "../../../harness/formula/evaluator.ts";
import { readFormula } from "../../../harness/formula/read-formula.ts";
import type { A1Ref, EvaluationContext, FormulaEvaluator } from "../../../harness/index.ts";
import { GAS } from "../../../harness/index.ts";
import type { FormulaOutcome } from "../../../harness/state/spreadsheet-state.ts";
import { engineNames, registerBundleFunctions } from "./bundle-functions-plugin.ts";
import { outcomeToEngine, SHEETS_MESSAGES } from "./engine-values.ts";
import { ScratchWorkbook } from "./scratch-workbook.ts";

export interface SpreadsheetEvaluatorOptions {
  /** The bundle's top-level functions: each may be called from a cell, as in Sheets. */
  functionNames: readonly string[];
  /** The spreadsheet's time zone, for date serials. */
  timeZone: string;
  /** The spreadsheet's sheet names; `fresh` asks for a re-read when a formula names an unknown sheet. */
  sheetNames(fresh: boolean): readonly string[];
}

/**
 * A formula that is one call of a bundle function goes to the harness's own evaluator, so the function's
 * result reaches the cells exactly as returned (dates stay dates). Every other formula is computed by a
 * scratch HyperFormula workbook loaded with just the cells it names, read from the harness's sheets — the
 * one source of truth — and nested bundle calls run through the harness as well.
 */
export function createSpreadsheetEvaluator(options: SpreadsheetEvaluatorOptions): FormulaEvaluator {
  const bundleNames = engineNames(options.functionNames);
  registerBundleFunctions(bundleNames);
  const direct = new Set(bundleNames);
  const workbook = new ScratchWorkbook(options.timeZone);
  return {
    evaluate(context) {
      const read = readFormula(context.formula);
      if (read.ok && direct.has(read.call.name.toUpperCase()))
        return customFunctionEvaluator.evaluate(context);
      try {
        return evaluateWithEngine(workbook, options, context);
      } finally {
        workbook.clear();
      }
    },
  };
}

function evaluateWithEngine(
  workbook: ScratchWorkbook,
  options: SpreadsheetEvaluatorOptions,
  context: EvaluationContext,
): { outcome: FormulaOutcome; deps: A1Ref[] } {
  workbook.addSheets([context.sheetName, ...options.sheetNames(false)]);
  let found = workbook.references(context.sheetName, context.row, context.col, context.formula);
  if (found.unresolved) {
    workbook.addSheets(options.sheetNames(true));
    found = workbook.references(context.sheetName, context.row, context.col, context.formula);
  }
  const deps = found.refs;
  if (deps.some((ref) => containsCell(ref, context))) {
    return { outcome: { kind: "error", code: "#REF!", message: SHEETS_MESSAGES.circular }, deps };
  }
  for (const ref of deps) {
    const values = context.readRange(ref);
    if (values) workbook.load(ref, values);
  }
  const outcome = workbook.calculate(context.formula, context.sheetName, (name, args) =>
    outcomeToEngine(
      context.callCustomFunction(name, args) ?? {
        kind: "error",
        code: "#NAME?",
        message: GAS.unknownFunction(name),
      },
      options.timeZone,
    ),
  );
  return { outcome, deps };
}

function containsCell(ref: A1Ref, context: EvaluationContext): boolean {
  return (
    ref.sheet?.toLowerCase() === context.sheetName.toLowerCase() &&
    context.row >= ref.startRow &&
    context.row <= (ref.endRow ?? Number.POSITIVE_INFINITY) &&
    context.col >= ref.startCol &&
    context.col <= (ref.endCol ?? Number.POSITIVE_INFINITY)
  );
}
