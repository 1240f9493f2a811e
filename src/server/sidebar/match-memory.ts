// What matching domains and names to ids already bought, kept on a hidden sheet of the spreadsheet (far
// roomier than the 500 KB property store, never expired or evicted, and shared by every execution, a
// documentless trigger's included): a match is paid once, and a retry, a refresh or another screen asking
// for the same organization reads it here for free. A match being bought is marked there first (its
// in-flight mark), so another execution asking for it at that moment waits for its answer. Every id bought is
// also a wave of the purchase record, so a person who deletes this sheet loses none: it is rebuilt from there.
import { addonSheetOf } from "../../core/addon-sheets/make";
import { MATCH_SHEET, RECORD_SHEET } from "../../core/addon-sheets/registry";
import { purchaseRecord } from "../../core/bulk/purchase-record";
import { MATCHES_JOB, matchResults, recordedMatches } from "../../core/bulk/record-matches";
import {
  IN_FLIGHT,
  type MatchState,
  matchStates,
  NOT_FOUND,
  RELEASED,
} from "../../core/organizations/match-claims";
import type { CellValue, SheetPort, WorkbookPort } from "../../core/sheet/port";
import { flushWrites } from "../../platform/active-range";
import { documentMutex, jobsMutex } from "../../platform/lock";
import { appendRows } from "../log/append-rows";

const MATCH_HEADER = ["Organization", "Id", "Matched", "Claim"];
const CREATE_LOCK_MS = 30_000;
const CLAIM_LOCK_MS = 30_000;

/** The ids the purchase record holds, as match rows: what a deleted matches sheet held (one read of it). */
function recordRows(workbook: WorkbookPort): unknown[][] {
  const record = workbook.sheet(RECORD_SHEET);
  return record ? recordedMatches(record.readAll()) : [];
}

/**
 * Every row under the header as [organization, id or state, when, claim]. With no sheet (never made, or
 * deleted by a person) while the purchase record exists, the sheet is made again from the record's ids
 * first: the record, which may be large, is read once, not by every later match or estimate.
 */
function matchRows(workbook: WorkbookPort): unknown[][] {
  let sheet = workbook.sheet(MATCH_SHEET);
  if (!sheet && workbook.sheet(RECORD_SHEET)) sheet = matchSheet(workbook);
  if (!sheet) return [];
  const last = sheet.lastRow();
  return last < 2 ? [] : sheet.readValues(2, 1, last - 1, MATCH_HEADER.length);
}

/** The ids already bought, by read key ("url:acme.com", "name:acme"); empty when none were. */
export function rememberedMatches(workbook: WorkbookPort): Map<string, number> {
  const known = new Map<string, number>();
  for (const [key, id] of matchRows(workbook)) {
    if (typeof key === "string" && key !== "" && typeof id === "number" && Number.isSafeInteger(id)) {
      known.set(key, id);
    }
  }
  return known;
}

/**
 * The sheet, made hidden under the lock the first time (two executions would otherwise both add it), with
 * the ids the purchase record holds: made again after a person deleted it, it holds what it held.
 */
function matchSheet(workbook: WorkbookPort): SheetPort {
  const existing = workbook.sheet(MATCH_SHEET);
  if (existing) return existing;
  documentMutex().runExclusive(() => {
    if (workbook.sheet(MATCH_SHEET)) return;
    const rows = recordRows(workbook) as CellValue[][];
    addonSheetOf(workbook, MATCH_SHEET).writeValues(1, 1, [MATCH_HEADER, ...rows]);
  }, CREATE_LOCK_MS);
  return workbook.sheet(MATCH_SHEET) as SheetPort;
}

/** One execution's in-flight marks: the rows it wrote, so its answers replace them in place. */
export interface MatchClaim {
  token: string;
  /** The sheet row of each key this execution marked. */
  rowOf: Map<string, number>;
}

export function newMatchClaim(): MatchClaim {
  return {
    token: `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e9).toString(36)}`,
    rowOf: new Map(),
  };
}

/**
 * Marks the keys nobody has bought or is buying as this execution's, and says what each key is now. The
 * marks are read and written under the jobs' lock; read again after it, every execution agrees on the
 * first mark per key, even two whose locks differ (a documentless trigger and a sidebar).
 */
