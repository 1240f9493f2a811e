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
 * Measured on the shared machine with about 20 runnable processes on its 2 cores (docs/mutation-testing.md);
 * a quieter machine does better, so the estimate errs long.
 */
export const MEASURED: Costs = {
  setupSeconds: 60,
  unitFileSeconds: 20,
  bundleFileSeconds: 150,
  mutantSeconds: 60,
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
