// Finds and launches a headless Chromium for the browser tests, the screenshots and the playground bench.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

/** Debian's and other distributions' Chromium or Chrome, in the order we prefer them. */
const SYSTEM_PATHS = ["/usr/lib/chromium/chromium", "/usr/bin/chromium"];
const SYSTEM_COMMANDS = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"];

export const VIEWPORT = { width: 1280, height: 800 };

/** Chromium's switches wherever it is launched (here, and once per test run in test/browser/support). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

function onPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    const candidate = join(dir, command);
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/**
 * The browser to drive: `CHROME_PATH` when set; else a system Chromium or Chrome (skipped with
 * `CHROMIUM_SKIP_SYSTEM=1`, which is how the fallback is tried on a machine that has one); else the
 * Linux x64 Chromium that the `@sparticuz/chromium` package carries, unpacked into the temp folder on
 * first use — so `npm ci && npm test` needs nothing else on Linux. macOS and Windows set CHROME_PATH.
 */
export async function chromiumPath(env: NodeJS.ProcessEnv = process.env): Promise<string> {
  if (env.CHROME_PATH) {
    if (!existsSync(env.CHROME_PATH))
      throw new Error(`CHROME_PATH names no file: ${env.CHROME_PATH.slice(0, 100)}`);
    return env.CHROME_PATH;
  }
  if (env.CHROMIUM_SKIP_SYSTEM !== "1") {
    const found = SYSTEM_PATHS.find((path) => existsSync(path)) ?? SYSTEM_COMMANDS.map(onPath).find(Boolean);
    if (found) return found;
  }
  if (process.platform !== "linux" || process.arch !== "x64") {
    throw new Error(
      "No Chromium found: set CHROME_PATH to Chrome or Chromium (macOS: /Applications/Google Chrome.app/Contents/MacOS/Google Chrome).",
    );
  }
  const packaged = (await import("@sparticuz/chromium")).default;
  return packaged.executablePath();
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = await chromiumPath();
  const profile = mkdtempSync(join(tmpdir(), "playground-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    viewport: VIEWPORT,
    args: CHROMIUM_ARGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
