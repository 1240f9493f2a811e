// The bulk and background-job server functions as the sidebar and the trigger call them.
import type { Estimate } from "../../api/pricing";
import type { RefreshEstimate } from "../../core/jobs/refresh-cost";
import type { JobStatus } from "../../core/jobs/status";
import { sidebarCall } from "../sidebar/call";
import { listJobs, runDispatcher, runTrigger } from "./dispatcher";
import { getJobStatus, rerunLostRows, resumeJob, stopJob } from "./job-control";
import {
  deleteRefreshRule,
  listRefreshRules,
  type RuleView,
  saveRefreshRule,
  updateRefreshRule,
} from "./refresh";
import {
  estimateRefreshNow,
  estimateRefreshRule,
  type RefreshNowEstimate,
  refreshNowAtPrice,
} from "./refresh-estimate";
import { type BriefsRequestResult, estimatePeopleSearch, requestBriefs, startPeopleSearch } from "./searches";
import { jobServices } from "./services";
import { showJobSheet } from "./show-sheet";
import { type EnrichmentEstimate, estimateEnrichment, startEnrichment } from "./start-enrichment";

export type {
  BriefsRequestResult,
  EnrichmentEstimate,
  Estimate,
  JobStatus,
  RefreshEstimate,
  RefreshNowEstimate,
  RuleView,
};

export const jobsApi = {
  estimateEnrichment: (request: unknown): EnrichmentEstimate =>
    sidebarCall(() => estimateEnrichment(request)),
  startEnrichment: (request: unknown): JobStatus => sidebarCall(() => startEnrichment(request)),
  getJobStatus: (jobId: unknown): JobStatus => sidebarCall(() => getJobStatus(jobId)),
  listJobs: (): JobStatus[] => sidebarCall(() => listJobs(jobServices())),
  stopJob: (jobId: unknown): JobStatus => sidebarCall(() => stopJob(jobId)),
  resumeJob: (jobId: unknown): JobStatus => sidebarCall(() => resumeJob(jobId)),
  showJobSheet: (jobId: unknown): { sheetName: string | null } => sidebarCall(() => showJobSheet(jobId)),
  rerunLostRows: (jobId: unknown): JobStatus => sidebarCall(() => rerunLostRows(jobId)),
  estimatePeopleSearch: (request: unknown): Estimate => sidebarCall(() => estimatePeopleSearch(request)),
  startPeopleSearch: (request: unknown): JobStatus => sidebarCall(() => startPeopleSearch(request)),
  requestBriefs: (request: unknown): BriefsRequestResult => sidebarCall(() => requestBriefs(request)),
  saveRefreshRule: (rule: unknown): RuleView => sidebarCall(() => saveRefreshRule(rule)),
  listRefreshRules: (): RuleView[] => sidebarCall(listRefreshRules),
  deleteRefreshRule: (ruleId: unknown): RuleView[] => sidebarCall(() => deleteRefreshRule(ruleId)),
  estimateRefreshNow: (ruleId: unknown): RefreshNowEstimate => sidebarCall(() => estimateRefreshNow(ruleId)),
  refreshNow: (input: unknown): JobStatus => sidebarCall(() => refreshNowAtPrice(input)),
  updateRefreshRule: (input: unknown): RuleView => sidebarCall(() => updateRefreshRule(input)),
  estimateRefreshRule: (input: unknown): RefreshEstimate => sidebarCall(() => estimateRefreshRule(input)),
  pollJobs: (): JobStatus[] => sidebarCall(() => runDispatcher(jobServices(), true)),
  /** The trigger handler. A job's failure stays on the job; only a failure of the queue itself is thrown. */
  dispatchJobs: (): void => {
    runTrigger();
  },
};
