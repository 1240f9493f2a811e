// A search's results: how many (at most 200), in what order, closed organizations or not, and which
// columns, each paid one marked with its price.
import { OptionChecks } from "../../components/option-checks";
import { Section } from "../../components/section";
import type { FindForm } from "../../lib/find-request";
import type { FindCatalog, FindKindView } from "../../lib/find-types";

export function OptionsSection({
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
  const id = `options-${kind.kind}`;
  const lookUp = kind.kind === "people" && form.peopleBy === "people";
  const checked = new Set(form.attributes);
  const toggle = (name: string, on: boolean) =>
    onChange({
      attributes: kind.attributes.map((a) => a.name).filter((n) => (n === name ? on : checked.has(n))),
    });
  return (
    <Section id={id} title="Results">
      {!lookUp && (
        <div class="inline-fields">
          <div>
            <label class="label" for={`${id}-limit`}>
              How many (1–{catalog.limit.max})
            </label>
            <input
              id={`${id}-limit`}
              class="input"
              type="number"
              min={1}
              max={catalog.limit.max}
              step={1}
              value={form.limit}
              onInput={(event) => onChange({ limit: event.currentTarget.value })}
            />
          </div>
          {kind.orderColumns.length > 0 && (
            <div>
              <label class="label" for={`${id}-order`}>
                Order by
              </label>
              <select
                id={`${id}-order`}
                class="input"
                value={form.orderBy}
                onChange={(event) => onChange({ orderBy: event.currentTarget.value })}
              >
                <option value="">Service's order</option>
                {kind.orderColumns.map((column) => (
                  <option key={column} value={column}>
                    {kind.orderLabels[column] ?? column}
                  </option>
                ))}
              </select>
            </div>
          )}
        </div>
      )}
      {form.orderBy && (
        <>
          <label class="label" for={`${id}-direction`}>
            Direction
          </label>
          <select
            id={`${id}-direction`}
            class="input"
            value={form.direction}
            onChange={(event) => onChange({ direction: event.currentTarget.value as FindForm["direction"] })}
          >
            <option value="DESC">Highest first</option>
            <option value="ASC">Lowest first</option>
          </select>
        </>
      )}
      {kind.includeClosed && (
        <label class="check check-spaced">
          <input
            type="checkbox"
            checked={form.includeClosed}
            onChange={(event) => onChange({ includeClosed: event.currentTarget.checked })}
          />
          <span>Include closed organizations</span>
        </label>
      )}
      <OptionChecks
        legend="Columns to return"
        options={kind.attributes.map((a) => ({
          name: a.name,
          label: a.label,
          cost: a.paid ? kind.attributePrice : 0,
        }))}
        checked={checked}
        onToggle={toggle}
        note={
          kind.kind === "organizations"
            ? "Name, domain and link are always included, free."
            : "The id and the link are always included, free."
        }
      />
    </Section>
  );
}
