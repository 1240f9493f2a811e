// Launches Debian's Chromium (apt-get install chromium) headless for the browser tests, in a fresh profile.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";

const CANDIDATES = ["/usr/lib/chromium/chromium", "/usr/bin/chromium"];

export const VIEWPORT = { width: 1280, height: 800 };

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = CANDIDATES.find((path) => existsSync(path));
  if (!executablePath) {
    throw new Error("Chromium is not installed: run apt-get install -y chromium (.ci/run does it in CI).");
  }
  const profile = mkdtempSync(join(tmpdir(), "playground-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    viewport: VIEWPORT,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
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
