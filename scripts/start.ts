// `npm start`: serves the playground (PORT, BROWSER, API_BASE_URL + API_KEY), prints its URL and demo key.
import { openBrowser } from "../playground/server/open-browser.ts";
import { readStartConfig, type StartConfig, StartConfigError } from "../playground/server/start-config.ts";
import { type RunningPlayground, startPlayground } from "../playground/server/start-playground.ts";

async function start(config: StartConfig): Promise<RunningPlayground | null> {
  try {
    return await startPlayground({ port: config.port, service: config.service });
  } catch (error) {
    if ((error as { code?: string } | null)?.code !== "EADDRINUSE") throw error;
    console.error(`Port ${config.port} is in use: set PORT to another one (PORT=0 picks a free port).`);
    return null;
  }
}

async function main(): Promise<void> {
  let config: StartConfig;
  try {
    config = readStartConfig(process.env);
  } catch (error) {
    if (!(error instanceof StartConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 2;
    return;
  }
  const started = performance.now();
  const playground = await start(config);
  if (!playground) {
    process.exitCode = 1;
    return;
  }
  console.log(`Playground: ${playground.url} (ready in ${Math.round(performance.now() - started)} ms)`);
  const service = playground.service;
  if (service.kind === "emulator") {
    console.log(`Emulator: ${service.baseUrl} (the v9 API; the playground calls it in-process)`);
    console.log(
      `Demo API key: ${service.demoKey} (already the team key; paste it in Settings to make it your own)`,
    );
  } else {
    console.log(`Service: ${service.baseUrl} (real HTTP, with the key in API_KEY)`);
  }
  console.log("Press Ctrl+C to stop.");
  if (config.browser && !(await openBrowser(config.browser, playground.url))) {
    console.log(`Could not start a browser (${config.browser}); open ${playground.url} yourself.`);
  }
  const stop = () => {
    playground.close().then(() => process.exit(0));
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
