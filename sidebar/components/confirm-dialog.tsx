// A question that must be answered before something irreversible (overwriting cells): a modal dialog
// inside the sidebar. Focus starts on the safe choice, Escape cancels, Tab goes round every control in it
// (a "Don't ask again" box too), and focus goes back where it was when the dialog closes.
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import { Button } from "./button";

export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialog.current?.querySelector<HTMLButtonElement>("[data-cancel] button, button[data-cancel]")?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onCancel();
      return;
    }
    if (event.key !== "Tab" || !dialog.current) return;
    const buttons = [
      ...dialog.current.querySelectorAll<HTMLElement>("button:not(:disabled), input:not(:disabled)"),
    ];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div class="dialog-backdrop">
      <div
        ref={dialog}
        class="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-text"
        onKeyDown={onKeyDown}
      >
        <h2 id="confirm-title" class="dialog-title">
          {title}
        </h2>
        <div id="confirm-text">{children}</div>
        <div class="dialog-actions">
          <span data-cancel>
            <Button kind="text" onClick={onCancel}>
              Cancel
            </Button>
          </span>
          <Button kind="primary" onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </div>
  );
}
