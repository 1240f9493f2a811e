// createHarness: loads a bundle, checks the options and builds the world a test drives through the API.
import { fileURLToPath } from "node:url";
import { HarnessApi } from "./api.ts";
import { createClock, harnessClock } from "./clock.ts";
import { HarnessUsageError } from "./errors.ts";
import { DAILY_LIMITS } from "./fakes/daily-quotas.ts";
import { customFunctionEvaluator } from "./formula/evaluator.ts";
import { latencyOption } from "./latency.ts";
import { loadBundle } from "./load-bundle.ts";
import { readManifest } from "./manifest.ts";
import { Runner } from "./runner.ts";
import type { Harness, HarnessOptions } from "./types.ts";
import { World } from "./world.ts";

export const DEFAULT_BUNDLE = fileURLToPath(new URL("../dist/Code.js", import.meta.url));

const usage = (message: string): never => {
  throw new HarnessUsageError(message);
};

export async function createHarness(options: HarnessOptions = {}): Promise<Harness> {
  const bundle = loadBundle(options.bundlePath ?? DEFAULT_BUNDLE);
  const manifest = readManifest(bundle.dir);
  const clock = harnessClock(options.clock ?? createClock());
  const user = options.user ?? "user@example.com";
  const seed = options.seed ?? 1;
  const evaluator = options.evaluator ?? customFunctionEvaluator;
  for (const [name, value] of [
    ["latencyMs", options.latencyMs],
    ["httpTimeoutMs", options.httpTimeoutMs],
    ["fetchDeadlineMs", options.fetchDeadlineMs],
    ["wallTimeoutMs", options.wallTimeoutMs],
    ["urlFetchPerDay", options.urlFetchPerDay],
  ] as const) {
    if (value !== undefined && (!Number.isFinite(value) || value < 0)) {
      usage(`createHarness: ${name} must be a number of at least 0; got ${String(value)}.`);
    }
  }
  if (options.account !== undefined && options.account !== "consumer" && options.account !== "workspace") {
    usage(
      `createHarness: account must be "consumer" or "workspace"; got ${JSON.stringify(options.account)}.`,
    );
  }
  if (options.mode !== undefined && options.mode !== "addon" && options.mode !== "bound") {
    usage(`createHarness: mode must be "addon" or "bound"; got ${JSON.stringify(options.mode)}.`);
  }
  if (
    options.emulator &&
    (typeof options.emulator.baseUrl !== "string" || typeof options.emulator.handle !== "function")
  ) {
    usage("createHarness: emulator must be { baseUrl: string, handle(request) => response }.");
  }
  let runner: Runner | null = null;
  const world = new World(
    clock,
    {
      mode: options.mode ?? "addon",
      latencyMs: options.latencyMs ?? 20,
      httpTimeoutMs: options.httpTimeoutMs ?? 30_000,
      fetchDeadlineMs: options.fetchDeadlineMs ?? 60_000,
      wallTimeoutMs: options.wallTimeoutMs ?? 60_000,
      seed,
      timeZone: options.timeZone ?? manifest.timeZone ?? "Etc/UTC",
      spreadsheetTimeZone: options.spreadsheetTimeZone ?? options.timeZone ?? manifest.timeZone ?? "Etc/UTC",
      locale: options.locale ?? "en",
      authorized: options.authorized ?? true,
      scopes: options.oauthScopes ?? manifest.scopes,
      scriptId: `1harness${seed}`,
      bundleDir: bundle.dir,
      backend: options.emulator ?? null,
      latency: latencyOption(options.latency),
    },
    {
      user,
      limits: {
        ...DAILY_LIMITS[options.account ?? "consumer"],
        ...(options.urlFetchPerDay !== undefined ? { urlFetch: options.urlFetchPerDay } : {}),
      },
      runFormulas: (doc, round) => runner!.runFormulas(doc, round),
      fireTrigger: (trigger, at) => runner!.fireTrigger(trigger, at),
    },
  );
  runner = new Runner(world, bundle, evaluator);
  if (options.scriptProperties) {
    world.properties.script.update({ ...options.scriptProperties }, (message) =>
      usage(`scriptProperties: ${message}`),
    );
  }
  const first = world.addSpreadsheet(
    options.spreadsheetName ?? "Untitled spreadsheet",
    options.owner ?? user,
    options.sheets ?? [],
  );
  world.activeDocumentId = first.id;
  world.recalc.propagate(first, []);
  return new HarnessApi(world, runner, bundle.functionNames, evaluator === customFunctionEvaluator);
}
