// Sends a wave: its intent checkpointed first, one fetchAll, every paid answer kept and recorded before any write.
import type { OrganizationsRequest, OrganizationsResponse } from "../../api/contract";
import { organizationUnitCost } from "../../api/pricing";
import type { Outcome } from "../../api/request";
import type { CachedJson, EntityResult } from "../caches/result-cache";
import { fieldKey, fieldValue, isMatched } from "../organizations/org-fields";
import type { Checkpoint } from "./checkpoint";
import type { Prepared } from "./plan-wave";
import type { RunAnswers } from "./run-answers";
import type { BulkRunEnv } from "./run-env";
import type { BulkState } from "./state";

export interface SendParts {
  state: BulkState;
  env: Pick<BulkRunEnv, "fetch" | "record">;
  answers: RunAnswers;
  checkpoint: Checkpoint;
}

/** A sent wave: each body's outcome, in the wave's order, and why the record refused its paid answers. */
export interface SentWave {
  outcomes: Outcome<OrganizationsResponse>[];
  /** Why the record refused this wave's paid answers: they are written, then the run stops. Null: recorded. */
  unjournaled: string | null;
}

/** Sends the wave's requests (none: nothing is sent); "stopped" when a stop came with its intent checkpoint. */
export function sendWave(wave: readonly Prepared[], parts: SendParts): SentWave | "stopped" {
  const { state, env, checkpoint } = parts;
  const bodies = wave.flatMap((p) => p.bodies);
  if (bodies.length === 0) return { outcomes: [], unjournaled: null };
  state.inFlight = wave.filter((p) => p.bodies.length > 0).map((p) => p.index);
  // With the intent: what a step that fails before its answers are kept logs as possibly charged.
  const units = bodies.reduce((total, b) => total + b.keys.length, 0);
  state.inFlightCredits =
    units * organizationUnitCost((bodies[0] as { body: OrganizationsRequest }).body.select).credits;
  checkpoint.save(true);
  if (checkpoint.stopRequested) {
    state.inFlight = [];
    checkpoint.save(true);
    return "stopped";
  }
  const outcomes = env.fetch(bodies.map((b) => b.body));
  return { outcomes, unjournaled: keepPaidResults(bodies, outcomes, parts) };
}

/**
 * Remembers and journals every paid answer before any write, so nothing bought can be lost. Answers why the
 * record refused them, or null.
 */
function keepPaidResults(
  bodies: { body: OrganizationsRequest; keys: string[] }[],
  outcomes: Outcome<OrganizationsResponse>[],
  { state, env, answers }: SendParts,
): string | null {
  const results: EntityResult[] = [];
  let credits = 0;
  outcomes.forEach((outcome, b) => {
    if (!outcome.ok) return;
    credits += outcome.value.credits_used;
    state.creditsSpent += outcome.value.credits_used;
    state.creditsRemaining = outcome.value.credits_remaining;
    (bodies[b] as { keys: string[] }).keys.forEach((key, i) => {
      const row = outcome.value.organizations[i];
      let result: EntityResult;
      if (!row || !isMatched(row)) result = { entityKey: key, matched: false };
      else {
        const values: Record<string, CachedJson> = {};
        for (const field of state.request.fields) values[fieldKey(field)] = fieldValue(row, field);
        result = { entityKey: key, matched: true, values };
      }
      results.push(result);
      answers.remember(key, result.matched ? { matched: true, values: result.values } : { matched: false });
    });
  });
  if (results.length === 0) return null;
  try {
    env.record.put(results, credits);
    state.journalWaves = (state.journalWaves ?? 0) + 1;
    return null;
  } catch (error) {
    // The answers are paid for: they are written and logged all the same, and the run stops after this
    // wave rather than buy more that a later execution could not know it already has.
    return error instanceof Error ? error.message : String(error);
  }
}
