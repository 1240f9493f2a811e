// Which dispatcher trigger the work needs: every minute in a bound script, hourly in an add-on.

/** Script property that says how the add-on is deployed; "addon" for a published Editor add-on. */
export const DEPLOYMENT_PROPERTY = "DEPLOYMENT";

export type Deployment = "bound" | "addon";
export type TriggerKind = "minute" | "hourly";

/** Unset or anything else means a bound script, the shape a team sets up from the README. */
export function readDeployment(value: string | null | undefined): Deployment {
  return value?.trim().toLowerCase() === "addon" ? "addon" : "bound";
}

export interface PendingWork {
  /** Jobs queued, running or waiting on the service. */
  activeJobs: boolean;
  /** Scheduled refresh rules exist (they fall due hourly at most). */
  rules: boolean;
}

/**
 * The trigger wanted, or null for none (idle). A published add-on may run only hourly and hold one time
 * trigger per user per document, so while its sidebar is open the sidebar's polling drives the work.
 */
export function wantedTrigger(deployment: Deployment, work: PendingWork): TriggerKind | null {
  if (deployment === "bound" && work.activeJobs) return "minute";
  return work.activeJobs || work.rules ? "hourly" : null;
}

export interface TriggerRecord {
  id: string;
  kind: TriggerKind;
}

export type TriggerChange = { create: TriggerKind | null; remove: string | null };

/**
 * What to change, given the trigger this user made for this document (if it still exists). A trigger of
 * the wrong kind is replaced; one that vanished (deleted by hand) is made again.
 */
export function triggerChange(wanted: TriggerKind | null, current: TriggerRecord | null): TriggerChange {
  if (current && current.kind === wanted) return { create: null, remove: null };
  return { create: wanted, remove: current?.id ?? null };
}
