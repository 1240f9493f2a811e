// The choices offered for the formula cache lifetime; always valid for the server's check (60 s to 90 days).
import { formatDuration } from "./format";

export interface LifetimeOption {
  seconds: number;
  label: string;
}

const DAY = 86_400;
const PRESETS = [600, 1800, 3600, 6 * 3600, DAY, 7 * DAY, 30 * DAY, 90 * DAY];

/** The presets, plus the stored value when it is none of them (set by another version or by hand). */
export function lifetimeOptions(current: number): LifetimeOption[] {
  const seconds = PRESETS.includes(current) ? PRESETS : [...PRESETS, current].sort((a, b) => a - b);
  return seconds.map((s) => ({
    seconds: s,
    label: s === 90 * DAY ? "90 days (longest)" : formatDuration(s),
  }));
}
