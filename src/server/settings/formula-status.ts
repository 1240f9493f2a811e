// What the formulas on the sheet in view cost and would cost: how many answers are cached, how many were
// fetched in the last day and for what, the most a recalculation could spend — read, nothing sent.

import { organizationUnitCost } from "../../api/pricing";
import { STATUS_HEADER } from "../../core/bulk/state";
import { STATUS_NOTE } from "../../core/bulk/status-column";
import { isComplete } from "../../core/caches/result-cache";
import { censusOf } from "../../core/formulas/census";
import { prune, reasonsByCell } from "../../core/formulas/error-memory";
import { cellA1, type ErrorKind, FORMULA_ERROR_VALUE, sheetErrors } from "../../core/formulas/sheet-errors";
import { readOrganization } from "../../core/organizations/identifiers";
import { buildSelect, fieldKey, type OrgField } from "../../core/organizations/org-fields";
import { ORG_SCOPE } from "../../functions/org-cached";
import { activeSheetGrid, readA1 } from "../../platform/active-range";
import { activeStatusHeaders, selectCells, sheetErrorMemory } from "../../platform/formula-errors";
import { zoneName } from "../../platform/spreadsheet-time";
import { flushDeferredLogHere } from "../log/deferred-log";
import { formulaCacheLevels, spendGuard } from "../runtime";
import { keptOrganizationKeys } from "./kept-answers";

export interface FormulaSheetStatus {
  sheetName: string;
  /** Every formula cell on the sheet. */
  formulaCells: number;
  /** ORG_ATTR cells whose arguments could be read (other formulas are not counted below). */
  orgAttrCells: number;
  /** Organizations they name, each once however many cells and sets of attributes ask for it. */
  organizations: number;
  /** Of those, organizations with kept answers: the unit Settings counts, from the same function. */
  keptOrganizations: number;
  /**
   * Lookups the next recalculation sends: one per organization and set of attributes not wholly kept (an
   * organization asked for two sets, one kept, still costs one).
   */
  toFetch: number;
  /** The most those would cost (every organization matched). */
  upToCredits: number;
  /** When the oldest cached answer was fetched (ISO), so a user can judge how fresh the sheet is; null if none. */
  oldestFetchedAt: string | null;
  /**
   * Of the organizations with kept answers, those fetched in the last 24 hours: a count only, as what they cost is the
   * Enrichment log's and the spend record's to say (a figure by the price list disagreed with both).
   */
  fetchedLastDay: number;
  /** What formulas in this spreadsheet spent today (since 00:00, its time zone): the daily cap's record. */
  formulasSpentToday: number;
  /** Every kind of error on the sheet (formula #ERROR! cells, run Status rows), with its cells. */
  errors: ErrorKind[];
  /** The spreadsheet's time zone as a place ("Los Angeles"): the day "today" counts in. */
  zone: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function formulaSheetStatus(): FormulaSheetStatus {
  // What formulas spent goes on the Enrichment log first, so the log and the figures below agree.
  flushDeferredLogHere();
  const grid = activeSheetGrid();
  const census = censusOf(grid.formulas, grid.values, readA1);
  const groups = new Map<string, { fields: OrgField[]; keys: Set<string> }>();
  for (const use of census.uses) {
    const signature = use.fields.map(fieldKey).sort().join("|");
    const group = groups.get(signature) ?? { fields: use.fields, keys: new Set<string>() };
    groups.set(signature, group);
    for (const identifier of use.identifiers) {
      const read = readOrganization(identifier);
      if (read.kind === "org") group.keys.add(read.key);
    }
  }
  const { cache, durable, settings } = formulaCacheLevels();
  const dayAgo = Date.now() - DAY_MS;
  let oldest = Number.POSITIVE_INFINITY;
  const fetchedLately = new Set<string>();
  let toFetch = 0;
  let upToCredits = 0;
  const onSheet = new Set<string>();
  for (const { fields, keys } of groups.values()) {
    const fieldKeys = fields.map(fieldKey);
    const found = cache.get(ORG_SCOPE, [...keys], fieldKeys);
    const hits = [...keys].filter((key) => isComplete(found.get(key), fieldKeys)).length;
    for (const key of keys) onSheet.add(key);
    toFetch += keys.size - hits;
    // Entries expire one lifetime after they were written: the earliest expiry is the oldest fetch.
    const expiries = new Map<string, number>();
    durable?.get(ORG_SCOPE, [...keys], fieldKeys, expiries);
    const unit = organizationUnitCost(buildSelect(fields)).credits;
    for (const [key, expiry] of expiries) {
      const fetchedAt = expiry - settings.cacheLifetimeSeconds * 1000;
      oldest = Math.min(oldest, fetchedAt);
      if (fetchedAt >= dayAgo) fetchedLately.add(key);
    }
    upToCredits += (keys.size - hits) * unit;
  }
  const kept = keptOrganizationKeys();
  return {
    sheetName: grid.name,
    formulaCells: census.formulaCells,
    orgAttrCells: census.uses.length,
    organizations: onSheet.size,
    keptOrganizations: [...onSheet].filter((key) => kept.has(key)).length,
    toFetch,
    upToCredits,
    oldestFetchedAt: Number.isFinite(oldest) ? new Date(oldest).toISOString() : null,
    fetchedLastDay: fetchedLately.size,
    formulasSpentToday: spendGuard().spentToday(),
    errors: errorsOf(grid),
    zone: zoneName(),
  };
}

/** The sheet's errors by kind; notes of cells that no longer fail are forgotten on the way. */
function errorsOf(grid: { formulas: string[][]; values: unknown[][] }): ErrorKind[] {
  const { sheetId, headers } = activeStatusHeaders(grid.values, STATUS_HEADER, STATUS_NOTE);
  const { memory, keep } = sheetErrorMemory(sheetId);
  const failing = new Set<string>();
  grid.values.forEach((cells, r) => {
    cells.forEach((value, c) => {
      if (value === FORMULA_ERROR_VALUE) failing.add(cellA1(r + 1, c + 1));
    });
  });
  const pruned = prune(memory, failing);
  if (pruned.cells.length !== memory.cells.length) keep(pruned);
  return sheetErrors({ ...grid, statusHeaders: headers }, reasonsByCell(pruned));
}

/** Selects one kind's cells on the named sheet (Check this sheet's "Select"). */
export function selectErrorCells(sheetName: unknown, ranges: unknown): boolean {
  if (typeof sheetName !== "string" || !Array.isArray(ranges)) return false;
  const a1s = ranges.filter(
    (r): r is string => typeof r === "string" && /^[A-Z]{1,3}\d+(:[A-Z]{1,3}\d+)?$/.test(r),
  );
  return selectCells(sheetName, a1s);
}
