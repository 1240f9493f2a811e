// A message across the screen: errors say what happened and what to do; info and success confirm.
import type { ComponentChildren } from "preact";
import { useRef } from "preact/hooks";
import { useFocusLanding } from "../hooks/use-focus-landing";
import { Icon } from "./icon";

export interface BannerProps {
  tone: "error" | "warning" | "info" | "success";
  title?: string;
  children: ComponentChildren;
  /** A follow-up control, e.g. "Open Settings" or "Try again". */
  action?: ComponentChildren;
  onDismiss?: () => void;
  /**
   * The result of an action whose control it replaces: it takes the focus when it appears, if the focus
   * was dropped to the page (see useFocusLanding).
   */
  landing?: boolean;
}

export function Banner({ tone, title, children, action, onDismiss, landing }: BannerProps) {
  const box = useRef<HTMLDivElement>(null);
  useFocusLanding(landing ? box : { current: null });
  // Errors interrupt (role=alert); everything else waits its turn (role=status).
  return (
    <div
      ref={box}
      class={`banner banner-${tone}`}
      role={tone === "error" ? "alert" : "status"}
      tabIndex={landing ? -1 : undefined}
    >
      <span class="banner-icon">
        <Icon name={tone} size={18} />
      </span>
      <div class="banner-body">
        {title && <p class="banner-title">{title}</p>}
        <div class="banner-text">{children}</div>
        {action && <div class="banner-action">{action}</div>}
      </div>
      {onDismiss && (
        <button type="button" class="icon-button banner-dismiss" aria-label="Dismiss" onClick={onDismiss}>
          <Icon name="close" size={16} />
        </button>
      )}
    </div>
  );
}
