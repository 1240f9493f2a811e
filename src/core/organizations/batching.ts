// Splits what is to be sent into requests of at most the service's list-mode maximum.
import { requirePositiveInteger } from "../../api/retry/checks";

/** The service's list-mode maximum per request; callers that know the api's constant pass it. */
export const DEFAULT_MAX_PER_REQUEST = 1_000;

/** Consecutive groups of at most `max` items, in order; no groups for no items. */
export function chunk<T>(items: readonly T[], max: number = DEFAULT_MAX_PER_REQUEST): T[][] {
  requirePositiveInteger("max", max);
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += max) chunks.push(items.slice(start, start + max));
  return chunks;
}
