// Calls a function every few seconds while `active` holds and the sidebar is open: the next call starts
// only after the last one answered, so a slow server never gets a queue of calls.
import { useEffect, useRef } from "preact/hooks";

export function usePoll(fn: () => Promise<unknown>, intervalMs: number, active: boolean): void {
  const fnRef = useRef(fn);
  fnRef.current = fn;
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        await fnRef.current();
      } catch {
        // The function shows its own failure; polling goes on so a passing fault heals itself.
      }
      if (!stopped) timer = setTimeout(tick, intervalMs);
    };
    timer = setTimeout(tick, intervalMs);
    return () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [active, intervalMs]);
}
