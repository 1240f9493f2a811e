// Runs one server call at a time for a control: busy while it runs (the button shows a spinner and is
// disabled), a second press meanwhile sends nothing, and a failure is kept as the sentence to show.
import { useCallback, useRef, useState } from "preact/hooks";
import { failureMessage } from "../bridge";

export type ActionOutcome<R> = { ok: true; value: R } | { ok: false };

export interface Action<A extends unknown[], R> {
  run: (...args: A) => Promise<ActionOutcome<R>>;
  busy: boolean;
  error: string | null;
  clearError: () => void;
}

export function useAction<A extends unknown[], R>(fn: (...args: A) => Promise<R>): Action<A, R> {
  // A ref, not state: two clicks in the same frame both see the first one's claim.
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fnRef = useRef(fn);
  fnRef.current = fn;

  const run = useCallback(async (...args: A): Promise<ActionOutcome<R>> => {
    if (running.current) return { ok: false };
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      return { ok: true, value: await fnRef.current(...args) };
    } catch (failure) {
      setError(failureMessage(failure));
      return { ok: false };
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  const clearError = useCallback(() => setError(null), []);
  return { run, busy, error, clearError };
}
