// Buttons: primary (one per screen), secondary and text. While busy a button refuses presses, shows a
// spinner and says so to screen readers, so nothing can be sent twice; it stays focusable (aria-disabled,
// not disabled), so the keyboard focus is not dropped to the page while the action runs.
import type { ComponentChildren } from "preact";
import { Spinner } from "./spinner";

export interface ButtonProps {
  kind?: "primary" | "secondary" | "text";
  type?: "button" | "submit";
  busy?: boolean;
  disabled?: boolean;
  onClick?: () => void;
  /** Extra description read after the label (aria-describedby target id). */
  describedBy?: string;
  children: ComponentChildren;
}

export function Button({
  kind = "secondary",
  type = "button",
  busy,
  disabled,
  onClick,
  describedBy,
  children,
}: ButtonProps) {
  return (
    <button
      type={type}
      class={`button button-${kind}`}
      disabled={disabled}
      aria-disabled={busy ? "true" : undefined}
      aria-busy={busy ? "true" : undefined}
      aria-describedby={describedBy}
      onClick={busy ? undefined : onClick}
    >
      {busy && <Spinner />}
      <span>{children}</span>
    </button>
  );
}
