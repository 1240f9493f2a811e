// How many mutants a `--changed` run can afford in its minutes, from measured costs on this 2-core machine.

export interface Costs {
  /** Sandbox copy, instrumenting and `npm run build`, once per run. */
  setupSeconds: number;
  /** One unit test file in the initial (coverage) run. */
  unitFileSeconds: number;
  /** One e2e or contract file in the initial run: the bundle in the harness, every test of the file. */
  bundleFileSeconds: number;
  /** One mutant: its covering tests, stopped at the first failure. */
  mutantSeconds: number;
}

/**
 * Measured on the shared machine with 15 to 28 runnable processes on its 2 cores (docs/mutation-testing.md):
 * setup 70–90 s; an initial run of 4 unit and 2 light e2e files 28–54 s, while an e2e file with
 * 240-second scenarios takes minutes; 2.6 s a mutant a unit test kills, 6.4 s on average over 33 mutants with
 * 8 survivors (a survivor runs every covering test). The figures err long.
 */
export const MEASURED: Costs = {
  setupSeconds: 90,
  unitFileSeconds: 5,
  bundleFileSeconds: 60,
  mutantSeconds: 10,
};

/** Fewer mutants than this say too little to be worth a run's fixed cost, whatever the estimate. */
export const MIN_MUTANTS = 5;

/** The mutants that fit in `minutes` after the fixed cost of the test files' initial run. */
export function mutantBudget(minutes: number, unitFiles: number, bundleFiles: number, costs: Costs): number {
  const fixed =
    costs.setupSeconds + unitFiles * costs.unitFileSeconds + bundleFiles * costs.bundleFileSeconds;
  return Math.max(MIN_MUTANTS, Math.floor((minutes * 60 - fixed) / costs.mutantSeconds));
}

/** The run's estimated minutes, for the plan's header. */
export function estimatedMinutes(
  unitFiles: number,
  bundleFiles: number,
  mutants: number,
  costs: Costs,
): number {
  const seconds =
    costs.setupSeconds +
    unitFiles * costs.unitFileSeconds +
    bundleFiles * costs.bundleFileSeconds +
    mutants * costs.mutantSeconds;
  return Math.round(seconds / 60);
}
