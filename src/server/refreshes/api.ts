// The Refreshes section's server functions: each rule's last run, its threshold, its changed cells, and
// the price of a schedule before it is saved.
import { sidebarCall } from "../sidebar/call";
import { type RefreshRunView, refreshRuns } from "./runs";
import { estimateRefreshSchedule, type SchedulePrice } from "./schedule-price";
import { type ChangedCellsSelection, selectChangedCells } from "./select-changes";
import { saveRefreshThreshold } from "./threshold";

export type { ChangedCellsSelection, RefreshRunView, SchedulePrice };

export const refreshesApi = {
  refreshRuns: (): RefreshRunView[] => sidebarCall(refreshRuns),
  saveRefreshThreshold: (input: unknown): RefreshRunView => sidebarCall(() => saveRefreshThreshold(input)),
  selectChangedCells: (ruleId: unknown): ChangedCellsSelection =>
    sidebarCall(() => selectChangedCells(ruleId)),
  estimateRefreshSchedule: (input: unknown): SchedulePrice =>
    sidebarCall(() => estimateRefreshSchedule(input)),
};
