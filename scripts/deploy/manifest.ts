// The pushed manifest: appsscript.json as committed, plus the allowlist entry for the configured service.
import type { DeployConfig } from "./deploy-config.ts";
import { prefixProblem, serviceAllowlistPrefix } from "./url-allowlist.ts";

export interface Manifest {
  oauthScopes?: string[];
  urlFetchWhitelist?: string[];
  [field: string]: unknown;
}

/**
 * The manifest to build: without a deploy config it is the committed one (fine for local runs and test
 * deployments, where Apps Script does not require an allowlist); with one, its `urlFetchWhitelist` holds
 * the service's `/v9/` prefix besides any entry committed by hand. Every entry must pass Google's rules,
 * or the push would fail later with a less helpful message.
 */
export function buildManifest(committed: Manifest, config: DeployConfig | null): Manifest {
  const entries = [...(committed.urlFetchWhitelist ?? [])];
  if (config) {
    const prefix = serviceAllowlistPrefix(config.apiBaseUrl);
    if (!entries.includes(prefix)) entries.push(prefix);
  }
  for (const entry of entries) {
    const problem = prefixProblem(entry);
    if (problem) throw new Error(`urlFetchWhitelist in appsscript.json: ${problem}`);
  }
  if (entries.length === 0) return committed;
  return { ...committed, urlFetchWhitelist: entries };
}
