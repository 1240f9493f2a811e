// The mutation score with its 95% Wilson interval, as Stryker counts: timeouts killed, no coverage survived.

export interface Tally {
  killed: number;
  survived: number;
}

/** Killed (and timed out) against survived (and not covered); compile and runtime errors count in neither. */
export function tally(statuses: readonly string[]): Tally {
  const count = (...names: string[]) => statuses.filter((s) => names.includes(s)).length;
  return { killed: count("Killed", "Timeout"), survived: count("Survived", "NoCoverage") };
}

/**
 * The 95% Wilson score interval of killed/(killed+survived), as fractions. Unlike the normal approximation it
 * stays inside [0, 1] and is honest for the few mutants of a small change (and for 0% or 100%).
 */
export function wilson({ killed, survived }: Tally, z = 1.959964): { low: number; high: number } {
  const n = killed + survived;
  if (n === 0) return { low: 0, high: 1 };
  const p = killed / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

const percent = (x: number) => `${(100 * x).toFixed(1)}%`;

/** `87.5% (95% interval 52.9%–97.8%), 7 killed of 8` or `n/a (no mutant killed or survived)`. */
export function scoreText(counts: Tally): string {
  const n = counts.killed + counts.survived;
  if (n === 0) return "n/a (no mutant was killed or survived)";
  const { low, high } = wilson(counts);
  return `${percent(counts.killed / n)} (95% interval ${percent(low)}–${percent(high)}), ${counts.killed} killed of ${n}`;
}

/** `12 min 5 s`. */
export function durationText(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}
