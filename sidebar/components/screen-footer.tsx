// The bottom of a screen: the estimate line (announced as it changes) above the one primary button. It
// tells its screen how tall it is, so a control focused above it scrolls clear of it (scroll-padding).
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";

export function ScreenFooter({
  estimateId,
  estimate,
  children,
}: {
  estimateId: string;
  estimate: string;
  children: ComponentChildren;
}) {
  const footer = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = footer.current;
    const screen = element?.closest<HTMLElement>(".screen");
    if (!element || !screen || typeof ResizeObserver === "undefined") return;
    const note = () => screen.style.setProperty("--footer-height", `${element.offsetHeight}px`);
    note();
    const watch = new ResizeObserver(note);
    watch.observe(element);
    return () => {
      watch.disconnect();
      screen.style.removeProperty("--footer-height");
    };
  }, []);
  return (
    <footer ref={footer} class="screen-footer">
      <p id={estimateId} class="estimate" aria-live="polite">
        {estimate}
      </p>
      {children}
    </footer>
  );
}
