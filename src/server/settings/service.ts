// Settings' live answers from the service: whether it answers with the configured key, and the balance.
import { ApiError } from "../../api/errors";
import { makeClient } from "../runtime";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";
import { noteBalance } from "../sidebar/credits";
import type { CreditsView } from "../sidebar/credits-record";

export type ServiceStatus = { ok: true; checkedAt: string } | { ok: false; message: string };

/**
 * technologies/find costs "1 credit if results found" (spec §8), so asking for a name no technology can
 * have reads credits_remaining for free. The text is letters only, so no search normalisation empties it.
 */
export const NO_MATCH_QUERY = "zqxjzqxjzqxj";

/** Sends the free signal-configs call with the configured base URL and key; a failure is an answer here. */
export function checkService(): ServiceStatus {
  try {
    makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS }).signalConfigs({});
    return { ok: true, checkedAt: new Date().toISOString() };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, message: error.message };
    throw error;
  }
}

/** Reads the balance with a call that costs nothing (see NO_MATCH_QUERY). */
export function refreshCredits(): CreditsView {
  const response = makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS }).technologiesFind(NO_MATCH_QUERY);
  return noteBalance(response.credits_remaining, new Date());
}
