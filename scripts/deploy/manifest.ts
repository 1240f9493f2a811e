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
const SPREADSHEETS = "https://www.googleapis.com/auth/spreadsheets";

/**
 * The scopes follow the deployment: an add-on's clock trigger has no document and opens each spreadsheet
 * with work by id (the full `spreadsheets` scope); a bound script's trigger runs in its one spreadsheet,
 * so `spreadsheets.currentonly` is all it needs.
 */
function scopesFor(committed: string[] | undefined, config: DeployConfig | null): string[] | undefined {
  if (!committed || config?.deployment !== "bound") return committed;
  return committed.map((scope) => (scope === SPREADSHEETS ? `${SPREADSHEETS}.currentonly` : scope));
}

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
  const oauthScopes = scopesFor(committed.oauthScopes, config);
  const scoped = oauthScopes ? { ...committed, oauthScopes } : committed;
  if (entries.length === 0) return scoped;
  return { ...scoped, urlFetchWhitelist: entries };
}
