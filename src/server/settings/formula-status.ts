// What the formulas on the sheet in view cost and would cost: how many answers are cached, how many were
// fetched in the last day and for what, the most a recalculation could spend — read, nothing sent.

import { organizationUnitCost } from "../../api/pricing";
import { isComplete } from "../../core/caches/result-cache";
import { censusOf } from "../../core/formulas/census";
import { readOrganization } from "../../core/organizations/identifiers";
import { buildSelect, fieldKey, type OrgField } from "../../core/organizations/org-fields";
import { ORG_SCOPE } from "../../functions/org-fetch";
import { activeSheetGrid, readA1 } from "../../platform/active-range";
import { zoneName } from "../../platform/spreadsheet-time";
import { formulaCacheLevels, spendGuard } from "../runtime";
import { flushDeferredLogHere } from "../sidebar/deferred-log";
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
    zone: zoneName(),
  };
}
