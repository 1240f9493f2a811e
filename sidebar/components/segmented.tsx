// A segmented control ("Organizations | Job titles"): native radio buttons drawn as joined segments, so
// arrow keys move the choice and only the chosen one is in the tab order, as in any radio group.

export interface Segment<V extends string> {
  value: V;
  label: string;
}

export function Segmented<V extends string>({
  name,
  label,
  segments,
  value,
  onChange,
}: {
  /** The radio group's name, unique on the screen. */
  name: string;
  label: string;
  segments: readonly Segment<V>[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset class="segmented">
      <legend class="sr-only">{label}</legend>
      {segments.map((segment) => (
        <label key={segment.value} class="segment">
          <input
            type="radio"
            class="segment-input"
            name={name}
            value={segment.value}
            checked={segment.value === value}
            onChange={() => onChange(segment.value)}
          />
          <span>{segment.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
