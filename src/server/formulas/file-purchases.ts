// Formulas' purchases filed in the spreadsheet's purchase record by the next execution that may write it
// (a custom function may read a sheet, never write one): a sidebar call, a menu entry, the trigger here.
import { addonSheetOf } from "../../core/addon-sheets/make";
import { purchaseRecord } from "../../core/bulk/purchase-record";
import {
  decodeShelfBucket,
  SHELF_BUCKETS,
  SHELF_SHEET,
  type ShelfBucket,
  shelfBucketOf,
  shelfRow,
} from "../../core/bulk/record-shelf";
import { syncShelf } from "../../core/bulk/record-shelf-sync";
import { PendingAnswers } from "../../core/caches/pending-answers";
import type { EntityResult, ResultCache } from "../../core/caches/result-cache";
import type { WorkbookPort } from "../../core/sheet/port";
import { tryExclusive } from "../../core/spending/mutex";
import { ORG_SCOPE } from "../../functions/org-cached";
import { documentCache } from "../../platform/cache";
import { documentMutex } from "../../platform/lock";
import { clearUnfiled, hasUnfiled } from "../../platform/shelf-note";
import { activeSpreadsheet, activeWorkbook } from "../../platform/spreadsheet";
import { durableResultCache, formulaSettings, resultCache } from "../runtime";

/** The job id formula purchases carry in the record: no run's id, so no run counts their credits as its own. */
export const FORMULAS_JOB = "formulas";
/** A short wait: a menu entry must not stall behind a formula column buying; the next call files them. */
const FILE_LOCK_MS = 5_000;

/** A cached answer with when it was fetched. */
type Fetched = EntityResult & { fetchedAt: number };

/** What a cache level holds for the organizations scope, with fetch times. */
function heldBy(level: ResultCache | null): Fetched[] {
  if (!level) return [];
  const prefix = `${ORG_SCOPE}\u0000`;
  const kept = [...level.keptFields()].filter(([k]) => k.startsWith(prefix));
  if (kept.length === 0) return [];
  const keys = kept.map(([k]) => k.slice(prefix.length));
  const fields = [...new Set(kept.flatMap(([, f]) => f))];
  const fetched = new Map<string, number>();
  const out: Fetched[] = [];
  for (const [key, entity] of level.get(ORG_SCOPE, keys, fields, undefined, fetched)) {
    const fetchedAt = fetched.get(key);
    if (fetchedAt === undefined) continue;
    out.push(
      entity.matched
        ? { entityKey: key, matched: true, values: entity.values, fetchedAt }
        : { entityKey: key, matched: false, fetchedAt },
    );
  }
  return out;
}

/** At most this many rows a filing: more fetch times than that share rows, each with its oldest time. */
const MAX_WAVES = 20;

function fewWaves(waves: Map<number, Fetched[]>): [number, Fetched[]][] {
  const times = [...waves.keys()].sort((a, b) => a - b);
  const per = Math.ceil(times.length / MAX_WAVES);
  const out: [number, Fetched[]][] = [];
  for (let i = 0; i < times.length; i += per) {
    const group = times.slice(i, i + per);
    out.push([group[0] as number, group.flatMap((t) => waves.get(t) ?? [])]);
  }
  return out;
}

/** Whether the record already holds `answer`, as new or newer, every field of it. */
function filed(shelf: ShelfBucket, answer: Fetched): boolean {
  const entry = shelf.get(answer.entityKey);
  if (!entry || entry.t < answer.fetchedAt) return false;
  if (!answer.matched) return true;
  const values = entry.v;
  return values !== undefined && Object.keys(answer.values).every((field) => field in values);
}

/** The shelf's buckets of `keys`, as the record holds them now (one read). */
function shelfOf(workbook: WorkbookPort, keys: readonly string[]): Map<number, ShelfBucket> {
  const sheet = workbook.sheet(SHELF_SHEET);
  const buckets = new Map<number, ShelfBucket>();
  if (!sheet) return buckets;
  const rows = sheet.readValues(shelfRow(0), 1, SHELF_BUCKETS, Math.max(1, sheet.lastColumn()));
  for (const key of keys) {
    const b = shelfBucketOf(key);
    if (!buckets.has(b)) buckets.set(b, decodeShelfBucket(rows[b] ?? []));
  }
  return buckets;
}

/**
 * Appends what formulas bought and the record lacks, one wave per fetch time (its freshness starts then),
 * and brings the by-key shelf up to date (runs' waves too). Nothing new: one cache read. `everything`: look
 * even without the 6-hour note (a daily open: the note is gone, the durable level still holds purchases).
 */
export function fileFormulaPurchases(everything = false): void {
  if (!activeSpreadsheet() || !(everything || hasUnfiled())) return;
  tryExclusive(
    documentMutex(),
    () => {
      const workbook = activeWorkbook();
      const create = () => addonSheetOf(workbook, SHELF_SHEET);
      const settings = formulaSettings();
      const pending = new PendingAnswers(documentCache())
        .list()
        .filter((body) => body.scope === ORG_SCOPE)
        .flatMap((body) => body.results.filter((r): r is Fetched => r.fetchedAt !== undefined));
      const held = [...heldBy(resultCache(settings)), ...heldBy(durableResultCache(settings)), ...pending];
      syncShelf(workbook, create);
      const shelf = shelfOf(
        workbook,
        held.map((answer) => answer.entityKey),
      );
      const waves = new Map<number, Fetched[]>();
      const seen = new Set<string>();
      for (const answer of held) {
        const id = `${answer.entityKey}\u0000${answer.fetchedAt}`;
        if (seen.has(id) || filed(shelf.get(shelfBucketOf(answer.entityKey)) ?? new Map(), answer)) continue;
        seen.add(id);
        waves.set(answer.fetchedAt, [...(waves.get(answer.fetchedAt) ?? []), answer]);
      }
      for (const [t, results] of fewWaves(waves)) {
        const record = purchaseRecord(workbook, {
          jobId: FORMULAS_JOB,
          now: () => t,
          create: (make) => make(),
        });
        record.put(
          results.map(({ fetchedAt: _, ...result }) => result as EntityResult),
          0,
        );
      }
      if (waves.size > 0) syncShelf(workbook, create);
      clearUnfiled();
    },
    FILE_LOCK_MS,
  );
}
