// One condition of the query builder: "Technology is any of …", "Employees between … and …", "Hiring in
// the last …"; technologies come from the service's technology search, other values are typed.
import { ChipInput } from "../../components/chip-input";
import { Icon } from "../../components/icon";
import { TechnologyPicker } from "../../components/technology-picker";
import type { FindCatalog } from "../../lib/find-types";
import { type ListMatch, type QueryRow, type RowItem, rowProblem } from "../../lib/query-text";

const MATCHES: { value: ListMatch; label: string }[] = [
  { value: "any", label: "is any of" },
  { value: "all", label: "is all of" },
  { value: "none", label: "is none of" },
];

export function QueryRowEditor({
  row,
  catalog,
  onChange,
  onRemove,
}: {
  row: QueryRow;
  catalog: FindCatalog;
  onChange: (row: QueryRow) => void;
  onRemove: () => void;
}) {
  const id = `query-row-${row.id}`;
  const title = catalog.queryFieldLabels[row.field];
  const problem = rowProblem(row);

  const head = (control: preact.ComponentChildren) => (
    <div class="query-row-head">
      <span class="query-row-title" id={`${id}-title`}>
        {title}
      </span>
      {control}
      <button
        type="button"
        class="icon-button"
        aria-label={`Remove the ${title} condition`}
        onClick={onRemove}
      >
        <Icon name="close" size={18} />
      </button>
    </div>
  );

  let body: preact.ComponentChildren;
  if (row.field === "employee_count") {
    body = (
      <>
        {head(<span class="hint">between</span>)}
        <div class="range-inputs">
          <input
            class="input"
            type="text"
            inputMode="numeric"
            aria-label="Employees, at least"
            placeholder="Any"
            value={row.min}
            onInput={(event) => onChange({ ...row, min: event.currentTarget.value })}
          />
          <span>and</span>
          <input
            class="input"
            type="text"
            inputMode="numeric"
            aria-label="Employees, at most"
            placeholder="Any"
            value={row.max}
            onInput={(event) => onChange({ ...row, max: event.currentTarget.value })}
          />
        </div>
      </>
    );
  } else if (row.field === "hiring_period") {
    body = head(
      <select
        class="input"
        aria-labelledby={`${id}-title`}
        value={row.period}
        onChange={(event) => onChange({ ...row, period: event.currentTarget.value })}
      >
        {catalog.hiringPeriods.map((period) => (
          <option key={period.value} value={period.value}>
            {period.label}
          </option>
        ))}
      </select>,
    );
  } else {
    const items = row.items;
    const setItems = (next: RowItem[]) => onChange({ ...row, items: next });
    const matches = row.field === "technology" ? MATCHES : MATCHES.filter((m) => m.value !== "all");
    body = (
      <>
        {head(
          <select
            class="input"
            aria-label={`${title}: how values combine`}
            value={row.match}
            onChange={(event) => onChange({ ...row, match: event.currentTarget.value as ListMatch })}
          >
            {matches.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>,
        )}
        {row.field === "technology" ? (
          <TechnologyPicker
            id={`${id}-values`}
            label="Technologies"
            chosen={items.map((item) => ({ slug: item.value, name: item.label }))}
            onChange={(next) => setItems(next.map((t) => ({ value: t.slug, label: t.name })))}
            minChars={catalog.minTechnologyQuery}
            findPrice={catalog.prices.technologiesFind}
          />
        ) : (
          <ChipInput
            id={`${id}-values`}
            label={`${title} values`}
            chips={items.map((item) => ({ key: item.value, label: item.label }))}
            onRemove={(value) => setItems(items.filter((item) => item.value !== value))}
            onSubmitText={(text) => {
              if (!items.some((item) => item.value.toLowerCase() === text.toLowerCase())) {
                setItems([...items, { value: text, label: text }]);
              }
            }}
            placeholder={row.field === "country" ? "e.g. US or Germany, then Enter" : "Type, then Enter"}
          />
        )}
      </>
    );
  }

  return (
    <fieldset id={id} class="query-row" aria-labelledby={`${id}-title`}>
      {body}
      {problem && <p class="hint">{problem} Until then this condition is left out.</p>}
    </fieldset>
  );
}
