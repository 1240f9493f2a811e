// The bottom of a screen: the estimate line (announced as it changes) above the one primary button.
import type { ComponentChildren } from "preact";

export function ScreenFooter({
  estimateId,
  estimate,
  children,
}: {
  estimateId: string;
  estimate: string;
  children: ComponentChildren;
}) {
  return (
    <footer class="screen-footer">
      <p id={estimateId} class="estimate" aria-live="polite">
        {estimate}
      </p>
      {children}
    </footer>
  );
}
