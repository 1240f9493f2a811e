// Buttons: primary (one per screen), secondary and text. While busy a button is disabled, shows a spinner
// and says so to screen readers, so nothing can be sent twice.
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
      disabled={disabled || busy}
      aria-busy={busy ? "true" : undefined}
      aria-describedby={describedBy}
      onClick={onClick}
    >
      {busy && <Spinner />}
      <span>{children}</span>
    </button>
  );
}
