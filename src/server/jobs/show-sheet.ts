// Brings a background job's results sheet into view (a people search's sheet, a briefs run's), for the
// sidebar that watched the job finish: the trigger writes them without taking the person's view there.

import { noJobMessage } from "../../core/jobs/queue";
import { RequestError } from "../../core/text/user-errors";
import { showSheet } from "../../platform/active-range";
import { readJobId } from "./job-control";
import { jobServices } from "./services";

/** The sheet shown, or null when the job wrote none (nothing found) or it was deleted since. */
export function showJobSheet(jobId: unknown): { sheetName: string | null } {
  const id = readJobId(jobId);
  const job = jobServices().queue.get(id);
  if (!job) throw new RequestError(noJobMessage(id));
  const name =
    job.kind === "people" ? job.people.writtenTo : job.kind === "briefs" ? job.briefs.sheetName : null;
  return { sheetName: name && showSheet(name) ? name : null };
}
