// Starts the playground: the emulator (or a real service), the add-on in the harness, the page's server.
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import { type RunningEmulator, startEmulatorServer } from "../../emulator/http-server.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { createClock, type InProcessBackend, type SheetSeed } from "../../harness/index.ts";
import { readManifest } from "../../harness/manifest.ts";
import { PRODUCT_NAME } from "../../src/server/sidebar/contract.ts";
import type { ServiceView } from "../protocol.ts";
import { createAppsScriptProject } from "./apps-script-project.ts";
import { listen } from "./http-server.ts";
import { buildPageAssets } from "./page-assets.ts";
import { SAMPLE_SPREADSHEET_NAME, sampleSheets } from "./sample-sheets.ts";
import { PlaygroundSession } from "./session.ts";
import { DEFAULT_PORT, type ServiceChoice } from "./start-config.ts";

const EMULATOR_LATENCY_MS = 500;

export interface PlaygroundOptions {
  /** Default 8080; 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default: the emulator, in-process and also served over HTTP. */
  service?: ServiceChoice;
  /** The add-on bundle; default dist/Code.js (with the sidebar and manifest beside it). */
  addonBundle?: string;
  /** Default: the sample sheets. */
  sheets?: SheetSeed[];
  spreadsheetName?: string;
  /** How often harness time catches up with the wall clock (firing due triggers); default 1000 ms, 0 never. */
  tickMs?: number;
  /**
   * How long one request to the emulator takes, default 500 ms (about what the service takes from Apps
   * Script): a sidebar call waits it out in real time, so a long run takes time and Stop can land.
   */
  emulatorLatencyMs?: number;
}

export interface RunningPlayground {
  url: string;
  service: ServiceView;
  /** The emulator's HTTP server, when the playground runs on the emulator. */
  emulator: RunningEmulator | null;
  session: PlaygroundSession;
  close(): Promise<void>;
}

export async function startPlayground(options: PlaygroundOptions = {}): Promise<RunningPlayground> {
  const service = options.service ?? { kind: "emulator" };
  const project = createAppsScriptProject(options.addonBundle);
  const clock = createClock();
  // The emulator shares the harness clock, so job progress and rate limits follow harness time.
  const state = createEmulatorState({ now: clock.now });
  let emulator: RunningEmulator | null = null;
  try {
    let backend: InProcessBackend | null = null;
    let view: ServiceView;
    let apiKey: string;
    if (service.kind === "emulator") {
      emulator = await startEmulatorServer({ state, port: 0 });
      backend = { baseUrl: emulator.url, handle: (request) => handle(request, state) };
      view = { kind: "emulator", baseUrl: emulator.url, demoKey: DEMO_API_KEY };
      apiKey = DEMO_API_KEY;
    } else {
      view = { kind: "real", baseUrl: service.baseUrl };
      apiKey = service.apiKey;
    }
    const [session, assets] = await Promise.all([
      PlaygroundSession.create({
        project,
        clock,
        backend,
        service: view,
        apiKey,
        spreadsheetName: options.spreadsheetName ?? SAMPLE_SPREADSHEET_NAME,
        // With a real service: no example formulas spending at start, and domains that are the emulator's
        // (they show blanks there: type real ones).
        sheets: options.sheets ?? sampleSheets(state.dataset.orgs, service.kind === "emulator"),
        timeZone: readManifest(project.dir).timeZone ?? "Etc/UTC",
        addonName: PRODUCT_NAME,
        ...(backend ? { fetchLatencyMs: options.emulatorLatencyMs ?? EMULATOR_LATENCY_MS } : {}),
      }),
      buildPageAssets(),
    ]);
    const server = await listen(session, assets, options.port ?? DEFAULT_PORT, options.host ?? "127.0.0.1");
    const tickMs = options.tickMs ?? 1000;
    const ticker = tickMs > 0 ? setInterval(() => tick(session), tickMs) : null;
    ticker?.unref();
    return {
      url: server.url,
      service: view,
      emulator,
      session,
      close: async () => {
        if (ticker) clearInterval(ticker);
        await server.close();
        await emulator?.close();
        project.remove();
      },
    };
  } catch (error) {
    await emulator?.close();
    project.remove();
    throw error;
  }
}

function tick(session: PlaygroundSession): void {
  try {
    session.tick();
  } catch (error) {
    // A trigger the harness refused to run (e.g. one that shows an alert): say so, and keep serving.
    console.error(
      `A time-driven trigger could not run: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
