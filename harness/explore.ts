// Runs one scenario under many scheduler seeds; a failure names the seed that reproduces it.

/** The seeds to explore: HARNESS_SEEDS ("1-200" or "3,17,40") when set, else `defaults`. */
export function seedsFromEnv(defaults: readonly number[], value = process.env.HARNESS_SEEDS): number[] {
  if (!value) return [...defaults];
  const seeds: number[] = [];
  for (const part of value.split(",")) {
    const range = /^\s*(\d+)\s*-\s*(\d+)\s*$/.exec(part);
    if (range) for (let s = Number(range[1]); s <= Number(range[2]); s++) seeds.push(s);
    else if (/^\s*\d+\s*$/.test(part)) seeds.push(Number(part));
    else throw new Error(`HARNESS_SEEDS reads "1-200" or "3,17,40"; got ${JSON.stringify(value)}.`);
  }
  return seeds;
}

/** Runs `scenario(seed)` for each seed in turn; the first failure is rethrown with its seed in the message. */
export async function explore<T>(
  seeds: readonly number[],
  scenario: (seed: number) => T | Promise<T>,
): Promise<Array<{ seed: number; result: T }>> {
  const results: Array<{ seed: number; result: T }> = [];
  for (const seed of seeds) {
    try {
      results.push({ seed, result: await scenario(seed) });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const failure = new Error(`Under scheduler seed ${seed}: ${reason}`, { cause: error });
      if (error instanceof Error && error.stack) failure.stack = `${failure.message}\n${error.stack}`;
      throw failure;
    }
  }
  return results;
}
