// A scratch HyperFormula workbook that computes one formula at a time: what it reads, then its value.
import { HyperFormula, NotAFormulaError, type SimpleCellAddress, type SimpleCellRange } from "hyperformula";
import { type A1Ref, type CellValue, GAS, HarnessUsageError } from "../../../harness/index.ts";
import type { FormulaOutcome } from "../../../harness/state/spreadsheet-state.ts";
import { MAX_COLUMNS } from "../../../harness/state/spreadsheet-state.ts";
import { type BundleCall, ENGINE_LANGUAGE, withBundleCalls } from "./bundle-functions-plugin.ts";
import { engineInput, outcomeFromEngine } from "./engine-values.ts";

/** A sheet may grow this far (appendRow); the engine refuses cells past its limit. */
const MAX_ROWS = 1_000_000;

export interface References {
  refs: A1Ref[];
  /** The formula names a sheet the workbook does not have. */
  unresolved: boolean;
}

export class ScratchWorkbook {
  readonly #hf: HyperFormula;
  /** What load() wrote, to empty again: clearing a whole sheet costs its full height and width. */
  readonly #loaded: Array<{ at: SimpleCellAddress; rows: number; cols: number }> = [];

  constructor(private readonly timeZone: string) {
    this.#hf = HyperFormula.buildEmpty({
      licenseKey: "gpl-v3",
      language: ENGINE_LANGUAGE,
      // Sheets reads a reference to an empty cell as 0 in a formula (=A1 shows 0).
      evaluateNullToZero: true,
      maxRows: MAX_ROWS,
      maxColumns: MAX_COLUMNS,
    });
  }

  addSheets(names: readonly string[]): void {
    for (const name of names) if (!this.#hf.doesSheetExist(name)) this.#hf.addSheet(name);
  }

  /** The cells and ranges the formula names, read by the engine's own parser with the formula at its cell. */
  references(sheetName: string, row: number, col: number, formula: string): References {
    const at = { sheet: this.#sheetId(sheetName), row: row - 1, col: col - 1 };
    // Suspended, so placing the formula computes nothing (and calls no bundle function).
    this.#hf.suspendEvaluation();
    try {
      this.#hf.setCellContents(at, formula);
      const found = this.#hf.getCellPrecedents(at);
      this.#hf.setCellContents(at, null);
      const refs: A1Ref[] = [];
      let unresolved = false;
      for (const item of found) {
        const ref = this.#toA1Ref(item);
        if (ref) refs.push(ref);
        else unresolved = true;
      }
      return { refs, unresolved };
    } finally {
      this.#hf.resumeEvaluation();
    }
  }

  /** Writes a reference's cells as the harness holds them (values only: formulas are already computed there). */
  load(ref: A1Ref, values: CellValue[][]): void {
    if (values.length === 0 || values[0]!.length === 0) return;
    const sheet = this.#sheetId(ref.sheet!);
    const rows = values.map((row) => row.map((value) => engineInput(value, this.timeZone)));
    const at = { sheet, row: ref.startRow - 1, col: ref.startCol - 1 };
    this.#hf.setCellContents(at, rows);
    this.#loaded.push({ at, rows: rows.length, cols: rows[0]!.length });
  }

  /** Computes the formula as if typed on `sheetName`, with bundle functions going to `call`. */
  calculate(formula: string, sheetName: string, call: BundleCall): FormulaOutcome {
    const sheet = this.#sheetId(sheetName);
    try {
      return outcomeFromEngine(withBundleCalls(call, () => this.#hf.calculateFormula(formula, sheet)));
    } catch (error) {
      // Misuse of the harness is the caller's bug and must surface; anything else is the formula's error.
      if (error instanceof HarnessUsageError) throw error;
      const message = error instanceof NotAFormulaError ? GAS.formulaParse : String((error as Error).message);
      return { kind: "error", code: "#ERROR!", message };
    }
  }

  /** Empties what load() wrote, so the next formula sees only its own references. */
  clear(): void {
    for (const { at, rows, cols } of this.#loaded) {
      this.#hf.setCellContents(
        at,
        Array.from({ length: rows }, () => new Array<null>(cols).fill(null)),
      );
    }
    this.#loaded.length = 0;
  }

  #sheetId(name: string): number {
    const id = this.#hf.getSheetId(name);
    if (id === undefined) throw new Error(`The scratch workbook has no sheet "${name}".`);
    return id;
  }

  #toA1Ref(item: SimpleCellAddress | SimpleCellRange): A1Ref | null {
    const start = "start" in item ? item.start : item;
    const end = "end" in item ? item.end : item;
    // A sheet the formula names but the workbook lacks is only a placeholder, without a name to report.
    const sheet = this.#hf.getSheetName(start.sheet);
    if (sheet === undefined) return null;
    return {
      sheet,
      startRow: start.row + 1,
      startCol: start.col + 1,
      endRow: Number.isFinite(end.row) ? end.row + 1 : null,
      endCol: Number.isFinite(end.col) ? end.col + 1 : null,
    };
  }
}
