// Turns the organizations a person named for a people, jobs or teams search into organization ids: ids
// are used as they are; domains and names are matched in one list-mode request that asks only for the
// id (1 credit per matched organization, unmatched free).
import type { EnrichmentClient } from "../../api/client";
import { LIMITS, PRICES } from "../../api/contract";
import { chunk } from "../../core/batching";
import type { OrganizationRead } from "../../core/identifiers";
import { plural } from "../../core/jobs/format";
import { activeWorkbook } from "../../platform/spreadsheet";
import { settlePaid } from "../sidebar/paid-log";

type Readable = Extract<OrganizationRead, { kind: "org" }>;

export interface ResolvedScope {
  ids: number[];
  /** Domains and names the service did not match. */
  unmatched: number;
  creditsUsed: number;
  creditsRemaining: number | null;
}

/** How many organizations need the paid match (everything but ids), for the estimate. */
export function scopeLookups(scope: readonly Readable[]): number {
  return scope.filter((read) => read.input.id === undefined).length;
}

export function scopeLookupCost(scope: readonly Readable[]): number {
  return scopeLookups(scope) * PRICES.organizationBase;
}

export function resolveScope(client: EnrichmentClient, scope: readonly Readable[]): ResolvedScope {
  const ids = new Set<number>();
  const toMatch: Readable[] = [];
  for (const read of scope) {
    if (read.input.id !== undefined) ids.add(read.input.id);
    else toMatch.push(read);
  }
  let creditsUsed = 0;
  let creditsRemaining: number | null = null;
  let unmatched = 0;
  for (const part of chunk(toMatch, LIMITS.listMax)) {
    const response = client.organizations({
      organizations: part.map((read) => ({ ...read.input })),
      select: { attributes: ["id"] },
    });
    creditsUsed += response.credits_used;
    creditsRemaining = response.credits_remaining;
    for (const row of response.organizations) {
      const id = row.attributes?.id;
      if (typeof id === "number") ids.add(id);
      else unmatched++;
    }
  }
  if (creditsRemaining !== null) {
    settlePaid(activeWorkbook(), {
      action: `Find the ids of ${plural(toMatch.length, "organization")} to search in`,
      rows: toMatch.length,
      creditsUsed,
      creditsRemaining,
      result: `${plural(toMatch.length - unmatched, "organization")} found, ${unmatched} not found.`,
    });
  }
  return { ids: [...ids], unmatched, creditsUsed, creditsRemaining };
}
