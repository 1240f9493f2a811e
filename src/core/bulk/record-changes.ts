// A refresh's changed cells: found before a chunk is written, marked with a note, logged right after the values.
import type { CellChange } from "../changes/change";
import { changeNote, isChangeNote, recordValue, sameWritten } from "../changes/change-sheet";
import { fieldWords } from "../organizations/field-names";
import type { OrgField } from "../organizations/org-fields";
import { isEmptyCell } from "../sheet/cells";
import type { CellValue } from "../sheet/port";
import { type ExistingBlock, mayWrite } from "./output";
import type { BulkRunEnv, ChangedCell } from "./run-env";
import type { RunRows } from "./run-rows";
import type { BulkState } from "./state";
import type { Block } from "./write-batch";

export class ChangeLog {
  /** Cells changed by the held writes, appended to the change log right after them. */
  private pending: ChangedCell[] = [];

  constructor(
    private readonly state: BulkState,
    private readonly env: Pick<BulkRunEnv, "clock" | "sheet" | "changes">,
    private readonly rows: RunRows,
  ) {}

  /** Whether the run keeps a change log of what it writes over `existing`. */
  keeps(existing: ExistingBlock | null): existing is ExistingBlock {
    // "fill-empty" writes no filled cell, so it changes none; "refresh" and "replace" (an overwrite rule's
    // first run, with consent) can.
    return !!this.env.changes && existing !== null && this.state.policy !== "fill-empty";
  }

  /**
   * The cells of a chunk a refresh is about to change: a filled cell it may write (one the add-on wrote, or
   * any under an overwrite's consent) that gets another value. Cells filled for the first time (new rows)
   * are not changes. Each is marked with a note until the rule's next run, unless the person has a note of
   * their own there. Answers the notes to write (held with the values), or null when nothing changes.
   */
  note(start: number, intended: (CellValue | null)[][], existing: ExistingBlock): Block | null {
    const state = this.state;
    const at = this.env.clock.now();
    const found: { r: number; c: number; cell: ChangedCell }[] = [];
    intended.forEach((line, r) => {
      line.forEach((after, c) => {
        const before = existing.values[r]?.[c];
        if (after === null || isEmptyCell(before, existing.formulas[r]?.[c])) return;
        if (!mayWrite(existing, r, c, state.policy) || sameWritten(before, after)) return;
        const field = state.request.fields[c] as OrgField;
        const change: CellChange = {
          at,
          ruleId: this.env.changes?.ruleId ?? "",
          sheetName: state.request.sheetName,
          row: state.firstDataRow + start + r,
          column: state.outputColumn + c,
          organization: String(this.rows.inputs[start + r] ?? ""),
          field: fieldWords(field),
          before: recordValue(before),
          after: recordValue(after),
          ...(this.rows.newOrganization(start + r) ? { newOrganization: true } : {}),
        };
        found.push({ r, c, cell: { change, before: before as CellValue, after } });
      });
    });
    if (found.length === 0) return null;
    this.pending.push(...found.map((f) => f.cell));
    // One getNotes and one setNotes over the rows holding changes: the person's notes in them are written
    // back as they are, never over; a cell with a note of theirs gets no mark.
    const top = Math.min(...found.map((f) => f.r));
    const bottom = Math.max(...found.map((f) => f.r));
    const width = state.request.fields.length;
    const row = state.firstDataRow + start + top;
    const notes = this.env.sheet.readNotes(row, state.outputColumn, bottom - top + 1, width);
    const words = (this.env.changes as NonNullable<typeof this.env.changes>).timeWords();
    for (const { r, c, cell } of found) {
      const line = notes[r - top] as string[];
      if (line[c] === "" || isChangeNote(line[c])) line[c] = changeNote(words, at, cell.before);
    }
    return { row, column: state.outputColumn, values: notes };
  }

  /**
   * The change log follows the writes it records: an execution ending between the two leaves changes
   * unlogged, never logged twice (a settled chunk finds its new values already there, so no change).
   */
  append(): void {
    const changes = this.pending;
    this.pending = [];
    if (changes.length === 0 || !this.env.changes) return;
    const rows = this.env.changes.append(changes);
    const state = this.state;
    state.cellsChanged = (state.cellsChanged ?? 0) + changes.length;
    if (rows) state.changeRows = { first: state.changeRows?.first ?? rows.first, last: rows.last };
  }
}
