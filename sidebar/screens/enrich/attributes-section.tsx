// Enrich ▸ What to add: the organization attributes from the server's catalog, grouped, each paid one
// marked with its price.
import { OptionChecks } from "../../components/option-checks";
import { Section } from "../../components/section";
import type { EnrichCatalog } from "../../lib/enrich-types";

export function AttributesSection({
  catalog,
  checked,
  onToggle,
}: {
  catalog: EnrichCatalog;
  checked: ReadonlySet<string>;
  onToggle: (name: string, on: boolean) => void;
}) {
  return (
    <Section id="attributes" title="What to add">
      <p class="hint">
        Each matched organization costs 1 credit, plus the marked price of each attribute and metric. Rows
        that do not match are free.
      </p>
      {catalog.attributeGroups.map((group) => (
        <OptionChecks
          key={group.group}
          legend={group.label}
          options={group.attributes.map((a) => ({
            name: a.name,
            label: a.label,
            cost: a.paid ? catalog.prices.paidAttribute : 0,
          }))}
          checked={checked}
          onToggle={onToggle}
        />
      ))}
    </Section>
  );
}
