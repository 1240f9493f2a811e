// What `npm run deploy` makes sure of before it pushes: a clasp project for dist/, the service address in
// deploy.config.json, and (once built) a manifest whose allowlist lets the add-on reach every endpoint.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ENDPOINTS } from "../../src/api/contract/endpoints.ts";
import { claspProblems } from "./clasp-project.ts";
import {
  DEPLOY_CONFIG_EXAMPLE,
  DEPLOY_CONFIG_FILE,
  type DeployConfig,
  DeployConfigError,
  readDeployConfig,
} from "./deploy-config.ts";
import type { Manifest } from "./manifest.ts";
import { allowlistCovers, prefixProblem } from "./url-allowlist.ts";

export interface DeployCheckOptions {
  root: string;
  dist: string;
  /** Default: deploy.config.json in `root`. */
  configPath?: string;
  /** Also check the built manifest in `dist` (after the build). */
  built: boolean;
}

export interface DeployCheckResult {
  problems: string[];
  /** What was found, for the line printed when all is well. */
  scriptId: string | null;
  config: DeployConfig | null;
}

export const MISSING_DEPLOY_CONFIG = [
  `There is no ${DEPLOY_CONFIG_FILE}, so the build cannot allow the service in the manifest`,
  "(urlFetchWhitelist, which Apps Script requires for a versioned deployment). Create it with:",
  `  cp ${DEPLOY_CONFIG_EXAMPLE} ${DEPLOY_CONFIG_FILE}`,
  'and set "apiBaseUrl" to the service address you also set as the script property API_BASE_URL.',
].join("\n");

/** Every URL the add-on can fetch from `base` (path parameters filled with a sample id). */
export function serviceUrls(base: string): string[] {
  return Object.values(ENDPOINTS).map((e) => `${base}${e.path.replace(/\{\w+\}/g, "1")}`);
}

function readConfig(path: string): { config: DeployConfig | null; problems: string[] } {
  try {
    const config = readDeployConfig(path);
    return config ? { config, problems: [] } : { config: null, problems: [MISSING_DEPLOY_CONFIG] };
  } catch (error) {
    if (error instanceof DeployConfigError) return { config: null, problems: [error.message] };
    throw error;
  }
}

/** Problems with the built manifest: it must exist and allow every endpoint of the configured service. */
export function builtManifestProblems(dist: string, config: DeployConfig): string[] {
  const path = join(dist, "appsscript.json");
  if (!existsSync(path)) return [`${path} is missing: run npm run build.`];
  const manifest = JSON.parse(readFileSync(path, "utf8")) as Manifest;
  const allowed = manifest.urlFetchWhitelist ?? [];
  const problems = allowed.flatMap((entry) => {
    const problem = prefixProblem(entry);
    return problem ? [`The built manifest's urlFetchWhitelist: ${problem}`] : [];
  });
  const blocked = serviceUrls(config.apiBaseUrl).filter((url) => !allowlistCovers(allowed, url));
  if (blocked.length > 0) {
    problems.push(
      [
        `Refusing to deploy: the service ${config.apiBaseUrl} is not in the built manifest's urlFetchWhitelist`,
        `(${allowed.length ? allowed.join(", ") : "none"}), so Apps Script would refuse to fetch ${blocked[0]}.`,
        `Run npm run build with ${DEPLOY_CONFIG_FILE} in place, then deploy again.`,
      ].join("\n"),
    );
  }
  return problems;
}

export function deployChecks(options: DeployCheckOptions): DeployCheckResult {
  const clasp = claspProblems(options.root, options.dist);
  const { config, problems } = readConfig(options.configPath ?? join(options.root, DEPLOY_CONFIG_FILE));
  const all = [...clasp.problems, ...problems];
  if (options.built && config) all.push(...builtManifestProblems(options.dist, config));
  return { problems: all, scriptId: clasp.project?.scriptId ?? null, config };
}
