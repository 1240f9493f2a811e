// The job machinery of one execution: queue, rules, clock, time budget and deployment.
import type { Clock } from "../../core/clock";
import { ChunkedStore } from "../../core/jobs/chunked-store";
import { newId } from "../../core/jobs/ids";
import { JobQueue } from "../../core/jobs/queue";
import { RuleStore } from "../../core/jobs/refresh-rules";
import type { Deployment } from "../../core/jobs/trigger-plan";
import { appsScriptClock } from "../../platform/clock";
import { currentDeployment } from "../../platform/deployment";
import { documentMutex } from "../../platform/lock";
import { propertyStore } from "../../platform/properties";

/** Work stops well before Apps Script's 6-minute limit: the rest is left for writes and checkpoints. */
export const JOB_BUDGET_MS = 270_000;
/** The one trigger handler for every kind of job (a top-level function of src/main.ts). */
export const DISPATCH_HANDLER = "dispatchJobs";
/**
 * Diagnostics' one-off trigger (src/server/diagnostics). An add-on may hold one time trigger per user and
 * document, so a waiting Diagnostics trigger gives its slot to background work.
 */
export const DIAGNOSTICS_HANDLER = "diagnosticsTrigger";

export const NO_DOCUMENT_MESSAGE =
  "Background jobs need a spreadsheet: open the add-on from the Google Sheets file you want to enrich.";

export interface JobServices {
  clock: Clock;
  /** When this execution's work must be over (its start plus the budget). */
  deadline: number;
  store: ChunkedStore;
  queue: JobQueue;
  rules: RuleStore;
  deployment: Deployment;
  newId(): string;
  /**
   * Who this execution runs for: an id kept in the user's own properties (no e-mail scope needed), so
   * jobs run only in their starter's executions, with their key.
   */
  ownerId(): string;
}

const OWNER_PROPERTY = "JOBS_OWNER_ID";

function userOwnerId(clock: Clock): string {
  const user = propertyStore("user");
  if (!user) throw new Error(NO_DOCUMENT_MESSAGE);
  const known = user.get(OWNER_PROPERTY);
  if (known) return known;
  const id = newId(clock.now());
  user.put(OWNER_PROPERTY, id);
  return id;
}

export function jobServices(): JobServices {
  const document = propertyStore("document");
  if (!document) throw new Error(NO_DOCUMENT_MESSAGE);
  const clock = appsScriptClock;
  const store = new ChunkedStore({ store: document });
  return {
    clock,
    deadline: clock.now() + JOB_BUDGET_MS,
    store,
    queue: new JobQueue({ store, mutex: documentMutex(), clock }),
    rules: new RuleStore(store),
    deployment: currentDeployment(),
    newId: () => newId(clock.now()),
    ownerId: () => userOwnerId(clock),
  };
}
