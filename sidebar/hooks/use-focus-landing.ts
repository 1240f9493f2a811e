// Where focus lands when the control that had it is gone: a result that replaces its button (a run's
// end, a mapping's or a search's outcome) takes the focus if, and only if, it was dropped to the page, so
// a keyboard or screen-reader user goes on from the result and is never pulled away from where they are.
import type { RefObject } from "preact";
import { useEffect } from "preact/hooks";

/** Whether focus is on nothing the person can use: the page, or a control now disabled or detached. */
export function focusDropped(doc: Document): boolean {
  const active = doc.activeElement;
  if (!active || active === doc.body || active === doc.documentElement) return true;
  if (!active.isConnected) return true;
  return active instanceof HTMLElement && active.matches(":disabled");
}

/** Focuses `target` when it appears (or `key` changes) at a moment focus was dropped. */
export function useFocusLanding(target: RefObject<HTMLElement | null>, key: unknown = true): void {
  useEffect(() => {
    const element = target.current;
    if (element && focusDropped(element.ownerDocument)) element.focus();
  }, [key]);
}
