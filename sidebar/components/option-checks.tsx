// A titled group of checkboxes, each paid one marked with what it adds to the base price of every
// result ("+1 cr"), the others "no extra": every result found still costs its base price.
import type { ComponentChildren } from "preact";

export interface CheckOption {
  name: string;
  label: string;
  /** Credits per row when checked, on top of the base price per result; 0 adds nothing. */
  cost: number;
}

export function OptionChecks({
  legend,
  options,
  checked,
  onToggle,
  note,
}: {
  legend: string;
  options: readonly CheckOption[];
  checked: ReadonlySet<string>;
  onToggle: (name: string, on: boolean) => void;
  note?: ComponentChildren;
}) {
  return (
    <fieldset class="field-group">
      <legend class="group-legend">{legend}</legend>
      <ul class="option-list">
        {options.map((option) => (
          <li key={option.name}>
            <label class="check">
              <input
                type="checkbox"
                checked={checked.has(option.name)}
                onChange={(event) => onToggle(option.name, event.currentTarget.checked)}
              />
              <span class="option-label">{option.label}</span>
              {option.cost > 0 ? (
                <>
                  <span class="cost" aria-hidden="true">
                    +{option.cost} cr
                  </span>
                  <span class="sr-only">
                    , {option.cost} more credit{option.cost === 1 ? "" : "s"} per row
                  </span>
                </>
              ) : (
                <span class="cost cost-free">no extra</span>
              )}
            </label>
          </li>
        ))}
      </ul>
      {note && <p class="hint">{note}</p>}
    </fieldset>
  );
}
