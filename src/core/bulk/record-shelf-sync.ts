// Brings the record's by-key shelf up to date with the waves appended since it was last written.

import type { CellValue, SheetPort, WorkbookPort } from "../sheet/port";
import { answersOf, decodeWave, RECORD_SHEET, type WaveRecord } from "./purchase-record";
import {
  addToShelf,
  decodeShelfBucket,
  decodeShelfHeader,
  encodeShelfBucket,
  encodeShelfHeader,
  SHELF_BUCKETS,
  SHELF_SHEET,
  type ShelfBucket,
  shelfBucketOf,
  shelfRow,
} from "./record-shelf";

/**
 * Run under the document lock (two syncs must not both write a bucket). Waves appended meanwhile by a run
 * (which takes no lock) are after the count read here, so the next sync adds them. A record with fewer rows
 * than the shelf holds (deleted, or rows removed by hand) is read again whole; nothing new reads one cell.
 */
export function syncShelf(workbook: WorkbookPort, create: () => SheetPort): void {
  const record = workbook.sheet(RECORD_SHEET);
  const rows = record ? record.lastRow() : 0;
  let shelf = workbook.sheet(SHELF_SHEET);
  const held = shelf ? decodeShelfHeader(shelf.readValues(1, 1, 1, 1)[0]?.[0]) : null;
  if (held === rows || (!shelf && rows === 0)) return;
  const from = held !== null && held < rows ? held : 0;
  const buckets = new Map<number, ShelfBucket>();
  const touched = new Set<number>();
  let kept: unknown[][] = [];
  const oldWidth = shelf ? shelf.lastColumn() : 0;
  if (from > 0 && shelf) kept = shelf.readValues(shelfRow(0), 1, SHELF_BUCKETS, Math.max(oldWidth, 1));
  if (record && rows > from) {
    for (const row of record.readValues(from + 1, 1, rows - from, Math.max(record.lastColumn(), 1))) {
      const wave = decodeWave(row);
      if (!wave) continue;
      // A bucket already on the shelf is read before the wave's answers go over it.
      for (const answer of wave.r) {
        const b = shelfBucketOf(answer[0]);
        if (!buckets.has(b)) buckets.set(b, from > 0 ? decodeShelfBucket(kept[b] ?? []) : new Map());
      }
      for (const b of addWave(buckets, wave)) touched.add(b);
    }
  }
  shelf ??= create();
  const fresh = from === 0;
  const written = fresh ? allBuckets() : [...touched].sort((a, b) => a - b);
  if (written.length > 0) {
    const cells = written.map((b) => encodeShelfBucket(buckets.get(b) ?? new Map()));
    // Rows of a rebuilt shelf, or touched rows, each padded to the widest: a shorter row's old pieces cleared.
    const width = Math.max(1, oldWidth, ...cells.map((c) => c.length));
    // Untouched rows between two touched ones are written back as read (one write, not one per row).
    const first = written[0] as number;
    const last = written[written.length - 1] as number;
    const block: CellValue[][] = [];
    const byBucket = new Map(written.map((b, i) => [b, cells[i] as string[]]));
    for (let b = first; b <= last; b++) {
      const row = byBucket.get(b) ?? rowAsRead(kept[b], width);
      block.push([...row, ...Array<string>(width - row.length).fill("")].slice(0, width));
    }
    shelf.writeValues(shelfRow(first), 1, block);
  }
  shelf.writeValues(1, 1, [[encodeShelfHeader(rows)]]);
}

function allBuckets(): number[] {
  return Array.from({ length: SHELF_BUCKETS }, (_, b) => b);
}

/** A bucket row not touched, written back as it was read (strings only: the shelf writes nothing else). */
function rowAsRead(row: unknown[] | undefined, width: number): string[] {
  const out = (row ?? []).slice(0, width).map((cell) => (typeof cell === "string" ? cell : ""));
  return out;
}

/** Every answer of `wave` into the buckets it touches (made as needed); returns the buckets touched. */
export function addWave(buckets: Map<number, ShelfBucket>, wave: WaveRecord): Set<number> {
  const touched = new Set<number>();
  for (const answer of answersOf(wave)) {
    const b = shelfBucketOf(answer[0]);
    let bucket = buckets.get(b);
    if (!bucket) {
      bucket = new Map();
      buckets.set(b, bucket);
    }
    addToShelf(bucket, answer[0], wave.t, answer[1]);
    touched.add(b);
  }
  return touched;
}
