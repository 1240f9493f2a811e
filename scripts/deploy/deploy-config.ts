// deploy.config.json: the deployer's own settings for a build that is pushed (today: the service address
// the manifest must allow). Gitignored; deploy.config.example.json shows its shape.
import { existsSync, readFileSync } from "node:fs";
import { resolveBaseUrl } from "../../src/core/settings.ts";
import { prefixProblem, serviceAllowlistPrefix } from "./url-allowlist.ts";

export const DEPLOY_CONFIG_FILE = "deploy.config.json";
export const DEPLOY_CONFIG_EXAMPLE = "deploy.config.example.json";

export interface DeployConfig {
  /** The service address without a trailing slash or `/v9`, as the add-on reads API_BASE_URL. */
  apiBaseUrl: string;
  /**
   * "addon" (default): a standalone project deployed as an Editor add-on, whose clock trigger has no
   * document and opens spreadsheets by id; "bound": a script bound to one spreadsheet, which needs only
   * that spreadsheet (the build then asks for spreadsheets.currentonly instead of spreadsheets).
   */
  deployment?: "addon" | "bound";
}

/** A deploy.config.json the build cannot use; the message says what to change. */
export class DeployConfigError extends Error {
  override name = "DeployConfigError";
}

const KEYS = ["apiBaseUrl", "deployment"];

function shown(value: string): string {
  return JSON.stringify(value.length > 100 ? `${value.slice(0, 100)}…` : value);
}

/** Reads the service address the way the add-on reads the script property, then holds it to Google's rules. */
export function readApiBaseUrl(raw: string, where: string): string {
  const base = resolveBaseUrl({ get: () => raw, put: () => {} });
  if (!base) {
    throw new DeployConfigError(
      `${where} must be the service's https:// address, e.g. https://api.example.com; got ${shown(raw)}.`,
    );
  }
  if (/[?#]/.test(base)) throw new DeployConfigError(`${where} must not have a query or a fragment.`);
  const problem = prefixProblem(serviceAllowlistPrefix(base));
  if (problem)
    throw new DeployConfigError(`${where}: Apps Script would refuse the allowlist entry: ${problem}`);
  return base;
}

export function parseDeployConfig(text: string, file: string): DeployConfig {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new DeployConfigError(`${file} is not valid JSON. Start again from ${DEPLOY_CONFIG_EXAMPLE}.`);
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    throw new DeployConfigError(
      `${file} must hold an object such as {"apiBaseUrl": "https://api.example.com"}.`,
    );
  }
  const unknown = Object.keys(data).filter((key) => !KEYS.includes(key));
  if (unknown.length > 0) {
    throw new DeployConfigError(
      `${file} has unknown setting ${shown(unknown[0]!)}; the settings are: ${KEYS.join(", ")}.`,
    );
  }
  const { apiBaseUrl, deployment } = data as Record<string, unknown>;
  if (deployment !== undefined && deployment !== "addon" && deployment !== "bound") {
    throw new DeployConfigError(
      `"deployment" in ${file} must be "addon" (a standalone project, the default) or "bound" (a script bound to one spreadsheet); got ${shown(String(deployment))}.`,
    );
  }
  if (typeof apiBaseUrl !== "string" || apiBaseUrl.trim() === "") {
    throw new DeployConfigError(
      `${file} needs "apiBaseUrl": the service address you also set as the script property API_BASE_URL.`,
    );
  }
  return {
    apiBaseUrl: readApiBaseUrl(apiBaseUrl, `"apiBaseUrl" in ${file}`),
    ...(deployment ? { deployment } : {}),
  };
}

/** The config at `path`, or null when there is no such file. */
export function readDeployConfig(path: string, file = DEPLOY_CONFIG_FILE): DeployConfig | null {
  if (!existsSync(path)) return null;
  return parseDeployConfig(readFileSync(path, "utf8"), file);
}