export function claimMatches(
  workbook: WorkbookPort,
  keys: readonly string[],
  claim: MatchClaim,
): Map<string, MatchState> {
  // Almost always every key is remembered or free at a glance: the lock is taken only to mark some.
  const seen = matchStates(matchRows(workbook), keys, Date.now());
  if (![...seen.values()].some((state) => state.kind === "free")) return seen;
  const sheet = matchSheet(workbook);
  jobsMutex().runExclusive(() => {
    const now = Date.now();
    const states = matchStates(matchRows(workbook), keys, now);
    const free = keys.filter((key) => states.get(key)?.kind === "free");
    if (free.length === 0) return;
    const first = Math.max(sheet.lastRow(), 1) + 1;
    sheet.writeValues(
      first,
      1,
      free.map((key) => [key, IN_FLIGHT, new Date(now), claim.token]),
    );
    for (const [i, key] of free.entries()) claim.rowOf.set(key, first + i);
    flushWrites();
  }, CLAIM_LOCK_MS);
  return matchStates(matchRows(workbook), keys, Date.now());
}

/** What `keys` are now for an execution waiting on `awaited` (key → the token it waits for). */
export function awaitedStates(
  workbook: WorkbookPort,
  awaited: ReadonlyMap<string, string>,
): Map<string, MatchState> {
  return matchStates(matchRows(workbook), [...awaited.keys()], Date.now(), awaited);
}

/**
 * Replaces this execution's marks of `keys` with `state` (an id, "not found", "released") where they still
 * are: one read and one write of the block they span, under the jobs' lock so no append lands in between.
 */
function replaceMarks(
  workbook: WorkbookPort,
  claim: MatchClaim,
  entries: ReadonlyArray<[string, CellValue]>,
  at: Date,
): void {
  const sheet = workbook.sheet(MATCH_SHEET);
  const rows = entries.flatMap(([key]) => claim.rowOf.get(key) ?? []);
  const lost: CellValue[][] = [];
  jobsMutex().runExclusive(() => {
    const top = Math.min(...rows);
    const block = sheet && rows.length > 0 ? sheet.readValues(top, 1, Math.max(...rows) - top + 1, 4) : [];
    for (const [key, state] of entries) {
      const row = claim.rowOf.get(key);
      const cells = row === undefined ? undefined : block[row - top];
      // A mark another execution wrote over (a collaborator's append at the same moment) is appended afresh.
      if (cells && cells[0] === key && cells[3] === claim.token)
        block[row! - top] = [key, state, at, claim.token];
      else if (typeof state === "number") lost.push([key, state, at, claim.token]);
      claim.rowOf.delete(key);
    }
    if (sheet && block.length > 0) sheet.writeValues(top, 1, block as CellValue[][]);
    flushWrites();
  }, CLAIM_LOCK_MS);
  if (lost.length > 0) appendRows(workbook, MATCH_SHEET, MATCH_HEADER, lost);
}

/**
 * Keeps the answer of a paid match: the ids found in the purchase record (a wave of `credits`, what the
 * request cost) and on the sheet, and the keys not found there (so an execution waiting for them stops
 * waiting). Never throws: the match is paid and its answer in hand, so a sheet that cannot be written now
 * only means a later match of the same organizations is bought again.
 */
export function rememberMatches(
  workbook: WorkbookPort,
  claim: MatchClaim,
  found: ReadonlyMap<string, number>,
  notFound: readonly string[],
  at: Date,
  credits: number,
): void {
  try {
    purchaseRecord(workbook, {
      jobId: MATCHES_JOB,
      now: () => at.getTime(),
      create: (make) => documentMutex().runExclusive(make, CREATE_LOCK_MS),
    }).put(matchResults(found), credits);
  } catch {
    // The sheet below still keeps them; only its loss would then buy them again.
  }
  try {
    replaceMarks(
      workbook,
      claim,
      [...[...found], ...notFound.map((key): [string, CellValue] => [key, NOT_FOUND])],
      at,
    );
  } catch {
    // See above: a record, not the answer.
  }
}

/** Gives up this execution's remaining marks (its request failed): waiters then buy the match themselves. */
export function releaseMatches(workbook: WorkbookPort, claim: MatchClaim): void {
  try {
    replaceMarks(
      workbook,
      claim,
      [...claim.rowOf.keys()].map((key): [string, CellValue] => [key, RELEASED]),
      new Date(),
    );
  } catch {
    // A mark left behind expires by itself (CLAIM_EXPIRES_MS).
  }
}
