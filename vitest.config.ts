// Test tiers as vitest projects: unit (pure code), contract (client against the emulator core),
// e2e (the built bundle in the harness), model, browser (the playground in Chromium through Playwright).
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  // Sidebar components are Preact, as tsconfig.sidebar.json compiles them.
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  test: {
    // Two workers even on two cores: most of an e2e or browser file's wall time is waiting (the harness's
    // threads, the playground's emulated service latency, Chromium drawing), not CPU.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: "unit", include: ["test/unit/**/*.test.ts"] } },
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
