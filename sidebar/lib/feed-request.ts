// The signal-feed request the Feed view sends, from what its form holds.
import { splitList } from "./more-format";
import type { SelectionView } from "./more-types";

export interface FeedForm {
  organizations: SelectionView | null;
  listIds: number[];
  technologies: string;
  jobFunctions: string;
  priorities: string[];
  configIds: number[];
}

export interface FeedRequestBody {
  maxSignals: number;
  organizations?: { sheetName: string; range: string };
  listIds?: number[];
  technologies?: string[];
  jobFunctions?: string[];
  priorities?: string[];
  configIds?: number[];
}

/** Only the filters that say something are sent. */
export function feedRequest(form: FeedForm, maxSignals: number): FeedRequestBody {
  const body: FeedRequestBody = { maxSignals };
  if (form.organizations) {
    body.organizations = { sheetName: form.organizations.sheetName, range: form.organizations.range };
  }
  if (form.listIds.length) body.listIds = form.listIds;
  const technologies = splitList(form.technologies);
  if (technologies.length) body.technologies = technologies;
  const jobFunctions = splitList(form.jobFunctions);
  if (jobFunctions.length) body.jobFunctions = jobFunctions;
  if (form.priorities.length) body.priorities = form.priorities;
  if (form.configIds.length) body.configIds = form.configIds;
  return body;
}
