// Keeps a free server answer (an estimate) in step with a form: asked again once the request has stopped
// changing for a moment; an answer to an older request is dropped when a newer one is on its way.
import { useEffect, useRef, useState } from "preact/hooks";
import { failureMessage } from "../bridge";
import { useDebounced } from "./use-debounced";

export interface LiveEstimate<T> {
  value: T | null;
  error: string | null;
  busy: boolean;
}

export const ESTIMATE_DELAY_MS = 400;

/** `request` null means the form is not ready: nothing is asked and nothing is shown. */
export function useLiveEstimate<T>(
  request: unknown,
  call: (request: unknown) => Promise<T>,
): LiveEstimate<T> {
  const key = request === null || request === undefined ? "" : JSON.stringify(request);
  const settled = useDebounced(key, ESTIMATE_DELAY_MS);
  const [state, setState] = useState<LiveEstimate<T>>({ value: null, error: null, busy: false });
  const latest = useRef(0);
  const callRef = useRef(call);
  callRef.current = call;

  useEffect(() => {
    const ticket = ++latest.current;
    if (settled === "") {
      setState({ value: null, error: null, busy: false });
      return;
    }
    setState((s) => ({ ...s, busy: true }));
    callRef.current(JSON.parse(settled)).then(
      (value) => ticket === latest.current && setState({ value, error: null, busy: false }),
      (error) =>
        ticket === latest.current && setState({ value: null, error: failureMessage(error), busy: false }),
    );
  }, [settled]);

  // Not ready: nothing to show, whatever an older request answered.
  if (key === "") return { value: null, error: null, busy: false };
  // While the form is changing, the shown estimate belongs to an older request.
  return key !== settled ? { ...state, busy: true } : state;
}
