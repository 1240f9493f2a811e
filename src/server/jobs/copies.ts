// What File ▸ Make a copy carried into this spreadsheet: jobs and rules started in another file are
// stopped here and wait for a person to resume them (src/core/jobs/home.ts); records an earlier version
// wrote without a home are adopted by the spreadsheet they are in.

import { purchaseRecord } from "../../core/bulk/purchase-record";
import { atHome, homeless, stopCopiedJob } from "../../core/jobs/home";
import type { Job } from "../../core/jobs/job";
import type { RefreshRule } from "../../core/jobs/refresh-rules";
import type { JobServices } from "./services";

/** A copied job not yet stopped in this spreadsheet (`copySettled` names the file it was stopped in). */
function unsettledCopy(job: Job, here: string): boolean {
  return !atHome(job, here) && job.copySettled !== here;
}

/**
 * A homeless job no execution holds: one that is held is stamped by a later pass, since writing it now
 * could overwrite its holder's checkpoint (a documentless trigger does not share this execution's lock).
 */
function toAdopt(job: Job, now: number): boolean {
  return homeless(job) && (job.lease === null || job.lease.until <= now);
}

function needsWork(jobs: readonly Job[], rules: readonly RefreshRule[], here: string, now: number): boolean {
  return jobs.some((job) => toAdopt(job, now) || unsettledCopy(job, here)) || rules.some(homeless);
}

/**
 * Settles this spreadsheet's records once: a copied job is stopped with its original's counters
 * forgotten, and a homeless record gets this spreadsheet as its home. Reads nothing beyond the store as
 * already read when there is nothing to do (every poll), and writes under the queue's lock otherwise.
 */
export function settleCopies(services: JobServices): void {
  const here = services.spreadsheetId;
  const now = services.clock.now();
  if (!needsWork(services.queue.list(), services.rules.list(), here, now)) return;
  services.queue.locked(() => {
    for (const job of services.queue.list()) {
      if (toAdopt(job, now)) {
        services.queue.put({ ...job, home: services.home() });
      } else if (unsettledCopy(job, here)) {
        // The copied purchase record holds the original's paid waves: none of them is this spreadsheet's spend.
        let waves: number | null = null;
        if (job.kind === "bulk") {
          const record = purchaseRecord(services.workbook, {
            jobId: job.id,
            legacy: true,
            now: () => now,
            create: (make) => make(),
          });
          record.load();
          waves = record.waveCredits().length;
        }
        stopCopiedJob(job, job.home?.name ?? "", waves);
        job.copySettled = here;
        services.queue.put(job);
      }
    }
    for (const rule of services.rules.list()) {
      if (homeless(rule)) services.rules.put({ ...rule, home: services.home() });
    }
  });
}
