// How a background job reads in the sidebar: its progress bar, the line under it while it runs, and
// what it spent once it rests.
import { formatCredits, formatNumber } from "./format";

export interface JobProgress {
  state: string;
  rowsDone: number;
  rowsTotal: number;
  creditsSpent: number;
  /** Credits possibly charged for answers that were lost, said apart (absent: none). */
  possiblyCharged?: number;
  creditsRemaining: number | null;
  updatedAt: string;
}

const ACTIVE = ["queued", "running", "waiting"];

export function isActiveState(state: string): boolean {
  return ACTIVE.includes(state);
}

/** 0–100, whole. */
export function progressPercent(job: JobProgress): number {
  if (job.rowsTotal <= 0) return job.state === "done" ? 100 : 0;
  return Math.min(100, Math.floor((job.rowsDone / job.rowsTotal) * 100));
}

function left(job: JobProgress): string {
  return job.creditsRemaining === null ? "" : ` · ${formatNumber(job.creditsRemaining)} left`;
}

/** "120 of 500 rows · 240 credits spent · 11,088 left". */
export function progressLine(job: JobProgress): string {
  return `${formatNumber(job.rowsDone)} of ${formatNumber(job.rowsTotal)} rows · ${formatCredits(job.creditsSpent)} spent${left(job)}`;
}

/**
 * "Spent 1,392 credits · 11,088 left"; with an answer lost, "Spent 0 credits · 100 credits possibly charged
 * (an answer was lost)", and no balance: the last answer's is too high by what the lost one may have cost
 * (the chip reads it again).
 */
export function spentLine(
  job: Pick<JobProgress, "creditsSpent" | "creditsRemaining" | "possiblyCharged">,
): string {
  const possibly = job.possiblyCharged ?? 0;
  const rest =
    possibly > 0
      ? ` · ${formatCredits(possibly)} possibly charged (an answer was lost)`
      : job.creditsRemaining === null
        ? ""
        : ` · ${formatNumber(job.creditsRemaining)} left`;
  return `Spent ${formatCredits(job.creditsSpent)}${rest}`;
}

/**
 * A bound script's trigger runs every minute; a job unchanged for longer than this has nobody running it
 * (a published add-on's hourly trigger, or a trigger that could not be made), so the open sidebar does.
 */
export const UNATTENDED_MS = 75_000;

/**
 * Whether the open sidebar should run the job queue now: always in a published add-on, and otherwise for
 * a job not picked up yet (no wait for the next trigger) or one left unattended.
 */
export function shouldDrive(state: string, sidebarDrives: boolean, unchangedForMs: number): boolean {
  if (!isActiveState(state)) return false;
  return sidebarDrives || state === "queued" || unchangedForMs > UNATTENDED_MS;
}
