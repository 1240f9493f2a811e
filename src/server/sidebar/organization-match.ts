// Turns organizations named by domain, URL, e-mail or name into ids for every feature that needs ids (Find's
// scope, lists, briefs, tech stack, signals): ids are used as they are (free); the rest are matched in
// list-mode requests of 1,000 that ask only for the id, at the base price per organization found.
import type { EnrichmentClient } from "../../api/client";
import { LIMITS, PRICES } from "../../api/contract";
import { plural } from "../../api/words/format";
import { chunk } from "../../core/organizations/batching";
import type { OrganizationRead } from "../../core/organizations/identifiers";
import { activeWorkbook } from "../../platform/spreadsheet";
import { rememberedMatches, rememberMatches } from "./match-memory";
import { settlePaid } from "./paid-log";

export type ReadableOrganization = Extract<OrganizationRead, { kind: "org" }>;

export interface OrganizationMatch {
  /** The id of each organization given or found, by its read key ("id:12", "url:acme.com"). */
  idOf: Map<string, number>;
  /** Every id, given or found, each once, in the order the organizations were named. */
  ids: number[];
  /** Domains and names the service did not match. */
  unmatched: number;
  creditsUsed: number;
  creditsRemaining: number | null;
}

/** The organizations that need the paid match (everything but ids), each once. */
export function toMatch(reads: readonly ReadableOrganization[]): ReadableOrganization[] {
  const seen = new Map<string, ReadableOrganization>();
  for (const read of reads) if (read.input.id === undefined && !seen.has(read.key)) seen.set(read.key, read);
  return [...seen.values()];
}

/** How many organizations need the paid match, for the estimate. */
export function matchLookups(reads: readonly ReadableOrganization[]): number {
  return toMatch(reads).length;
}

/** The most the match can cost: the base price per organization, as if every one were found. */
export function matchCost(lookups: number): number {
  return lookups * PRICES.organizationBase;
}

/** The estimate's line for the match, e.g. "3 domains or names to match first: up to 3 credits; ids are free." */
export function matchNote(lookups: number, free = "ids are free"): string {
  return `${plural(lookups, "domain or name", "domains or names")} to match first: up to ${plural(matchCost(lookups), "credit")}; ${free}.`;
}

/** A match request after the first failed: what the ones before it bought is said, and kept. */
function partlyMatchedNote(done: number, total: number, credits: number): string {
  return ` The first ${plural(done, "organization")} of ${plural(total, "organization")} were matched before it (${plural(credits, "credit")}, in the Enrichment log) and are kept: trying again buys only the rest.`;
}

/**
 * Resolves `reads` to ids, buying only the matches not bought before (see match-memory.ts); logs what each
 * request cost as `action` ("Find the ids of 3 organizations to search in"). Each request of 1,000 is
 * remembered and logged as its answer comes, so a failure in a later one leaves the earlier ones logged
 * and reused by the retry. Unmatched organizations are free and simply left out of `idOf`.
 */
export function matchOrganizations(
  client: EnrichmentClient,
  reads: readonly ReadableOrganization[],
  action: (count: number) => string,
): OrganizationMatch {
  const idOf = new Map<string, number>();
  for (const read of reads) if (read.input.id !== undefined) idOf.set(read.key, read.input.id);
  const wanted = toMatch(reads);
  const workbook = activeWorkbook();
  const remembered = wanted.length > 0 ? rememberedMatches(workbook) : new Map<string, number>();
  const matching: ReadableOrganization[] = [];
  for (const read of wanted) {
    const id = remembered.get(read.key);
    if (id === undefined) matching.push(read);
    else idOf.set(read.key, id);
  }
  let creditsUsed = 0;
  let creditsRemaining: number | null = null;
  let unmatched = 0;
  const parts = chunk(matching, LIMITS.listMax);
  let done = 0;
  parts.forEach((part, index) => {
    let response: ReturnType<EnrichmentClient["organizations"]>;
    try {
      response = client.organizations({
        organizations: part.map((read) => ({ ...read.input })),
        select: { attributes: ["id"] },
      });
    } catch (error) {
      if (done > 0 && error instanceof Error) {
        error.message += partlyMatchedNote(done, matching.length, creditsUsed);
      }
      throw error;
    }
    creditsUsed += response.credits_used;
    creditsRemaining = response.credits_remaining;
    // List mode answers one row per organization sent, in the order sent.
    const found = new Map<string, number>();
    let missing = 0;
    part.forEach((read, i) => {
      const id = response.organizations[i]?.attributes?.id;
      if (typeof id === "number") found.set(read.key, id);
      else missing++;
    });
    for (const [key, id] of found) idOf.set(key, id);
    unmatched += missing;
    done += part.length;
    const at = new Date();
    rememberMatches(workbook, found, at);
    settlePaid(workbook, {
      action:
        parts.length > 1
          ? `${action(matching.length)} (request ${index + 1} of ${parts.length})`
          : action(matching.length),
      rows: part.length,
      creditsUsed: response.credits_used,
      creditsRemaining: response.credits_remaining,
      result: `${plural(found.size, "organization")} found, ${missing} not found.`,
    });
  });
  const ids = [...new Set(reads.flatMap((read) => idOf.get(read.key) ?? []))];
  return { idOf, ids, unmatched, creditsUsed, creditsRemaining };
}

/**
 * Runs the request an action sends after its paid match. When it fails, its error says the match is kept
 * (the service's "nothing was charged for it" is about that request alone), so a retry does not buy it
 * again: matches are remembered.
 */
export function afterPaidMatch<T>(matchCredits: number, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (matchCredits > 0 && error instanceof Error) {
      error.message += ` Matching domains and names to ids cost ${plural(matchCredits, "credit")} before it (in the Enrichment log) and is kept: trying again does not buy it again.`;
    }
    throw error;
  }
}
