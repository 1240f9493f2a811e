// The API key in Settings: checked with a free call before it is stored, stored in the user's own
// properties, and only ever shown masked. The key is never returned to the sidebar and never logged.
import { EnrichmentClient } from "../api/client";
import { AuthenticationError, missingBaseUrl } from "../api/errors";
import { type KeySource, maskKey, PROPERTY, resolveApiKey, resolveBaseUrl } from "../core/settings";
import { appsScriptClock } from "../platform/clock";
import { propertyStore } from "../platform/properties";
import { urlFetchTransport } from "../platform/url-fetch";
import { SIDEBAR_CALL_BUDGET_MS } from "./sidebar-call";
import { noteBalance } from "./sidebar-credits";
import { checkKeyText } from "./sidebar-key-text";

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
 * Asks the service about the candidate key with POST /v9/signals/configs, which is free. The configured
 * client (runtime.makeClient) always uses the stored key, so the candidate gets a client of its own.
 */
function verifyWithService(key: string): number | null {
  const baseUrl = resolveBaseUrl(propertyStore("script")!);
  if (!baseUrl) throw missingBaseUrl();
  const client = new EnrichmentClient({
    baseUrl,
    apiKey: key,
    transport: urlFetchTransport,
    clock: appsScriptClock,
    deadline: appsScriptClock.now() + SIDEBAR_CALL_BUDGET_MS,
  });
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
