// The metrics' "Since" date, shown and read as the spreadsheet's people write dates (its locale), not in
// the browser's own order: a text field that also takes the add-on's yyyy-mm-dd, and says when it cannot read it.
import { useEffect, useState } from "preact/hooks";
import { datePattern, formatDate, parseDate, patternLabel } from "../../lib/locale-date";

export function SinceField({
  value,
  locale,
  disabled,
  onChange,
}: {
  /** yyyy-mm-dd, or "" for all time. */
  value: string;
  locale: string;
  disabled: boolean;
  onChange: (since: string) => void;
}) {
  const pattern = datePattern(locale);
  const label = patternLabel(pattern);
  const [text, setText] = useState(formatDate(value, pattern));
  const [unread, setUnread] = useState(false);
  // A value set from outside (a new enrichment clears it) replaces what was typed.
  useEffect(() => {
    if ((parseDate(text, pattern) ?? "") !== value) {
      setText(formatDate(value, pattern));
      setUnread(false);
    }
  }, [value, locale]);

  const onInput = (typed: string) => {
    setText(typed);
    const read = parseDate(typed, pattern);
    if (read !== null || typed.trim() === "") setUnread(false);
    onChange(read ?? "");
  };

  return (
    <div>
      <label class="label" for="metric-since">
        Since (optional)
      </label>
      <input
        id="metric-since"
        class="input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={label}
        value={text}
        disabled={disabled}
        aria-invalid={unread ? "true" : undefined}
        aria-describedby="metric-since-hint"
        onInput={(event) => onInput(event.currentTarget.value)}
        onBlur={() => setUnread(text.trim() !== "" && parseDate(text, pattern) === null)}
      />
      <p
        id="metric-since-hint"
        class={unread ? "hint field-error" : "hint"}
        role={unread ? "alert" : undefined}
      >
        {unread
          ? `Not a date: type it as ${label}, for example ${formatDate("2025-01-31", pattern)}.`
          : `As ${label}`}
      </p>
    </div>
  );
}
