// What a refresh rule costs per run and per day, refreshing every row or only new and edited rows.

import { organizationUnitCost } from "../../api/pricing";
import type { OrganizationRead } from "../organizations/identifiers";
import { buildSelect, type OrgField } from "../organizations/org-fields";
import { type Frequency, PERIOD_MS } from "./refresh-rules";

const DAY_MS = 24 * 60 * 60_000;

export interface RefreshEstimateInput {
  fields: readonly OrgField[];
  frequency: Frequency;
  /** Distinct organizations in the rule's rows now (what an every-row run sends). */
  organizations: number;
  /** Distinct organizations in rows added or edited since the last run (all of them before a first run). */
  newOrganizations: number;
}

export interface RefreshModeCost {
  /** Distinct organizations one run sends. */
  organizations: number;
  /** The most one run costs: every organization sent matched. */
  perRun: number;
  /** perRun × runs a day (a weekly rule runs 1/7 a day, so its figure can be a fraction). */
  perDay: number;
}

export interface RefreshEstimate {
  /** Credits per matched organization for the rule's fields. */
  unitCost: number;
  runsPerDay: number;
  everyRow: RefreshModeCost;
  /** For "new rows only", per day assumes as many new rows every run as there are now. */
  newRowsOnly: RefreshModeCost;
}

export function estimateRefresh(input: RefreshEstimateInput): RefreshEstimate {
  const unitCost = organizationUnitCost(buildSelect(input.fields)).credits;
  const runsPerDay = DAY_MS / PERIOD_MS[input.frequency];
  const mode = (organizations: number): RefreshModeCost => ({
    organizations,
    perRun: organizations * unitCost,
    perDay: organizations * unitCost * runsPerDay,
  });
  return {
    unitCost,
    runsPerDay,
    everyRow: mode(input.organizations),
    newRowsOnly: mode(input.newOrganizations),
  };
}

/**
 * The two counts estimateRefresh needs, from the rule's input column as read now and the rows the refresh
 * finds new (newRowsSince in src/server/jobs/refresh-changes.ts, moved cells included), so the price and
 * the run count the same rows.
 */
export function refreshCounts(
  reads: readonly OrganizationRead[],
  /** Rows added or edited since the last run, as the refresh finds them (every row before a first run). */
  fresh: readonly number[],
  /** New rows a "new rows only" run fills free from what was bought (see knownRows): not counted. */
  known: ReadonlySet<number> = new Set(),
): { organizations: number; newOrganizations: number } {
  const all = new Set<string>();
  for (const read of reads) if (read.kind === "org") all.add(read.key);
  const bought = new Set<string>();
  for (const offset of fresh) {
    if (known.has(offset)) continue;
    const read = reads[offset];
    if (read?.kind === "org") bought.add(read.key);
  }
  return { organizations: all.size, newOrganizations: bought.size };
}
