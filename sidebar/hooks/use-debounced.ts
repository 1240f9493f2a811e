// A value that follows another after it has stopped changing for `delayMs` (estimates and searches are
// asked for once the person pauses, not on every keystroke).
import { useEffect, useState } from "preact/hooks";

export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
