// A message across the screen: errors say what happened and what to do; info and success confirm.
import type { ComponentChildren } from "preact";
import { Icon } from "./icon";

export interface BannerProps {
  tone: "error" | "warning" | "info" | "success";
  title?: string;
  children: ComponentChildren;
  /** A follow-up control, e.g. "Open Settings" or "Try again". */
  action?: ComponentChildren;
  onDismiss?: () => void;
}

export function Banner({ tone, title, children, action, onDismiss }: BannerProps) {
  // Errors interrupt (role=alert); everything else waits its turn (role=status).
  return (
    <div class={`banner banner-${tone}`} role={tone === "error" ? "alert" : "status"}>
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
