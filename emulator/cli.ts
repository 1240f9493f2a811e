// `npm run emulator`: serves the v9 API over HTTP and prints the URL and the demo API key.
import { parseArgs } from "node:util";
import { DEMO_API_KEY } from "./accounts.ts";
import { DEFAULT_PORT, startEmulatorServer } from "./http-server.ts";

const USAGE = `Usage: npm run emulator -- [--port N] [--host H] [--seed N] [--orgs N]
  --port N   port to listen on (default ${DEFAULT_PORT}; 0 picks a free port)
  --host H   interface to bind (default 127.0.0.1)
  --seed N   dataset seed (default 7)
  --orgs N   number of organizations (default 5000)`;

function integer(name: string, text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^\d+$/.test(text) || value < min || value > max) {
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, not "${text}".`);
  }
  return value;
}

interface CliOptions {
  port?: number;
  host?: string;
  seed?: number;
  orgs?: number;
}

/** The options, or undefined after printing help; throws with a sentence on bad arguments. */
function readArguments(): CliOptions | undefined {
  const { values } = parseArgs({
    options: {
      port: { type: "string" },
      host: { type: "string" },
      seed: { type: "string" },
      orgs: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return undefined;
  }
  const options: CliOptions = {};
  const port = integer("port", values.port, 0, 65535);
  const seed = integer("seed", values.seed, 0, 2 ** 32 - 1);
  const orgs = integer("orgs", values.orgs, 1, 500_000);
  if (port !== undefined) options.port = port;
  if (seed !== undefined) options.seed = seed;
  if (orgs !== undefined) options.orgs = orgs;
  if (values.host) options.host = values.host;
  return options;
}

async function main(): Promise<void> {
  let options: CliOptions | undefined;
  try {
    options = readArguments();
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (!options) return;
  const started = performance.now();
  const emulator = await startEmulatorServer(options);
  const demo = emulator.state.accounts.get(DEMO_API_KEY)!;
  console.log(
    `v9 emulator listening on ${emulator.url} (${emulator.state.options.orgs} organizations, seed ${
      emulator.state.options.seed
    }, ready in ${Math.round(performance.now() - started)} ms)`,
  );
  console.log(`Demo API key: ${DEMO_API_KEY} (${demo.credits.toLocaleString("en-US")} credits, CRM seat)`);
  console.log(`Try: curl -s -H "Authorization: Bearer ${DEMO_API_KEY}" -H "Content-Type: application/json" \\
  -d '{"filter":{"query":"technology EQ '\\''kubernetes'\\''"},"select":{"attributes":["name","url"]},"limit":3}' \\
  ${emulator.url}/v9/organizations`);
  const stop = () => {
    emulator.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
