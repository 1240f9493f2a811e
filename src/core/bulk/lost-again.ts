// Rows a new run would send again whose last paid answer was lost: the price names them before the click.
import { plural } from "../../api/words/format";
import type { Job } from "../jobs/job";
import { type OrganizationRead, readOrganization } from "../organizations/identifiers";
import { type ColumnRange, parseColumnRange } from "../sheet/a1";
import type { WorkbookPort } from "../sheet/port";
import { type BulkState, chunkBounds } from "./state";

/**
 * The organizations in `state`'s lost chunks (requests the service may have charged whose answer never
 * came), as its rows hold them now: `reads` are the run's input cells from its first data row on.
 */
export function lostKeys(state: BulkState, reads: readonly OrganizationRead[]): Set<string> {
  const keys = new Set<string>();
  for (const index of state.lost ?? []) {
    const { start, end } = chunkBounds(state, index);
    for (let offset = start; offset < end; offset++) {
      const read = reads[offset];
      if (read?.kind === "org") keys.add(read.key);
    }
  }
  return keys;
}

/** How many of a new run's rows (`reads`) hold an organization whose last answer was lost. */
export function rowsAgain(reads: readonly OrganizationRead[], lost: ReadonlySet<string>): number {
  return reads.filter((read) => read.kind === "org" && lost.has(read.key)).length;
}

/**
 * Said after the price: a paid request whose outcome is unknown is sent again only when the person says
 * yes knowing it (Re-run lost rows says the same of the earlier run's rows).
 */
export function againWords(rows: number): string {
  return `${plural(rows, "row")} whose last answer was lost may be charged again`;
}

/** The Enrichment log's Time, Action and Result columns (0-based), see LOG_HEADER. */
const TIME = 0;
const ACTION = 1;
const RESULT = 5;
const RUN_ACTION = /^(?:Enrich|Refresh) (.+)$/;
const POSSIBLY = /^[\d,]+ credits? possibly charged: /;

/**
 * The ranges of runs whose answer was lost since `from` (ms), as the Enrichment log's possibly-charged rows
 * name them (`log`: its rows, header included): the log is visible and durable, so a lost answer stays known
 * when its job does not (the jobs sheet deleted). Its rows are not said, so the whole range counts, except
 * where a job still there logged it: `owned` maps such a job's title to when it was made, and a row of that
 * title from then on is its own, whose lost chunks it knows exactly (lostKeys).
 */
export function loggedLostRanges(
  log: readonly (readonly unknown[])[],
  from: number,
  owned: ReadonlyMap<string, number> = new Map(),
): ColumnRange[] {
  const ranges: ColumnRange[] = [];
  for (const row of log.slice(1)) {
    const time = row[TIME];
    if (!(time instanceof Date) || time.getTime() < from) continue;
    if (!POSSIBLY.test(String(row[RESULT]))) continue;
    const since = owned.get(String(row[ACTION]));
    if (since !== undefined && time.getTime() >= since) continue;
    const action = RUN_ACTION.exec(String(row[ACTION]));
    const range = action ? parseColumnRange(action[1] as string) : null;
    if (range?.sheet && range.lastRow !== null) ranges.push(range);
  }
  return ranges;
}

/**
 * The organizations now in the ranges of the log's possibly-charged rows since `from` (loggedLostRanges): a
 * new run that sends one sends a request whose last outcome is unknown. A sheet gone or renamed adds none.
 */
export function loggedLostKeys(
  log: readonly (readonly unknown[])[],
  from: number,
  workbook: Pick<WorkbookPort, "sheet">,
  owned: ReadonlyMap<string, number> = new Map(),
): Set<string> {
  const keys = new Set<string>();
  for (const range of loggedLostRanges(log, from, owned)) {
    const sheet = workbook.sheet(range.sheet as string);
    const rows = (range.lastRow as number) - range.firstRow + 1;
    if (!sheet || rows < 1) continue;
    for (const [value] of sheet.readValues(range.firstRow, range.column, rows, 1)) {
      const read = readOrganization(value);
      if (read.kind === "org") keys.add(read.key);
    }
  }
  return keys;
}

/** Titles of the runs that logged possibly-charged credits themselves, each from its earliest making. */
export function ownedLostRows(jobs: readonly Job[]): Map<string, number> {
  const owned = new Map<string, number>();
  for (const job of jobs) {
    if (job.kind !== "bulk" || (job.loggedPossibly ?? 0) <= 0) continue;
    owned.set(job.title, Math.min(owned.get(job.title) ?? job.createdAt, job.createdAt));
  }
  return owned;
}
