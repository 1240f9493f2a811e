// Hands a mutation tester's switchboard to the bundle: StrykerJS's instrumented code reads `__stryker__` on
// its own global (the active mutant, the test being run) and counts coverage there. The bundle runs in vm
// contexts and worker threads, whose globals are not the test's, so without this every mutant is invisible.

/** The global the StrykerJS instrumenter reads (INSTRUMENTER_CONSTANTS.NAMESPACE). */
export const MUTATION_NAMESPACE = "__stryker__";

type Counts = Record<string, number>;
interface Namespace {
  activeMutant?: string;
  currentTestId?: string;
  hitCount?: number;
  hitLimit?: number;
  mutantCoverage?: { static: Counts; perTest: Record<string, Counts> };
}

/** What a worker thread needs to switch mutants like the test's own realm. */
export interface ThreadSwitch {
  activeMutant?: string;
  currentTestId?: string;
  hitCount?: number;
  hitLimit?: number;
}

/** What a worker thread's execution counted, handed back to the test's realm. */
export interface ThreadTally {
  hitCount?: number;
  mutantCoverage?: Namespace["mutantCoverage"];
}

function namespace(): Namespace | undefined {
  return (globalThis as Record<string, unknown>)[MUTATION_NAMESPACE] as Namespace | undefined;
}

/** Globals for an in-process execution: the test's own namespace object, shared, when a mutation run is on. */
export function mutationGlobals(): Record<string, unknown> {
  const ns = namespace();
  return ns ? { [MUTATION_NAMESPACE]: ns } : {};
}

/** The switch state to copy into a worker thread, or undefined outside a mutation run. */
export function threadSwitch(): ThreadSwitch | undefined {
  const ns = namespace();
  if (!ns) return undefined;
  const { activeMutant, currentTestId, hitCount, hitLimit } = ns;
  return { activeMutant, currentTestId, hitCount, hitLimit };
}

/** Adds what a thread's execution counted to the test's namespace. */
export function mergeThreadTally(tally: ThreadTally | undefined): void {
  const ns = namespace();
  if (!ns || !tally) return;
  if (tally.hitCount !== undefined) ns.hitCount = tally.hitCount;
  const from = tally.mutantCoverage;
  if (!from) return;
  ns.mutantCoverage ??= { static: {}, perTest: {} };
  const into = ns.mutantCoverage;
  add(into.static, from.static);
  for (const [test, counts] of Object.entries(from.perTest)) {
    into.perTest[test] ??= {};
    add(into.perTest[test], counts);
  }
}

function add(into: Counts, from: Counts): void {
  for (const [id, n] of Object.entries(from)) into[id] = (into[id] ?? 0) + n;
}
