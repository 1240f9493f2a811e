// The query: rows of conditions joined with AND, shown as the advanced query's text form; "Raw query"
// lets the text be typed instead (it starts from what the rows say).
import { useState } from "preact/hooks";
import { Section } from "../../components/section";
import type { FindForm } from "../../lib/find-request";
import type { FindCatalog, FindKindView, QueryField } from "../../lib/find-types";
import { newRow, queryText } from "../../lib/query-text";
import { QueryRowEditor } from "./query-row";

export function QueryBuilder({
  catalog,
  kind,
  form,
  onChange,
}: {
  catalog: FindCatalog;
  kind: FindKindView;
  form: FindForm;
  onChange: (patch: Partial<FindForm>) => void;
}) {
  const [nextId, setNextId] = useState(1);
  const built = queryText(form.rows);
  const period = catalog.hiringPeriods[2]?.value ?? catalog.hiringPeriods[0]?.value ?? "";

  const add = (field: QueryField) => {
    onChange({ rows: [...form.rows, newRow(nextId, field, period)] });
    setNextId((id) => id + 1);
  };

  const toggleRaw = (raw: boolean) => onChange(raw ? { raw, rawText: form.rawText || built } : { raw });

  return (
    <Section id={`query-${kind.kind}`} title="Conditions">
      <label class="check">
        <input
          type="checkbox"
          checked={form.raw}
          onChange={(event) => toggleRaw(event.currentTarget.checked)}
        />
        <span>Raw query</span>
      </label>
      {form.raw ? (
        <>
          <label class="label" for={`raw-${kind.kind}`}>
            Advanced query
          </label>
          <textarea
            id={`raw-${kind.kind}`}
            class="input"
            spellcheck={false}
            value={form.rawText}
            aria-describedby={`raw-${kind.kind}-hint`}
            onInput={(event) => onChange({ rawText: event.currentTarget.value })}
          />
          <p id={`raw-${kind.kind}-hint`} class="hint">
            Conditions such as technology EQ 'python' AND country IN ('US', 'CA'), joined with AND or OR.
          </p>
        </>
      ) : (
        <>
          {form.rows.map((row, index) => (
            <QueryRowEditor
              key={row.id}
              row={row}
              catalog={catalog}
              onChange={(next) => onChange({ rows: form.rows.map((r, i) => (i === index ? next : r)) })}
              onRemove={() => onChange({ rows: form.rows.filter((r) => r.id !== row.id) })}
            />
          ))}
          <label class="label" for={`add-condition-${kind.kind}`}>
            Add a condition
          </label>
          <select
            id={`add-condition-${kind.kind}`}
            class="input"
            value=""
            onChange={(event) => {
              const field = event.currentTarget.value as QueryField;
              event.currentTarget.value = "";
              if (field) add(field);
            }}
          >
            <option value="">Choose…</option>
            {kind.queryFields.map((field) => (
              <option key={field} value={field}>
                {catalog.queryFieldLabels[field]}
              </option>
            ))}
          </select>
          <p class="query-preview" aria-live="polite">
            {built ||
              (kind.scope === "none" ? "Add a condition to search." : "No conditions: everything in scope.")}
          </p>
        </>
      )}
    </Section>
  );
}
