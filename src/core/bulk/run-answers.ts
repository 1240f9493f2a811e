// What the run knows of each organization: bought (the purchase record, this execution's answers) or, the record lost, its rows.
import { type CachedEntity, isComplete } from "../caches/result-cache";
import { entityCells } from "../changes/entity-cells";
import type { OrganizationRead } from "../organizations/identifiers";
import { fieldKey } from "../organizations/org-fields";
import type { CellValue, SheetPort } from "../sheet/port";
import type { PurchaseRecord } from "./purchase-record";
import { rowsWritten } from "./rebuild";
import type { BulkState } from "./state";

export class RunAnswers {
  private readonly memory = new Map<string, CachedEntity>();
  /**
   * With the record lost (see loadRecord): each organization of a row the run wrote, and the cells it
   * wrote there (null: not found), to write its repeats from instead of buying it again.
   */
  private readonly written = new Map<string, CellValue[] | null>();
  private readonly fieldKeys: string[];

  constructor(
    private readonly state: BulkState,
    private readonly record: Omit<PurchaseRecord, "nameRun">,
    private readonly sheet: SheetPort,
  ) {
    this.fieldKeys = state.request.fields.map(fieldKey);
  }

  /**
   * What earlier executions of this run bought, however long ago, and what other runs bought inside its
   * window: never bought again. Answers whether the checkpoint has news to keep (see checkRecord and
   * countJournaledWaves).
   */
  loadRecord(reads: readonly OrganizationRead[]): boolean {
    for (const [key, entity] of this.record.load()) {
      if (isComplete(entity, this.fieldKeys)) this.memory.set(key, entity);
    }
    const checked = this.checkRecord(reads);
    const counted = this.countJournaledWaves();
    return checked || counted;
  }

  /** A paid answer, kept for the rest of the execution (the record has it for later ones). */
  remember(key: string, entity: CachedEntity): void {
    this.memory.set(key, entity);
  }

  /** Whether the run has `key`'s answer: bought (the record) or, the record lost, in a row it wrote. */
  isKnown(key: string): boolean {
    return this.memory.has(key) || this.written.has(key);
  }

  /** Whether `key` was found; null when its answer is not known. */
  matchedOf(key: string): boolean | null {
    const entity = this.memory.get(key);
    if (entity) return entity.matched;
    const cells = this.written.get(key);
    return cells === undefined ? null : cells !== null;
  }

  /** The cells a row of `key` gets: from its answer, or copied from a row written before; null cells: none. */
  cellsOf(key: string): (CellValue | null)[] {
    const fields = this.state.request.fields;
    const entity = this.memory.get(key);
    if (!entity) {
      const cells = this.written.get(key);
      if (cells === undefined) return fields.map(() => null);
      return cells === null ? fields.map(() => "") : [...cells];
    }
    return entityCells(fields, entity, this.sheet);
  }

  /**
   * Waves this run recorded that the record no longer holds: someone deleted, renamed or typed over it. The
   * run says so, and takes what it bought from the rows it wrote, now and in every later execution.
   */
  private checkRecord(reads: readonly OrganizationRead[]): boolean {
    const state = this.state;
    let changed = false;
    const own = this.record.waveCredits().length;
    if (own < (state.journalWaves ?? 0)) {
      state.recordLost = true;
      // Counted afresh from the record as it is now, so later waves are counted as they come.
      state.journalWaves = own;
      changed = true;
    }
    if (!state.recordLost) return changed;
    for (const [key, cells] of rowsWritten(state, reads, this.sheet, (k) => this.memory.has(k)))
      this.written.set(key, cells);
    if (this.written.size !== (state.recordRebuilt ?? 0)) {
      state.recordRebuilt = Math.max(state.recordRebuilt ?? 0, this.written.size);
      changed = true;
    }
    return changed;
  }

  /**
   * Waves whose answers and cost the journal kept but whose checkpoint never came (the execution died in
   * between): their credits join `creditsSpent`, so the run's log row covers them, and the count moves on
   * with the next checkpoint, so a second resume does not count them again.
   */
  private countJournaledWaves(): boolean {
    const waves = this.record.waveCredits();
    const counted = this.state.journalWaves ?? 0;
    if (waves.length <= counted) return false;
    this.state.creditsSpent += waves.slice(counted).reduce((sum, credits) => sum + credits, 0);
    this.state.journalWaves = waves.length;
    return true;
  }
}
