// Enrich ▸ Where: new columns to the right (the default), only empty cells of existing columns, or
// overwrite (asked again before anything is replaced), with the first column for the last two.
import { Section } from "../../components/section";
import type { EnrichCatalog } from "../../lib/enrich-types";

export type OutputMode = EnrichCatalog["outputModes"][number]["mode"];

export function OutputSection({
  catalog,
  mode,
  onMode,
  targetColumn,
  onTargetColumn,
}: {
  catalog: EnrichCatalog;
  mode: OutputMode;
  onMode: (mode: OutputMode) => void;
  targetColumn: string;
  onTargetColumn: (column: string) => void;
}) {
  return (
    <Section id="output" title="Where">
      <fieldset class="field-group">
        <legend class="group-legend">Write the values into</legend>
        {catalog.outputModes.map((option) => (
          <label key={option.mode} class="check">
            <input
              type="radio"
              name="output-mode"
              value={option.mode}
              checked={mode === option.mode}
              onChange={() => onMode(option.mode)}
            />
            <span>
              {option.label}
              <span class="hint block">{option.hint}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {mode !== "new-columns" && (
        <>
          <label class="label" for="target-column">
            Starting at column
          </label>
          <input
            id="target-column"
            class="input"
            type="text"
            autoComplete="off"
            spellcheck={false}
            maxLength={3}
            value={targetColumn}
            aria-describedby="target-column-hint"
            onInput={(event) => onTargetColumn(event.currentTarget.value.toUpperCase())}
          />
          <p id="target-column-hint" class="hint">
            One column per attribute and metric, from this column rightwards.
          </p>
        </>
      )}
    </Section>
  );
}
