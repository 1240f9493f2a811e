// Turns organizations named by domain, URL, e-mail or name into ids for every feature that needs ids (Find's
// scope, lists, briefs, tech stack, signals): ids are used as they are (free); the rest are matched in
// list-mode requests of 1,000 that ask only for the id, at the base price per organization found.
import type { EnrichmentClient } from "../../api/client";
import { LIMITS, PRICES } from "../../api/contract";
import { ApiError } from "../../api/errors";
import { plural } from "../../api/words/format";
import { chunk } from "../../core/organizations/batching";
import type { OrganizationRead } from "../../core/organizations/identifiers";
import { appsScriptClock } from "../../platform/clock";
import { activeWorkbook } from "../../platform/spreadsheet";
import {
  awaitedStates,
  claimMatches,
  type MatchClaim,
  newMatchClaim,
  releaseMatches,
  rememberMatches,
} from "./match-memory";
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
 * A matching execution waits this long for another's answer to the same organizations, then gives up: half
 * a sidebar call's budget (SIDEBAR_CALL_BUDGET_MS), so the request the action sends after it still has time.
 */
export const MATCH_WAIT_MS = 15_000;
const MATCH_POLL_MS = 2_000;

/** Said when another execution is still buying some of the matches after the wait. */
export function matchBusyMessage(waiting: number, bought: number, credits: number): string {
  const kept =
    bought > 0
      ? ` The other ${plural(bought, "organization")} were matched (${plural(credits, "credit")}, in the Enrichment log) and are kept.`
      : "";
  return `Another action is matching ${plural(waiting, "organization")} of these to ids right now. Try again in a minute: what it finds is kept, so nothing is bought twice.${kept}`;
}

/**
 * Resolves `reads` to ids, buying only the matches not bought before (see match-memory.ts); logs what each
 * request cost as `action` ("Find the ids of 3 organizations to search in"). The matches to buy are marked
 * in flight first: one another execution is buying at that moment is awaited and reused, never bought
 * again (an abandoned mark expires, and only then is a match with no recorded answer bought). Each request
 * of 1,000 is remembered and logged as its answer comes, so a failure in a later one leaves the earlier
 * ones logged and reused by the retry. Unmatched organizations are free and simply left out of `idOf`.
 */
export function matchOrganizations(
  client: EnrichmentClient,
  reads: readonly ReadableOrganization[],
  action: (count: number) => string,
): OrganizationMatch {
  const idOf = new Map<string, number>();
  for (const read of reads) if (read.input.id !== undefined) idOf.set(read.key, read.input.id);
  const workbook = activeWorkbook();
  const tally = { creditsUsed: 0, creditsRemaining: null as number | null, unmatched: 0, bought: 0 };
  let pending = toMatch(reads);
  const deadline = Date.now() + MATCH_WAIT_MS;
  while (pending.length > 0) {
    const claim = newMatchClaim();
    const states = claimMatches(
      workbook,
      pending.map((read) => read.key),
      claim,
    );
    const mine: ReadableOrganization[] = [];
    const awaited = new Map<string, string>();
    for (const read of pending) {
      const state = states.get(read.key);
      if (state?.kind === "known") idOf.set(read.key, state.id);
      else if (state?.kind === "claimed" && state.token !== claim.token) awaited.set(read.key, state.token);
      else if (state?.kind === "claimed") mine.push(read);
    }
    // Marks this execution wrote but lost to an earlier one (read in the same order by both) are given up.
    for (const key of [...claim.rowOf.keys()])
      if (!mine.some((read) => read.key === key)) claim.rowOf.delete(key);
    try {
      buyMatches(client, workbook, claim, mine, action, idOf, tally);
    } finally {
      if (claim.rowOf.size > 0) releaseMatches(workbook, claim);
    }
    pending = awaitMatches(workbook, pending, awaited, idOf, tally, deadline);
  }
  const ids = [...new Set(reads.flatMap((read) => idOf.get(read.key) ?? []))];
  const { creditsUsed, creditsRemaining, unmatched } = tally;
  return { idOf, ids, unmatched, creditsUsed, creditsRemaining };
}

interface MatchTally {
  creditsUsed: number;
  creditsRemaining: number | null;
  unmatched: number;
  /** Organizations this execution bought the match of. */
  bought: number;
}

/** Buys the matches this execution marked, 1,000 a request, each remembered and logged as its answer comes. */
function buyMatches(
  client: EnrichmentClient,
  workbook: ReturnType<typeof activeWorkbook>,
  claim: MatchClaim,
  matching: readonly ReadableOrganization[],
  action: (count: number) => string,
  idOf: Map<string, number>,
  tally: MatchTally,
): void {
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
      // An answer lost after the request went out may have been charged: its marks stay until they expire,
      // so no other execution buys it again in the meantime. A plain refusal gives them up (below).
      if (error instanceof ApiError && error.outcomeUnknown)
        for (const read of part) claim.rowOf.delete(read.key);
      if (done > 0 && error instanceof Error) {
        error.message += partlyMatchedNote(done, matching.length, tally.creditsUsed);
      }
      throw error;
    }
    tally.creditsUsed += response.credits_used;
    tally.creditsRemaining = response.credits_remaining;
    // List mode answers one row per organization sent, in the order sent.
    const found = new Map<string, number>();
    const notFound: string[] = [];
    part.forEach((read, i) => {
      const id = response.organizations[i]?.attributes?.id;
      if (typeof id === "number") found.set(read.key, id);
      else notFound.push(read.key);
    });
    for (const [key, id] of found) idOf.set(key, id);
    tally.unmatched += notFound.length;
    tally.bought += part.length;
    done += part.length;
    rememberMatches(workbook, claim, found, notFound, new Date(), response.credits_used);
    settlePaid(workbook, {
      action:
        parts.length > 1
          ? `${action(matching.length)} (request ${index + 1} of ${parts.length})`
          : action(matching.length),
      rows: part.length,
      creditsUsed: response.credits_used,
      creditsRemaining: response.credits_remaining,
      result: `${plural(found.size, "organization")} found, ${notFound.length} not found.`,
    });
  });
}

/**
 * Waits for the executions buying `awaited` (key → their mark) to answer, reading the sheet every two
 * seconds until the deadline. Returns the organizations to mark again: those whose mark was given up or
 * expired with no answer recorded. Past the deadline nothing is bought: the person is told to try again.
 */
function awaitMatches(
  workbook: ReturnType<typeof activeWorkbook>,
  pending: readonly ReadableOrganization[],
  awaited: Map<string, string>,
  idOf: Map<string, number>,
  tally: MatchTally,
  deadline: number,
): ReadableOrganization[] {
  while (awaited.size > 0) {
    const free = new Set<string>();
    for (const [key, state] of awaitedStates(workbook, awaited)) {
      if (state.kind === "claimed" && state.token === awaited.get(key)) continue;
      awaited.delete(key);
      if (state.kind === "known") idOf.set(key, state.id);
      else if (state.kind === "not-found") tally.unmatched++;
      else free.add(key);
    }
    if (free.size > 0) return pending.filter((read) => free.has(read.key));
    if (awaited.size === 0) break;
    if (Date.now() + MATCH_POLL_MS > deadline) {
      throw new Error(matchBusyMessage(awaited.size, tally.bought, tally.creditsUsed));
    }
    appsScriptClock.sleep(MATCH_POLL_MS);
  }
  return [];
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
