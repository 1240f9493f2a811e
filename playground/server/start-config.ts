// Reads `npm start`'s environment: the port, whether to open a browser, and which service to talk to.

export const DEFAULT_PORT = 8080;

export type ServiceChoice = { kind: "emulator" } | { kind: "real"; baseUrl: string; apiKey: string };

export interface StartConfig {
  port: number;
  /** null: do not open one; "default": the system's; anything else: the command to run with the URL. */
  browser: string | null;
  service: ServiceChoice;
}

/** A setting `npm start` cannot use; the message says what to set instead. */
export class StartConfigError extends Error {
  override name = "StartConfigError";
}

export const START_CONFIG_MESSAGES = {
  port: (value: string) =>
    `PORT must be a whole number from 0 to 65535 (0 picks a free port); got "${value}".`,
  onlyBaseUrl:
    "API_KEY is missing: set both API_BASE_URL and API_KEY to use a real service, or neither to use the emulator.",
  onlyKey:
    "API_BASE_URL is missing: set both API_BASE_URL and API_KEY to use a real service, or neither to use the emulator.",
  baseUrl: (value: string) =>
    `API_BASE_URL must be the service's http:// or https:// address without /v9, e.g. https://api.example.com; got "${value}".`,
} as const;

export function readStartConfig(env: Record<string, string | undefined>): StartConfig {
  return { port: readPort(env.PORT), browser: readBrowser(env.BROWSER), service: readService(env) };
}

function readPort(text: string | undefined): number {
  if (text === undefined || text.trim() === "") return DEFAULT_PORT;
  const port = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || port > 65_535)
    throw new StartConfigError(START_CONFIG_MESSAGES.port(text));
  return port;
}

function readBrowser(text: string | undefined): string | null {
  const value = text?.trim() ?? "";
  if (value.toLowerCase() === "none") return null;
  return value === "" ? "default" : value;
}

function readService(env: Record<string, string | undefined>): ServiceChoice {
  const baseUrl = env.API_BASE_URL?.trim() ?? "";
  const apiKey = env.API_KEY?.trim() ?? "";
  if (!baseUrl && !apiKey) return { kind: "emulator" };
  if (!apiKey) throw new StartConfigError(START_CONFIG_MESSAGES.onlyBaseUrl);
  if (!baseUrl) throw new StartConfigError(START_CONFIG_MESSAGES.onlyKey);
  if (!/^https?:\/\/[^/\s]+(\/[^\s]*)?$/i.test(baseUrl) || /\/v9\/?$/i.test(baseUrl)) {
    throw new StartConfigError(START_CONFIG_MESSAGES.baseUrl(baseUrl));
  }
  return { kind: "real", baseUrl: baseUrl.replace(/\/+$/, ""), apiKey };
}
