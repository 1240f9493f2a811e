// A row of views inside a tab ("Organization lists | Contact lists"): a tablist whose arrow, Home and
// End keys move between the views, like the frame's own tabs.
import type { ComponentChildren } from "preact";
import { useRef } from "preact/hooks";

export interface ViewOption<V extends string> {
  value: V;
  label: string;
}

export function ViewSwitch<V extends string>({
  id,
  label,
  options,
  current,
  onSelect,
}: {
  id: string;
  label: string;
  options: readonly ViewOption<V>[];
  current: V;
  onSelect: (value: V) => void;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent, index: number) => {
    const last = options.length - 1;
    const target =
      event.key === "ArrowRight"
        ? (index + 1) % options.length
        : event.key === "ArrowLeft"
          ? (index - 1 + options.length) % options.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    onSelect(options[target]!.value);
    buttons.current[target]?.focus();
  };
  return (
    <div class="view-switch" role="tablist" aria-label={label}>
      {options.map((option, index) => (
        <button
          key={option.value}
          ref={(element) => {
            buttons.current[index] = element;
          }}
          type="button"
          role="tab"
          id={`${id}-${option.value}`}
          class="view-switch-option"
          aria-selected={option.value === current ? "true" : "false"}
          aria-controls={`${id}-panel`}
          tabIndex={option.value === current ? 0 : -1}
          onClick={() => onSelect(option.value)}
          onKeyDown={(event) => move(event, index)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** The panel a ViewSwitch controls. */
export function ViewPanel({
  id,
  current,
  children,
}: {
  id: string;
  current: string;
  children: ComponentChildren;
}) {
  return (
    <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-${current}`} class="view-panel">
      {children}
    </div>
  );
}
