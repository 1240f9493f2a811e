// A bulk run's durable record of what it bought: a hidden sheet of its own, a few rows per paid wave.
import type { CachedEntity, CachedJson, EntityResult } from "../caches/result-cache";
import type { SheetPort, WorkbookPort } from "./sheet-port";

/**
 * What a run already paid for, read back by every later execution of it however long it paused: unlike
 * the 6-hour cache nothing expires or is evicted, and unlike the 500 KB property store a sheet holds
 * millions of cells. It lives in the spreadsheet, so a trigger that opened the spreadsheet by id reaches it.
 */
export interface Journal {
  /** Everything the run bought so far. */
  load(): Map<string, CachedEntity>;
  /**
   * What each wave journaled cost, in order, as of the last `load`: a wave's credits go down in the same
   * write as its answers, so an execution killed before the wave's checkpoint leaves them for the resume
   * to log.
   */
  waveCredits(): number[];
  /** Called with every paid wave's answers, and what the wave cost, before anything is written to the run's sheet. */
  put(results: readonly EntityResult[], credits: number): void;
}

/**
 * Rows this version writes: a wave is one JSON record, its answers and its cost, cut into pieces down
 * the rows, each row `[#part i/n, piece]`. A wave of 1,000 organizations takes three rows, not 1,001, so
 * a 50,000-row run's journal fits the 1,000 rows a new sheet has (no rows inserted) and holds a few hundred
 * cells of the spreadsheet's 10 million, not 150,000. No read key starts with "#".
 */
const PART_KEY = /^#part (\d+)\/(\d+)$/;
/**
 * Rows of the version before, still read so a run journaled by it resumes under this one: a row per
 * organization (`[key, json pieces…]`) and, after a wave's, a row of what it cost.
 */
const WAVE_KEY = "#wave";

/** A wave as one record: its cost, and each answer as [key] (no match) or [key, values]. */
interface WaveRecord {
  c: number;
  r: ([string] | [string, Record<string, CachedJson>])[];
}

/** Every cell starts with this, so Sheets keeps it as the text written (never a number, date or formula). */
const MARK = ">";
/** Characters of one entry per cell, under Sheets' 50,000 a cell once JSON escapes and the mark are added. */
export const PIECE_CHARS = 40_000;

/** The hidden sheet of job `jobId`'s journal (Sheets allows 100 characters in a sheet name). */
export function journalSheetName(jobId: string): string {
  return `Enrichment journal · ${jobId}`.slice(0, 100);
}

/** A wave's rows: its record in pieces of PIECE_CHARS, each behind the mark. */
function encodeWave(results: readonly EntityResult[], credits: number): string[][] {
  const record: WaveRecord = {
    c: credits,
    r: results.map((result) => (result.matched ? [result.entityKey, result.values] : [result.entityKey])),
  };
  const pieces = cut(JSON.stringify(record));
  return pieces.map((piece, i) => [`${MARK}#part ${i + 1}/${pieces.length}`, MARK + piece]);
}

/** `text` in pieces of at most PIECE_CHARS, never between the two halves of a character outside the BMP. */
function cut(text: string): string[] {
  const pieces: string[] = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + PIECE_CHARS, text.length);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
    pieces.push(text.slice(at, end));
    at = end;
  }
  return pieces;
}

/** A whole wave's record from its pieces; null when someone edited one by hand (the wave is not known). */
function decodeWave(json: string): WaveRecord | null {
  try {
    const record = JSON.parse(json) as Partial<WaveRecord>;
    if (typeof record.c !== "number" || !Number.isFinite(record.c) || !Array.isArray(record.r)) return null;
    return record as WaveRecord;
  } catch {
    return null;
  }
}

/** What a wave-cost row says it cost; null for any other row. */
function waveCost(row: readonly unknown[]): number | null {
  if (row[0] !== MARK + WAVE_KEY || typeof row[1] !== "string") return null;
  try {
    const credits = (JSON.parse(row[1].slice(MARK.length)) as { c?: unknown }).c;
    return typeof credits === "number" && Number.isFinite(credits) ? credits : null;
  } catch {
    return null;
  }
}

function decode(row: readonly unknown[]): [string, CachedEntity] | null {
  const text = row.map((cell) => (typeof cell === "string" && cell.startsWith(MARK) ? cell.slice(1) : null));
  const key = text[0];
  if (!key) return null;
  let json = "";
  for (const piece of text.slice(1)) {
    if (piece === null) break;
    json += piece;
  }
  try {
    const entry = JSON.parse(json) as { m?: number; v?: Record<string, CachedJson> };
    if (entry.m === 0) return [key, { matched: false }];
    if (entry.m === 1 && typeof entry.v === "object" && entry.v !== null)
      return [key, { matched: true, values: entry.v }];
  } catch {
    // A row someone edited by hand: that organization is simply not known to the run.
  }
  return null;
}

/** The journal of one run in `workbook`; its sheet is made hidden at the run's first purchase. */
export function sheetJournal(workbook: WorkbookPort, jobId: string): Journal {
  const name = journalSheetName(jobId);
  let sheet: SheetPort | null = null;
  // The journal's last row as this execution left it (only the job's lease holder writes it): asked of
  // the sheet once, not before every wave's put.
  let last: number | null = null;
  const find = () => {
    sheet ??= workbook.sheet(name);
    return sheet;
  };
  let waves: number[] = [];
  return {
    load: () => {
      const found = new Map<string, CachedEntity>();
      waves = [];
      const journal = find();
      const rows = journal?.lastRow() ?? 0;
      if (journal) last = rows;
      if (!journal || rows === 0) return found;
      // The pieces of the wave being read, while they come in order.
      let pieces: string[] = [];
      for (const row of journal.readValues(1, 1, rows, journal.lastColumn())) {
        const head = typeof row[0] === "string" && row[0].startsWith(MARK) ? row[0].slice(MARK.length) : "";
        const part = PART_KEY.exec(head);
        if (part && typeof row[1] === "string") {
          const [index, count] = [Number(part[1]), Number(part[2])];
          pieces = index === pieces.length + 1 ? [...pieces, row[1].slice(MARK.length)] : [];
          if (index !== count || pieces.length !== count) continue;
          const record = decodeWave(pieces.join(""));
          pieces = [];
          if (!record) continue;
          waves.push(record.c);
          for (const answer of record.r) {
            if (!Array.isArray(answer) || typeof answer[0] !== "string") continue;
            const values = answer[1];
            if (values === undefined) found.set(answer[0], { matched: false });
            else if (typeof values === "object" && values !== null)
              found.set(answer[0], { matched: true, values });
          }
          continue;
        }
        pieces = [];
        const cost = waveCost(row);
        if (cost !== null) waves.push(cost);
        const entry = cost === null ? decode(row) : null;
        if (entry) found.set(entry[0], entry[1]);
      }
      return found;
    },
    waveCredits: () => [...waves],
    put: (results, credits) => {
      if (results.length === 0) return;
      let journal = find();
      if (!journal) {
        journal = workbook.insertSheet(name, { show: false, hidden: true });
        last = 0;
      }
      sheet = journal;
      // The wave's cost rides in the same record as its answers, in one setValues: both land, or neither.
      const block = encodeWave(results, credits);
      const first = (last ?? journal.lastRow()) + 1;
      journal.writeValues(first, 1, block);
      last = first - 1 + block.length;
    },
  };
}

/** Drops a finished run's journal: nothing of it can be asked for again. */
export function dropJournal(workbook: WorkbookPort, jobId: string): void {
  if (workbook.sheet(journalSheetName(jobId))) workbook.deleteSheet(journalSheetName(jobId));
}
