// The spreadsheet's record of every paid bulk answer: one hidden sheet every run reads before it buys.
import { addonSheetOf } from "../addon-sheets/make";
import { RECORD_SHEET, SHELF_SHEET } from "../addon-sheets/registry";
import type { CachedEntity, CachedJson, EntityResult } from "../caches/result-cache";
import { isEmptyCell } from "../sheet/cells";
import type { SheetPort, WorkbookPort } from "../sheet/port";
import { addAnswers, readLegacyJournal } from "./journal-sheet";
import { cut, MARK, unmarked } from "./record-pieces";
import { decodeShelfBucket, SHELF_BUCKETS, shelfRow } from "./record-shelf";
import type { BulkRequest } from "./request";

/**
 * What was bought, for every run, in the hidden sheet RECORD_SHEET: unlike a run's own journal it outlives
 * the run (a new run, a run started again after a rename or a sort, a Resume all find it), unlike the 6-hour
 * cache nothing expires or is evicted, and unlike the 500 KB property store a sheet holds millions of cells.
 * It lives in the spreadsheet, so a trigger that opened the spreadsheet by id reaches it. The name is the
 * add-on sheets' registry's, re-exported for the tests and benches that read the sheet.
 */
export { RECORD_SHEET };

/** The record as one run sees it (see purchaseRecord). */
export interface PurchaseRecord {
  /**
   * Every answer this run may use: its own whenever bought, another run's when bought inside the run's
   * freshness window; newer answers of a field over older ones. Read once per execution.
   */
  load(): Map<string, CachedEntity>;
  /**
   * What each of this run's waves cost, in order, as of the last `load`: a wave's credits go down in the
   * same write as its answers, so an execution killed before the wave's checkpoint leaves them for the
   * resume to log.
   */
  waveCredits(): number[];
  /** Called with every paid wave's answers, and what the wave cost, before anything is written to the sheet. */
  put(results: readonly EntityResult[], credits: number): void;
  /**
   * Names a person's run that bought nothing itself (another run had bought all it needed) with a wave of no
   * answers and no cost, so a lost jobs sheet is rebuilt with it too (runs-back.ts).
   */
  nameRun(): void;
}

export interface RecordOptions {
  jobId: string;
  /** Answers other runs bought at or after this time are used; absent: only the run's own. */
  reuseFrom?: number;
  /** Whether the run may have begun under a version that kept a journal sheet of its own. */
  legacy?: boolean;
  now(): number;
  /** Makes the record sheet once, under the document lock (two runs may buy at once). */
  create(make: () => SheetPort): SheetPort;
  /** A run a person started: what it is, on each of its waves, so a lost jobs sheet can be rebuilt. */
  run?: RunRecord;
}

/** What a person's run was asked to do, enough to plan it again (see src/server/jobs/runs-back.ts). */
export interface RunRecord {
  title: string;
  request: BulkRequest;
  outputColumn: number;
  createdAt: number;
  ownerId?: string;
  /** The start of its freshness window (see BulkState.reuseFrom). */
  reuseFrom?: number;
}

/**
 * A wave as one row: `[#w, piece…]`, the pieces a JSON record cut at PIECE_CHARS across the row's cells.
 * One appendRow a wave: Sheets appends atomically, so runs buying at once never write the same row.
 */
const WAVE = "#w";

/**
 * A wave: its cost, the job that bought it, when, and each answer as [key] (no match), [key, values] in
 * the order of the wave's fields `f` (its fields' names written once, not once per organization), or
 * [key, {field: value}] for an answer with other fields.
 */
export interface WaveRecord {
  c: number;
  j: string;
  t: number;
  /** The run, for a run a person started (absent in waves written before it existed). */
  q?: RunRecord;
  f?: string[];
  r: ([string] | [string, CachedJson[] | Record<string, CachedJson>])[];
}

/** A wave's answers, fields named. */
export function answersOf(record: WaveRecord): ([string] | [string, Record<string, CachedJson>])[] {
  const fields = record.f ?? [];
  return record.r.map((answer) => {
    const values = answer[1];
    if (!Array.isArray(values)) return answer as [string] | [string, Record<string, CachedJson>];
    const named: Record<string, CachedJson> = {};
    fields.forEach((field, i) => {
      named[field] = values[i] ?? null;
    });
    return [answer[0], named];
  });
}

/** The record of a wave's answers, in the order of the first match's fields. */
function waveOf(results: readonly EntityResult[], base: Pick<WaveRecord, "c" | "j" | "t" | "q">): WaveRecord {
  const first = results.find((result) => result.matched);
  const fields = first?.matched ? Object.keys(first.values) : [];
  const same = (values: Record<string, CachedJson>) =>
    Object.keys(values).length === fields.length && fields.every((field) => field in values);
  return {
    ...base,
    f: fields,
    r: results.map((result) => {
      if (!result.matched) return [result.entityKey];
      const { values } = result;
      return [result.entityKey, same(values) ? fields.map((field) => values[field] as CachedJson) : values];
    }),
  };
}

