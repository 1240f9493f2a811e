// A bulk run as the Enrich tab follows it: the job's status plus what its summary needs (matched, not
// found, unreadable rows, where the values went), and the run to show when the sidebar is reopened.

import { failedRows, lostRows } from "../../core/bulk/state";
import type { BulkJob } from "../../core/jobs/job";
import { noJobMessage } from "../../core/jobs/queue";
import { type JobStatus, toStatus } from "../../core/jobs/status";
import { blockA1 } from "../../core/sheet/a1";
import { RequestError } from "../../core/text/user-errors";
import { activeWorkbook } from "../../platform/spreadsheet";
import { readJobId } from "../jobs/job-control";
import { jobServices } from "../jobs/services";

export interface EnrichmentRun {
  status: JobStatus;
  matched: number;
  unmatched: number;
  /** Rows whose identifier could not be read (blank rows are not counted). */
  unreadable: number;
  /** Rows not enriched for now: their answer was lost, or the service failed on them (until Resume). */
  notEnriched: number;
  /** Where the values go, data rows only ("D2:F501"). */
  outputRange: string;
}

export const NOT_AN_ENRICHMENT_MESSAGE = "This job is not a bulk enrichment.";

function view(job: BulkJob): EnrichmentRun {
  const { bulk } = job;
  return {
    status: toStatus(job),
    matched: bulk.matched,
    unmatched: bulk.unmatched,
    unreadable: bulk.errorCount,
    notEnriched: lostRows(bulk) + failedRows(bulk),
    outputRange: blockA1(
      bulk.firstDataRow,
      bulk.outputColumn,
      Math.max(bulk.rowCount, 1),
      bulk.request.fields.length,
    ),
  };
}

/** The bulk job `jobId` names, or the sentence saying why there is none. */
function bulkJob(jobId: unknown): BulkJob {
  const id = readJobId(jobId);
  const job = jobServices().queue.get(id);
  if (!job) throw new RequestError(noJobMessage(id));
  if (job.kind !== "bulk") throw new RequestError(NOT_AN_ENRICHMENT_MESSAGE);
  return job;
}

export function getEnrichmentRun(jobId: unknown): EnrichmentRun {
  return view(bulkJob(jobId));
}

/** The newest bulk run of this spreadsheet, so a reopened sidebar shows the run it left (or null). */
export function latestEnrichmentRun(): EnrichmentRun | null {
  const jobs = jobServices().queue.list();
  for (let i = jobs.length - 1; i >= 0; i--) {
    const job = jobs[i]!;
    if (job.kind === "bulk" && job.ruleId === null) return view(job);
  }
  return null;
}

/**
 * Shows where a run wrote: its sheet, its columns selected from the header down, so a person who started
 * it from the sidebar sees the values rather than the column they selected.
 */
export function showEnrichmentResult(jobId: unknown): string {
  const { bulk } = bulkJob(jobId);
  const top = bulk.firstDataRow > 1 ? bulk.firstDataRow - 1 : bulk.firstDataRow;
  const rows = bulk.firstDataRow - top + Math.max(bulk.rowCount, 1);
  const columns = bulk.request.fields.length;
  activeWorkbook().show(bulk.request.sheetName, top, bulk.outputColumn, rows, columns);
  return `${bulk.request.sheetName}!${blockA1(top, bulk.outputColumn, rows, columns)}`;
}
