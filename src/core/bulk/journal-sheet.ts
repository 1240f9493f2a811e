// A bulk run's durable record of what it bought: a hidden sheet of its own, one row per organization paid for.
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

/** The key cell of a row that holds what a wave cost, not an organization (no read key starts with "#"). */
const WAVE_KEY = "#wave";

/** Every cell starts with this, so Sheets keeps it as the text written (never a number, date or formula). */
const MARK = ">";
/** Characters of one entry per cell, under Sheets' 50,000 a cell once JSON escapes and the mark are added. */
export const PIECE_CHARS = 40_000;

/** The hidden sheet of job `jobId`'s journal (Sheets allows 100 characters in a sheet name). */
export function journalSheetName(jobId: string): string {
  return `Enrichment journal · ${jobId}`.slice(0, 100);
}

function encode(result: EntityResult): string[] {
  const json = JSON.stringify(result.matched ? { m: 1, v: result.values } : { m: 0 });
  const cells = [MARK + result.entityKey];
  for (let at = 0; at < json.length; at += PIECE_CHARS) cells.push(MARK + json.slice(at, at + PIECE_CHARS));
  return cells;
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
/**
 * `rowsAhead`: the most rows the run's journal can come to (its organizations and a row per wave). The
 * sheet is grown to it with the first wave, once, rather than by each wave that reaches past its end.
 */
export function sheetJournal(workbook: WorkbookPort, jobId: string, rowsAhead = 0): Journal {
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
      for (const row of journal.readValues(1, 1, rows, journal.lastColumn())) {
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
      // The wave's cost rides in the same write as its answers: both land, or neither.
      const rows = [...results.map(encode), [MARK + WAVE_KEY, MARK + JSON.stringify({ c: credits })]];
      const width = rows.reduce((most, cells) => Math.max(most, cells.length), 0);
      // One setValues for the whole wave: rows padded to one width.
      const block = rows.map((cells) => [...cells, ...new Array<string>(width - cells.length).fill("")]);
      const first = (last ?? journal.lastRow()) + 1;
      journal.growTo(Math.max(first - 1 + block.length, rowsAhead));
      journal.writeValues(first, 1, block);
      last = first - 1 + block.length;
    },
  };
}

/** Drops a finished run's journal: nothing of it can be asked for again. */
export function dropJournal(workbook: WorkbookPort, jobId: string): void {
  if (workbook.sheet(journalSheetName(jobId))) workbook.deleteSheet(journalSheetName(jobId));
}
