// `npm run check-service` arguments: the service address, consent to spend, and the key from the environment
// only — a key on the command line would stay in shell history and show in the process list.
import { parseArgs } from "node:util";
import { resolveBaseUrl } from "../../src/core/settings.ts";

export interface CheckServiceOptions {
  baseUrl: string;
  apiKey: string;
  /** Credits the paid check may spend without asking (--yes-spend N); null: ask on a terminal, else skip. */
  spendLimit: number | null;
}

/** Arguments the command cannot use; the message says what to do instead. */
export class UsageError extends Error {
  override name = "UsageError";
}

export const USAGE = `Usage: API_KEY=… npm run check-service -- --base-url URL [--yes-spend N]

Calls the service's free endpoints, then at most one paid request (after showing its price and asking),
checks every answer against the client's v9 contract, and prints what agrees and what does not.

  --base-url URL   the service address without /v9 (default: API_BASE_URL from the environment)
  --yes-spend N    let the paid check spend up to N credits without asking (it costs 1);
                   without it the check asks on a terminal and is skipped otherwise
The key is read from API_KEY in the environment, never from the command line.`;

const KEY_IN_ENVIRONMENT =
  "set API_KEY in the environment instead (in bash: read -rs API_KEY; export API_KEY)";

export const KEY_ON_COMMAND_LINE = `check-service does not take the key on the command line, where your shell history and the process list would keep it: ${KEY_IN_ENVIRONMENT}.`;

const KEY_FLAG = /^-{1,2}(api[-_]?key|key|token|bearer)(=|$)/i;
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

function shown(text: string): string {
  return JSON.stringify(text.length > 100 ? `${text.slice(0, 100)}…` : text);
}

function readBaseUrl(raw: string | undefined): string {
  if (raw === undefined || raw.trim() === "") {
    throw new UsageError(`Give the service address: --base-url https://… (or set API_BASE_URL).\n\n${USAGE}`);
  }
  const base = resolveBaseUrl({ get: () => raw, put: () => {} });
  const host = base ? /^https?:\/\/([^/:?#]+|\[[^\]]+\])/i.exec(base)?.[1] : undefined;
  if (!base || !host || /[?#\s]/.test(base)) {
    throw new UsageError(
      `--base-url must be the service's address without /v9, e.g. https://api.example.com; got ${shown(raw)}.`,
    );
  }
  if (/^http:/i.test(base) && !LOOPBACK.test(host)) {
    throw new UsageError(
      "--base-url must use https:// (plain http:// only on this machine, e.g. the emulator): the key would cross the network unencrypted.",
    );
  }
  return base;
}

function readSpendLimit(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  if (!/^\d{1,6}$/.test(raw.trim())) {
    throw new UsageError(
      `--yes-spend takes a whole number of credits, e.g. --yes-spend 1; got ${shown(raw)}.`,
    );
  }
  return Number(raw.trim());
}

/** The options, or "help"; throws UsageError with a sentence for anything it cannot use. */
export function parseCheckServiceArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): CheckServiceOptions | "help" {
  if (argv.some((arg) => KEY_FLAG.test(arg))) throw new UsageError(KEY_ON_COMMAND_LINE);
  let values: {
    "base-url"?: string | undefined;
    "yes-spend"?: string | undefined;
    help?: boolean | undefined;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        "base-url": { type: "string" },
        "yes-spend": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    // A stray word may be a pasted key, so it is never repeated back.
    if ((error as { code?: string }).code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL") {
      throw new UsageError(`check-service takes only options; if a word was the key, ${KEY_IN_ENVIRONMENT}.`);
    }
    const message = error instanceof Error ? error.message.split("\n")[0]!.slice(0, 160) : String(error);
    throw new UsageError(`${message}\n\n${USAGE}`);
  }
  if (values.help) return "help";
  const baseUrl = readBaseUrl(values["base-url"] ?? env.API_BASE_URL);
  const spendLimit = readSpendLimit(values["yes-spend"]);
  const apiKey = env.API_KEY?.trim() ?? "";
  if (!apiKey) {
    throw new UsageError(
      "Set API_KEY in the environment to the key to check with (in bash: read -rs API_KEY; export API_KEY), then run again.",
    );
  }
  return { baseUrl, apiKey, spendLimit };
}
