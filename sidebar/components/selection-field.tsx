// "Use selection": reads the selected column from the sheet (free) and shows what it holds, e.g.
// "Sheet1!A2:A9 · 8 rows · 8 ids"; the form sends that range when it acts.
import { server } from "../bridge";
import { useAction } from "../hooks/use-action";
import type { SelectionView } from "../lib/more-types";
import { Banner } from "./banner";
import { Button } from "./button";

export function SelectionField({
  id,
  label,
  hint,
  value,
  onChange,
}: {
  id: string;
  label: string;
  /** What the column should hold, e.g. "A column of organization ids or slugs." */
  hint: string;
  value: SelectionView | null;
  onChange: (selection: SelectionView | null) => void;
}) {
  const read = useAction(() => server.getSelectedColumn());
  const use = async () => {
    const outcome = await read.run();
    if (outcome.ok) onChange(outcome.value);
  };
  return (
    <fieldset class="selection-field fieldset">
      <legend id={`${id}-label`} class="label">
        {label}
      </legend>
      <div class="row selection-row">
        <p id={`${id}-value`} class="selection-value" aria-live="polite">
          {value ? value.label : "Nothing selected yet."}
        </p>
        <Button busy={read.busy} onClick={use} describedBy={`${id}-value ${id}-hint`}>
          Use selection
        </Button>
      </div>
      <p id={`${id}-hint`} class="hint">
        {hint}
      </p>
      {read.error && (
        <Banner tone="error" title="Selection not read" onDismiss={read.clearError}>
          {read.error}
        </Banner>
      )}
    </fieldset>
  );
}
