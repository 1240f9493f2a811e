// The query: rows of conditions joined with AND, shown as the advanced query's text form; "Raw query"
// lets the text be typed instead (it starts from what the rows say). A condition is added with its Add
// button or Enter, not on every change of the list (arrow keys change a closed list), and focus moves
// into the new condition.
import { useEffect, useState } from "preact/hooks";
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
  const [choice, setChoice] = useState<QueryField | "">("");
  const [added, setAdded] = useState<number | null>(null);
  const built = queryText(form.rows);
  const period = catalog.hiringPeriods[2]?.value ?? catalog.hiringPeriods[0]?.value ?? "";

  const add = () => {
    if (!choice) return;
    onChange({ rows: [...form.rows, newRow(nextId, choice, period)] });
    setAdded(nextId);
    setNextId((id) => id + 1);
    setChoice("");
  };

  // The new condition's first control takes focus, so a keyboard user goes on where they are.
  useEffect(() => {
    if (added === null) return;
    document
      .querySelector<HTMLElement>(`#query-row-${added} :is(input, select, button):not(:disabled)`)
      ?.focus();
    setAdded(null);
  }, [added]);

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
          <div class="chip-entry">
            <select
              id={`add-condition-${kind.kind}`}
              class="input"
              value={choice}
              onChange={(event) => setChoice(event.currentTarget.value as QueryField | "")}
              onKeyDown={(event) => {
                if (event.key !== "Enter") return;
                event.preventDefault();
                add();
              }}
            >
              <option value="">Choose…</option>
              {kind.queryFields.map((field) => (
                <option key={field} value={field}>
                  {catalog.queryFieldLabels[field]}
                </option>
              ))}
            </select>
            <button
              type="button"
              class="button button-secondary"
              aria-label="Add the condition"
              disabled={!choice}
              onClick={add}
            >
              Add
            </button>
          </div>
          <p class="query-preview" aria-live="polite">
            {built ||
              (kind.scope === "none" ? "Add a condition to search." : "No conditions: everything in scope.")}
          </p>
        </>
      )}
    </Section>
  );
}
