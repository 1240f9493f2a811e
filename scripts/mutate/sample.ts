// A seeded random sample of a change's mutants, handed to Stryker as exact mutation ranges.

import { seededRandom } from "../../harness/random.ts";

// The harness's mulberry32 generator: the same sequence for the same seed on every machine.
export { seededRandom };

/** Line 1-based, column 0-based: the numbering of Stryker's `file:line:column-line:column` mutate entries. */
export interface Position {
  line: number;
  column: number;
}
export interface PlannedMutant {
  file: string;
  start: Position;
  end: Position;
  mutatorName: string;
  replacement: string;
}

/** Fisher–Yates with the seeded generator: a new array, the input untouched. */
export function shuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.column <= b.column);

/** Stryker's rule (instrumenter locationIncluded): a range takes every mutant whose node lies wholly inside it. */
export function contains(outer: PlannedMutant, inner: PlannedMutant): boolean {
  return outer.file === inner.file && before(outer.start, inner.start) && before(inner.end, outer.end);
}

export interface Sample {
  /** The mutants Stryker will run: the chosen ones and the mutants nested in their nodes. */
  mutants: PlannedMutant[];
  /** Stryker mutate entries, one per chosen mutant's node. */
  entries: string[];
}

/**
 * At most `max` mutants, drawn in a seeded random order. Stryker selects by range, and a mutant's range also
 * takes the mutants of nodes inside it (`a && b` holds `a` and `b`), so a draw whose range would push the
 * total over `max` is skipped and the next one tried.
 */
export function sampleMutants(mutants: readonly PlannedMutant[], max: number, seed: number): Sample {
  const taken = new Set<PlannedMutant>();
  const entries: string[] = [];
  for (const drawn of shuffle(mutants, seed)) {
    if (taken.size >= max) break;
    if (taken.has(drawn)) continue;
    const inside = mutants.filter((m) => !taken.has(m) && contains(drawn, m));
    if (taken.size + inside.length > max) continue;
    for (const m of inside) taken.add(m);
    entries.push(mutateEntry(drawn));
  }
  return { mutants: mutants.filter((m) => taken.has(m)), entries };
}

/** `file:line:column-line:column`, the exact node of one mutant. */
export function mutateEntry({ file, start, end }: PlannedMutant): string {
  return `${file}:${start.line}:${start.column}-${end.line}:${end.column}`;
}
