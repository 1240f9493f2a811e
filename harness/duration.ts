// Reads the durations tests pass to the clock: milliseconds, or "30s", "15m", "1h", "2d", "1h30m", "250ms".
import { HarnessUsageError } from "./errors.ts";

export type Duration = number | string;

const UNIT_MS: Record<string, number> = {
  ms: 1,
  s: 1_000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 604_800_000,
};
const PART = /(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/y;

export function parseDuration(input: Duration): number {
  if (typeof input === "number") {
    if (!Number.isFinite(input) || input < 0) throw badDuration(input);
    return input;
  }
  if (typeof input !== "string") throw badDuration(input);
  const text = input.trim();
  let total = 0;
  let at = 0;
  while (at < text.length) {
    PART.lastIndex = at;
    const match = PART.exec(text);
    if (!match) throw badDuration(input);
    total += Number(match[1]) * UNIT_MS[match[2]!]!;
    at = PART.lastIndex;
  }
  if (text.length === 0) throw badDuration(input);
  return Math.round(total);
}

function badDuration(input: unknown): HarnessUsageError {
  return new HarnessUsageError(
    `Invalid duration ${JSON.stringify(input) ?? String(input)}: use milliseconds (a number of at least 0) or a number with a unit, e.g. "30s", "15m", "1h", "2d".`,
  );
}
