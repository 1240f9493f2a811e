// The choices offered for the formula cache lifetime; always valid for the server's check (60 s to 6 h).
import { formatDuration } from "./format";

export interface LifetimeOption {
  seconds: number;
  label: string;
}

const PRESETS = [600, 1800, 3600, 3 * 3600, 6 * 3600];

/** The presets, plus the stored value when it is none of them (set by another version or by hand). */
export function lifetimeOptions(current: number): LifetimeOption[] {
  const seconds = PRESETS.includes(current) ? PRESETS : [...PRESETS, current].sort((a, b) => a - b);
  return seconds.map((s) => ({
    seconds: s,
    label: s === 6 * 3600 ? "6 hours (longest)" : formatDuration(s),
  }));
}
