// A run's purchase record kept in a Map, as the record sheet keeps it across executions, for the runner's unit tests.
import type { PurchaseRecord } from "../../../src/core/bulk/purchase-record.ts";
import type { CachedEntity, EntityResult } from "../../../src/core/caches/result-cache.ts";

export class MapJournal implements Omit<PurchaseRecord, "nameRun"> {
  readonly entries = new Map<string, CachedEntity>();
  /** Refuses the next puts with this message (a spreadsheet out of room). */
  refuse: string | null = null;
  readonly waves: number[] = [];
  load() {
    return new Map<string, CachedEntity>(this.entries);
  }
  waveCredits() {
    return [...this.waves];
  }
  put(results: readonly EntityResult[], credits: number) {
    if (this.refuse) throw new Error(this.refuse);
    this.waves.push(credits);
    for (const r of results)
      this.entries.set(r.entityKey, r.matched ? { matched: true, values: r.values } : { matched: false });
  }
}
