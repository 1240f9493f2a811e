// Reads the emulator's command-line arguments, answering bad ones with a sentence and the usage.
import { DEFAULT_PORT } from "./http-server.ts";

export const USAGE = `Usage: npm run emulator -- [--port N] [--host H] [--seed N] [--orgs N]
  --port N   port to listen on (default ${DEFAULT_PORT}; 0 picks a free port)
  --host H   interface to bind (default 127.0.0.1)
  --seed N   dataset seed (default 7)
  --orgs N   number of organizations (default 5000)`;

export interface CliOptions {
  port?: number;
  host?: string;
  seed?: number;
  orgs?: number;
}

function integer(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, not "${text}".`);
  }
  return value;
}

const FLAGS = ["port", "host", "seed", "orgs"] as const;
type Flag = (typeof FLAGS)[number];

/** The options, or "help" when asked for usage; throws an Error with a sentence on bad arguments. */
export function parseCliArguments(argv: string[]): CliOptions | "help" {
  const raw: Partial<Record<Flag, string>> = {};
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === "--help" || token === "-h") return "help";
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(token);
    if (!match) {
      throw new Error(`Unexpected argument "${token}": give each value after its flag, e.g. --port 8080.`);
    }
    const name = match[1] as Flag;
    if (!FLAGS.includes(name))
      throw new Error(
        `Unknown option "--${match[1]}": the emulator takes --port, --host, --seed and --orgs.`,
      );
    const value = match[2] ?? argv[++i];
    if (value === undefined || (match[2] === undefined && value.startsWith("--"))) {
      throw new Error(`--${name} needs a value, e.g. --${name} ${name === "host" ? "127.0.0.1" : "8080"}.`);
    }
    raw[name] = value;
  }
  const options: CliOptions = {};
  const port = integer("port", raw.port, 0, 65535);
  const seed = integer("seed", raw.seed, 0, 2 ** 32 - 1);
  const orgs = integer("orgs", raw.orgs, 1, 500_000);
  if (port !== undefined) options.port = port;
  if (seed !== undefined) options.seed = seed;
  if (orgs !== undefined) options.orgs = orgs;
  if (raw.host !== undefined) {
    if (raw.host === "") throw new Error("--host must name an interface, e.g. 127.0.0.1 or 0.0.0.0.");
    options.host = raw.host;
  }
  return options;
}
