// Test tiers as vitest projects: unit (pure code), contract (client against the emulator core),
// e2e (the built bundle in the harness), model, browser (the playground in Chromium through Playwright).
import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

/**
 * Unit files that mock modules, stub globals or assign to globalThis, or measure a module's first use (marked
 * "vitest-isolate"): they run isolated, each file with its own module graph. Read from the files themselves,
 * so a new file that mocks is isolated without a list.
 */
function unitFilesThatMock(dir = "test/unit"): string[] {
  const mocks =
    /vi\.(mock|doMock|stubGlobal|stubEnv|resetModules|useFakeTimers)\b|globalThis\b[^\n]*\s=[^=]|Object\.assign\(globalThis|\bvitest-isolate\b/;
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".test.ts"))
    .map((file) => join(dir, file))
    .filter((path) => mocks.test(readFileSync(path, "utf8")))
    .sort();
}
const isolatedUnit = unitFilesThatMock();

export default defineConfig({
  // Sidebar components are Preact, as tsconfig.sidebar.json compiles them.
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  test: {
    // Two workers even on two cores: most of an e2e or browser file's wall time is waiting (the harness's
    // threads, the playground's emulated service latency, Chromium drawing), not CPU.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Before each file: zod without a message locale, as the product runs it (the file says why).
    setupFiles: ["test/support/zod-without-locale.ts"],
    projects: [
      // Unit files share one module graph per worker (isolate: false), as contract and e2e do: re-importing
      // zod, the emulator and the harness for each of ~200 files was most of the tier's time. Those that mock
      // or stub globals keep a graph of their own (unit-isolated).
      {
        extends: true,
        test: { name: "unit", include: ["test/unit/**/*.test.ts"], exclude: isolatedUnit, isolate: false },
      },
      { extends: true, test: { name: "unit-isolated", include: isolatedUnit } },
      // Some contract cases order the whole emulator dataset: seconds on a loaded machine, never a hang.
      // Contract and e2e files share one module graph per worker (isolate: false): neither mocks modules or
      // globals, and every world is built per test, so re-importing the emulator and harness for each file
      // (and restarting the harness's execution threads) was pure cost.
      {
        extends: true,
        test: {
          name: "contract",
          include: ["test/contract/**/*.test.ts"],
          testTimeout: 30_000,
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "e2e", include: ["test/e2e/**/*.test.ts"], testTimeout: 60_000, isolate: false },
      },
      // The model-based test of a spreadsheet's life: fixed seeds, a few minutes at most (npm run model runs longer).
      { extends: true, test: { name: "model", include: ["test/model/**/*.test.ts"], testTimeout: 240_000 } },
      // Browser files share the run's two workers with the other tiers (vitest runs a project whose files go
      // one at a time in a group of its own, after every other tier: 600 s alone on one worker). Each file
      // starts its own playground on a free port and drives its own context of the run's one Chromium, so two
      // at a time share nothing; the module graph stays loaded between files (isolate: false, as e2e).
      {
        extends: true,
        test: {
          name: "browser",
          include: ["test/browser/**/*.test.ts"],
          globalSetup: ["test/browser/support/chromium-server.ts"],
          testTimeout: 120_000,
          // The playground starts in each file's set-up: seconds, more beside another tier's file.
          hookTimeout: 60_000,
          // expect.poll's 1 s default is shorter than a sidebar round trip beside another file's work.
          expect: { poll: { timeout: 10_000 } },
          isolate: false,
        },
      },
    ],
  },
});
