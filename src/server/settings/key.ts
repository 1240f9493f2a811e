// The API key in Settings: checked with a free call before it is stored, stored in the user's own
// properties, and only ever shown masked. The key is never returned to the sidebar and never logged.
import { AuthenticationError } from "../../api/errors";
import { type KeySource, maskKey, PROPERTY, resolveApiKey } from "../../core/settings";
import { propertyStore } from "../../platform/properties";
import { makeClient } from "../runtime";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";
import { noteBalance } from "../sidebar/credits";
import { checkKeyText } from "./key-text";

export interface KeyView {
  masked: string;
  source: KeySource;
}

export const KEY_REJECTED_MESSAGE =
  "The service rejected this key (HTTP 401): it is mistyped, revoked or belongs to another service. Copy it again from the API keys page of the service's web app. The key was not saved.";

/** The key in effect, masked: the user's own, else the team key from the script property. */
export function keyView(): KeyView | null {
  const resolved = resolveApiKey(propertyStore("user"), propertyStore("script")!);
  return resolved ? { masked: maskKey(resolved.key), source: resolved.source } : null;
}

/**
 * Asks the service about the candidate key with POST /v9/signals/configs, which is free, before the
 * key is stored.
 */
function verifyWithService(key: string): number | null {
  const client = makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS, apiKey: key });
  try {
    return client.signalConfigs({}).credits_remaining ?? null;
  } catch (error) {
    if (error instanceof AuthenticationError) throw new Error(KEY_REJECTED_MESSAGE);
    throw error;
  }
}

export function saveApiKey(input: unknown): KeyView {
  const key = checkKeyText(input);
  const remaining = verifyWithService(key);
  propertyStore("user")!.put(PROPERTY.apiKey, key);
  if (remaining !== null) noteBalance(remaining, new Date());
  return { masked: maskKey(key), source: "user" };
}

/** Forgets the user's own key; the team key, if the script has one, takes over. */
export function clearApiKey(): KeyView | null {
  propertyStore("user")!.delete(PROPERTY.apiKey);
  return keyView();
}
