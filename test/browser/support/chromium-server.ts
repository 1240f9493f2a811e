// The browser tier's global set-up: one Chromium for the whole run, each test file in a context of its own.
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { CHROMIUM_ARGS, chromiumPath } from "../../../scripts/lib/chromium.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** Where test files connect to the run's Chromium (see ./chromium.ts). */
    chromiumEndpoint: string;
  }
}

/**
 * Starting Chromium costs about 2.5 s of CPU; a new context in a running one, a tenth of that. A context is
 * as clean as a fresh profile (no storage, cookies or cache shared with another file's), and the files that
 * run at the same time each drive their own.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({
    executablePath: await chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
  project.provide("chromiumEndpoint", server.wsEndpoint());
  return () => server.close();
}
