// A field of chips ("Python ×", "Data Science ×") with a text box to add more, optionally with
// suggestions (a combobox: arrows move through them, Enter picks, Escape closes them). Enter with no
// suggestion highlighted, or the optional submit button beside the box, adds the typed text when
// `onSubmitText` accepts it.
import type { ComponentChildren } from "preact";
import { useRef, useState } from "preact/hooks";
import { Icon } from "./icon";
import { Spinner } from "./spinner";

export interface Chip {
  key: string;
  label: string;
}

export interface Suggestion {
  key: string;
  label: string;
  detail?: string;
}

export interface ChipInputProps {
  id: string;
  label: string;
  chips: readonly Chip[];
  onRemove: (key: string) => void;
  /** Typed text submitted with Enter; a resolved promise clears the box, a rejected one keeps it. */
  onSubmitText?: (text: string) => void | Promise<void>;
  suggestions?: readonly Suggestion[];
  onPick?: (suggestion: Suggestion) => void;
  onTextChange?: (text: string) => void;
  placeholder?: string;
  busy?: boolean;
  hint?: ComponentChildren;
  /** A button beside the box doing what Enter does, for a submit that costs something: its visible word and its name. */
  submit?: { label: string; name: string };
}

export function ChipInput({
  id,
  label,
  chips,
  onRemove,
  onSubmitText,
  suggestions = [],
  onPick,
  onTextChange,
  placeholder,
  busy,
  hint,
  submit: submitButton,
}: ChipInputProps) {
  const [text, setText] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const [active, setActive] = useState(-1);
  const [open, setOpen] = useState(true);
  const listId = `${id}-suggestions`;
  const hintId = `${id}-hint`;
  const shown = open && text.trim() !== "" && suggestions.length > 0;

  const change = (value: string) => {
    setText(value);
    setActive(-1);
    setOpen(true);
    onTextChange?.(value);
  };

  const pick = (suggestion: Suggestion) => {
    onPick?.(suggestion);
    change("");
  };

  const submit = async () => {
    const typed = text.trim();
    if (!typed || !onSubmitText) return;
    try {
      await onSubmitText(typed);
      change("");
    } catch {
      // The caller shows why; the text stays so it can be corrected.
    }
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" && shown) {
      event.preventDefault();
      setActive((i) => Math.min(i + 1, suggestions.length - 1));
    } else if (event.key === "ArrowUp" && shown) {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, -1));
    } else if (event.key === "Enter") {
      event.preventDefault();
      const chosen = shown && active >= 0 ? suggestions[active] : undefined;
      if (chosen) pick(chosen);
      else void submit();
    } else if (event.key === "Escape" && shown) {
      event.preventDefault();
      setOpen(false);
    } else if (event.key === "Backspace" && text === "" && chips.length > 0) {
      onRemove(chips[chips.length - 1]!.key);
    }
  };

  return (
    <div class="chip-field">
      <label class="label" for={id}>
        {label}
      </label>
      {chips.length > 0 && (
        <ul class="chips" aria-label={`${label}: chosen`}>
          {chips.map((chip) => (
            <li key={chip.key} class="token">
              <span class="token-text" title={chip.label}>
                {chip.label}
              </span>
              <button
                type="button"
                class="icon-button"
                aria-label={`Remove ${chip.label}`}
                onClick={() => {
                  onRemove(chip.key);
                  // The button goes with its chip: focus stays in the field, not dropped to the page.
                  input.current?.focus();
                }}
              >
                <Icon name="close" size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div class="chip-entry">
        <input
          ref={input}
          id={id}
          class="input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellcheck={false}
          placeholder={placeholder}
          value={text}
          aria-autocomplete={onPick ? "list" : "none"}
          aria-expanded={shown ? "true" : "false"}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
          aria-describedby={hint ? hintId : undefined}
          onInput={(event) => change(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => setOpen(true)}
        />
        {submitButton && (
          <button
            type="button"
            class="button button-secondary"
            aria-label={submitButton.name}
            aria-describedby={hint ? hintId : undefined}
            // Busy, it refuses presses but keeps focus (as Button does), so focus is not dropped.
            disabled={text.trim() === ""}
            aria-disabled={busy ? "true" : undefined}
            onClick={async () => {
              if (busy) return;
              await submit();
              // Back in the box: cleared (and this button disabled) or kept to correct, typing goes on.
              input.current?.focus();
            }}
          >
            {submitButton.label}
          </button>
        )}
        {busy && <Spinner label="Searching" />}
      </div>
      <div
        id={listId}
        class="suggestions"
        role="listbox"
        aria-label={`${label}: suggestions`}
        hidden={!shown}
      >
        {suggestions.map((suggestion, index) => (
          <div
            key={suggestion.key}
            id={`${listId}-${index}`}
            class="suggestion"
            role="option"
            tabIndex={-1}
            aria-selected={index === active ? "true" : "false"}
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(suggestion);
            }}
          >
            <span>{suggestion.label}</span>
            {suggestion.detail && <span class="suggestion-detail">{suggestion.detail}</span>}
          </div>
        ))}
      </div>
      {hint && (
        <p id={hintId} class="hint">
          {hint}
        </p>
      )}
    </div>
  );
}