/** A wave's row. */
export function encodeWave(record: WaveRecord): string[] {
  return [MARK + WAVE, ...cut(JSON.stringify(record)).map((piece) => MARK + piece)];
}

/**
 * A wave from its row; null for any other row, or one whose pieces someone edited by hand (that wave is not
 * known here: see `damaged`). A row whose first cell was typed over is still its wave: the pieces after it
 * are the add-on's own text, and only a whole wave record with its cost, run and answers is taken.
 */
export function decodeWave(row: readonly unknown[]): WaveRecord | null {
  const first = unmarked(row[0]);
  if (first !== WAVE && first !== null) return null;
  const pieces: string[] = [];
  for (let i = 1; i < row.length; i++) {
    const piece = unmarked(row[i]);
    if (piece === null) break;
    pieces.push(piece);
  }
  const json = pieces.join("");
  try {
    const record = JSON.parse(json) as Partial<WaveRecord>;
    const valid =
      typeof record.c === "number" &&
      Number.isFinite(record.c) &&
      typeof record.j === "string" &&
      typeof record.t === "number" &&
      Array.isArray(record.r) &&
      (record.f === undefined || Array.isArray(record.f));
    return valid ? (record as WaveRecord) : null;
  } catch {
    return null;
  }
}

/** A row that holds something but no wave: a wave someone typed over or cleared part of. */
export function damaged(row: readonly unknown[]): boolean {
  return row.some((cell) => !isEmptyCell(cell, undefined)) && decodeWave(row) === null;
}

/**
 * The answers of the record's by-key shelf fetched at or after `from`, for the keys `found` lacks: what a
 * damaged wave held, as the shelf last copied it (it is derived from the waves, so it holds every wave
 * filed before the damage). One read of the shelf, and only when a wave was found damaged.
 */
function fromShelf(workbook: WorkbookPort, found: Map<string, CachedEntity>, from: number): void {
  const shelf = workbook.sheet(SHELF_SHEET);
  if (!shelf) return;
  for (const row of shelf.readValues(shelfRow(0), 1, SHELF_BUCKETS, Math.max(1, shelf.lastColumn()))) {
    for (const [key, entry] of decodeShelfBucket(row)) {
      if (found.has(key) || entry.t < from) continue;
      found.set(key, entry.v ? { matched: true, values: entry.v } : { matched: false });
    }
  }
}

/** Adds a wave's answers over what earlier waves said: a field bought again replaces the older value. */
function merge(found: Map<string, CachedEntity>, answers: ReturnType<typeof answersOf>): void {
  const wave = new Map<string, CachedEntity>();
  addAnswers(wave, answers);
  for (const [key, entity] of wave) {
    const known = found.get(key);
    if (entity.matched && known?.matched)
      found.set(key, { matched: true, values: { ...known.values, ...entity.values } });
    else found.set(key, entity);
  }
}

/** The spreadsheet's purchase record, as run `jobId` uses it. */
export function purchaseRecord(workbook: WorkbookPort, options: RecordOptions): PurchaseRecord {
  let sheet: SheetPort | null = null;
  let waves: number[] = [];
  return {
    load: () => {
      const found = new Map<string, CachedEntity>();
      waves = [];
      const legacy = options.legacy ? readLegacyJournal(workbook, options.jobId) : null;
      if (legacy) {
        for (const [key, entity] of legacy.found) found.set(key, entity);
        waves.push(...legacy.waves);
      }
      sheet = workbook.sheet(RECORD_SHEET);
      if (!sheet) return found;
      const from = options.reuseFrom ?? Number.POSITIVE_INFINITY;
      // The whole record in one read, its size not asked first.
      let hurt = false;
      for (const row of sheet.readAll()) {
        const record = decodeWave(row);
        if (!record) {
          hurt ||= damaged(row);
          continue;
        }
        const own = record.j === options.jobId;
        if (own) waves.push(record.c);
        if (own || record.t >= from) merge(found, answersOf(record));
      }
      // A wave typed over is not taken as nothing bought: the shelf still holds what it bought.
      if (hurt) fromShelf(workbook, found, from);
      return found;
    },
    waveCredits: () => [...waves],
    put: (results, credits) => {
      if (results.length === 0) return;
      sheet ??= workbook.sheet(RECORD_SHEET) ?? options.create(() => addonSheetOf(workbook, RECORD_SHEET));
      // The wave's cost rides in the same row as its answers: both land, or neither.
      const base = { c: credits, j: options.jobId, t: options.now() };
      sheet.appendRow(encodeWave(waveOf(results, options.run ? { ...base, q: options.run } : base)));
    },
    nameRun: () => {
      if (!options.run) return;
      sheet ??= workbook.sheet(RECORD_SHEET) ?? options.create(() => addonSheetOf(workbook, RECORD_SHEET));
      sheet.appendRow(encodeWave({ c: 0, j: options.jobId, t: options.now(), q: options.run, f: [], r: [] }));
    },
  };
}
