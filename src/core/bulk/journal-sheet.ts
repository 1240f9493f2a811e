// The per-run journal sheets of earlier versions, read only: a run they began resumes with what it bought.
import { journalSheetName } from "../addon-sheets/registry";
import type { CachedEntity, CachedJson } from "../caches/result-cache";
import type { WorkbookPort } from "../sheet/port";
import { unmarked } from "./record-pieces";

/**
 * Before the spreadsheet's purchase record (purchase-record.ts), each run kept its own hidden sheet. Rows
 * of the version just before: a wave as one JSON record cut down the rows, `[#part i/n, piece]`. No key
 * starts with "#".
 */
const PART_KEY = /^#part (\d+)\/(\d+)$/;
/** Rows of the version before that: a row per organization (`[key, json pieces…]`) and a wave-cost row. */
const WAVE_KEY = "#wave";

interface WaveRecord {
  c: number;
  r: ([string] | [string, Record<string, CachedJson>])[];
}

/** What an earlier version's journal holds: the run's answers and each wave's cost, in order. */
export interface LegacyJournal {
  found: Map<string, CachedEntity>;
  waves: number[];
}

function decodeWave(json: string): WaveRecord | null {
  try {
    const record = JSON.parse(json) as Partial<WaveRecord>;
    if (typeof record.c !== "number" || !Number.isFinite(record.c) || !Array.isArray(record.r)) return null;
    return record as WaveRecord;
  } catch {
    return null;
  }
}

function waveCost(row: readonly unknown[]): number | null {
  if (unmarked(row[0]) !== WAVE_KEY || typeof row[1] !== "string") return null;
  try {
    const credits = (JSON.parse(row[1].slice(1)) as { c?: unknown }).c;
    return typeof credits === "number" && Number.isFinite(credits) ? credits : null;
  } catch {
    return null;
  }
}

function decodeRow(row: readonly unknown[]): [string, CachedEntity] | null {
  const text = row.map(unmarked);
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

/** Adds a wave's answers to `found`. */
export function addAnswers(found: Map<string, CachedEntity>, answers: WaveRecord["r"]): void {
  for (const answer of answers) {
    if (!Array.isArray(answer) || typeof answer[0] !== "string") continue;
    const values = answer[1];
    if (values === undefined) found.set(answer[0], { matched: false });
    else if (typeof values === "object" && values !== null) found.set(answer[0], { matched: true, values });
  }
}

/** Job `jobId`'s journal as an earlier version left it; null when it has none (every run of this version). */
export function readLegacyJournal(workbook: WorkbookPort, jobId: string): LegacyJournal | null {
  const sheet = workbook.sheet(journalSheetName(jobId));
  if (!sheet) return null;
  const found = new Map<string, CachedEntity>();
  const waves: number[] = [];
  const rows = sheet.lastRow();
  if (rows === 0) return { found, waves };
  let pieces: string[] = [];
  for (const row of sheet.readValues(1, 1, rows, sheet.lastColumn())) {
    const part = PART_KEY.exec(unmarked(row[0]) ?? "");
    const piece = unmarked(row[1]);
    if (part && piece !== null) {
      const [index, count] = [Number(part[1]), Number(part[2])];
      pieces = index === pieces.length + 1 ? [...pieces, piece] : [];
      if (index !== count || pieces.length !== count) continue;
      const record = decodeWave(pieces.join(""));
      pieces = [];
      if (!record) continue;
      waves.push(record.c);
      addAnswers(found, record.r);
      continue;
    }
    pieces = [];
    const cost = waveCost(row);
    if (cost !== null) waves.push(cost);
    const entry = cost === null ? decodeRow(row) : null;
    if (entry) found.set(entry[0], entry[1]);
  }
  return { found, waves };
}

/** Drops an earlier version's journal once its run is over: the purchase record keeps what it bought. */
export function dropJournal(workbook: WorkbookPort, jobId: string): void {
  if (workbook.sheet(journalSheetName(jobId))) workbook.deleteSheet(journalSheetName(jobId));
}
