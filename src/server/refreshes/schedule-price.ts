// The price of a schedule before it is saved: per run and per day, refreshing every row or new rows only.

import { formatCount, plural } from "../../api/words/format";
import { noJobMessage } from "../../core/jobs/queue";
import type { RefreshModeCost } from "../../core/jobs/refresh-cost";
import { type Frequency, readFrequency } from "../../core/jobs/refresh-rules";
import { RequestError } from "../../core/text/user-errors";
import { estimateRefreshRule } from "../jobs/refresh-estimate";
import { isRecord } from "../sidebar/args";

export interface SchedulePrice {
  frequency: Frequency;
  unitCost: number;
  runsPerDay: number;
  everyRow: RefreshModeCost;
  /**
   * The next run's price when only new rows are bought: none after a finished run (saving it keeps which
   * rows it enriched), every row after one that did not finish.
   */
  newRowsOnly: RefreshModeCost;
  /** "Up to 5,916 credits a run · 1,972 organizations × 3". */
  perRunLine: string;
  /** "Up to 141,984 credits a day · 24 runs a day". */
  perDayLine: string;
  /** New rows only, per run and per day in one sentence. */
  newRowsLine: string;
}

function perDayLine(frequency: Frequency, cost: RefreshModeCost): string {
  if (frequency === "weekly") {
    return `Up to ${plural(cost.perRun, "credit")} a week · about ${formatCount(Math.ceil(cost.perDay))} a day`;
  }
  const runs = frequency === "hourly" ? "24 runs a day" : "1 run a day";
  return `Up to ${plural(Math.ceil(cost.perDay), "credit")} a day · ${runs}`;
}

function newRowsLine(frequency: Frequency, unitCost: number, next: RefreshModeCost): string {
  const period = frequency === "weekly" ? "week" : "day";
  const first =
    next.organizations === 0
      ? "None is waiting now: a run that finds no new rows costs nothing."
      : `The next run buys ${plural(next.organizations, "organization")} not yet kept as enriched: up to ${plural(next.perRun, "credit")}.`;
  return (
    `New rows only: ${plural(unitCost, "credit")} per row added or edited since the run before, nothing ` +
    `for the others; a ${period} costs ${plural(unitCost, "credit")} per row added that ${period}. ${first}`
  );
}

/**
 * {jobId, frequency}: what saving that run as a schedule would cost, planned as the refresh run itself is
 * (the same columns, cells the add-on wrote refreshed) over the sheet as it is now. Free.
 */
export function estimateRefreshSchedule(input: unknown): SchedulePrice {
  if (!isRecord(input)) throw new RequestError("Price a schedule with {jobId, frequency}.");
  if (typeof input["jobId"] !== "string") throw new RequestError(noJobMessage(input["jobId"]));
  // The figures are the rule's own estimate (one source with Refresh now and the saved rule's price);
  // this only says them in words.
  const estimate = estimateRefreshRule({ jobId: input["jobId"], frequency: input["frequency"] });
  const frequency = readFrequency(input["frequency"]);
  const { everyRow, newRowsOnly, unitCost, runsPerDay } = estimate;
  return {
    frequency,
    unitCost,
    runsPerDay,
    everyRow,
    newRowsOnly,
    perRunLine: `Up to ${plural(everyRow.perRun, "credit")} a run · ${plural(everyRow.organizations, "organization")} × ${formatCount(unitCost)}`,
    perDayLine: perDayLine(frequency, everyRow),
    newRowsLine: newRowsLine(frequency, unitCost, newRowsOnly),
  };
}
