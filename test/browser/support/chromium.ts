// The browser tests' Chromium: a context of the run's one Chromium (./chromium-server.ts) per test file.
import { chromium } from "playwright-core";
import { inject } from "vitest";
import { type Browser, VIEWPORT } from "../../../scripts/lib/chromium.ts";

export { type Browser, VIEWPORT } from "../../../scripts/lib/chromium.ts";

/** A fresh context and page, as clean as a newly launched browser's, with the launcher's viewport. */
export async function launchChromium(): Promise<Browser> {
  const endpoint = inject("chromiumEndpoint");
  if (!endpoint)
    throw new Error("No Chromium for the browser tests: run them with vitest.config.ts's browser project.");
  const connection = await chromium.connect(endpoint);
  try {
    const context = await connection.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    return {
      context,
      page,
      close: async () => {
        await context.close();
        await connection.close();
      },
    };
  } catch (error) {
    await connection.close();
    throw error;
  }
}
