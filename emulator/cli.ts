// `npm run emulator`: serves the v9 API over HTTP and prints the URL and the demo API key.
import { DEMO_API_KEY } from "./accounts.ts";
import { type CliOptions, parseCliArguments, USAGE } from "./cli-args.ts";
import { startEmulatorServer } from "./http-server.ts";

async function main(): Promise<void> {
  let options: CliOptions | "help";
  try {
    options = parseCliArguments(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exitCode = 2;
    return;
  }
  if (options === "help") {
    console.log(USAGE);
    return;
  }
  const started = performance.now();
  const emulator = await startEmulatorServer(options);
  const { orgs, seed } = emulator.state.options;
  const demo = emulator.state.accounts.get(DEMO_API_KEY)!;
  const ready = Math.round(performance.now() - started);
  console.log(
    `v9 emulator listening on ${emulator.url} (${orgs} organizations, seed ${seed}, ready in ${ready} ms)`,
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
