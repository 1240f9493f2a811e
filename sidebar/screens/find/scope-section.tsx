// Where a people, jobs or teams search looks: organizations (typed or from the selected column) or a
// saved organization list; for people also a list of people to look up, with contact reveals priced.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { Section } from "../../components/section";
import { Segmented } from "../../components/segmented";
import { useAction } from "../../hooks/use-action";
import { type FindForm, type PeopleBy, scoped } from "../../lib/find-request";
import type { FindCatalog, FindKindView } from "../../lib/find-types";
import { formatNumber } from "../../lib/format";

const PEOPLE_BY = [
  { value: "organizations", label: "By organization" },
  { value: "people", label: "A list of people" },
] as const;

export function ScopeSection({
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
  const read = useAction((what: PeopleBy) => server.selectedIdentifiers(what));
  const [summary, setSummary] = useState<string | null>(null);
  const lookUp = kind.kind === "people" && form.peopleBy === "people";
  const id = `scope-${kind.kind}`;

  const useSelection = async () => {
    const outcome = await read.run(lookUp ? "people" : "organizations");
    if (!outcome.ok) return;
    setSummary(outcome.value.summary);
    const text = outcome.value.identifiers.join("\n");
    onChange(lookUp ? { people: text } : { organizations: text });
  };

  const { emailReveal, phoneReveal } = catalog.prices;
  return (
    <Section id={id} title={lookUp ? "People to look up" : "Search in"}>
      {kind.kind === "people" && (
        <Segmented
          name="people-by"
          label="Find people"
          segments={PEOPLE_BY}
          value={form.peopleBy}
          onChange={(peopleBy) => onChange({ peopleBy })}
        />
      )}
      <label class="label" for={`${id}-entries`}>
        {lookUp ? "People: person ids, LinkedIn URLs or e-mails" : "Organizations: ids, domains or names"}
      </label>
      <textarea
        id={`${id}-entries`}
        class="input"
        spellcheck={false}
        placeholder="One per line"
        value={lookUp ? form.people : form.organizations}
        aria-describedby={`${id}-hint`}
        onInput={(event) =>
          onChange(
            lookUp ? { people: event.currentTarget.value } : { organizations: event.currentTarget.value },
          )
        }
      />
      <div class="row">
        <Button busy={read.busy} onClick={useSelection}>
          Use selection
        </Button>
        <p class="status" role="status" aria-live="polite">
          {summary}
        </p>
      </div>
      <p id={`${id}-hint`} class="hint">
        {lookUp
          ? `At most ${formatNumber(catalog.peopleList.max)} people, or ${catalog.peopleList.maxWithReveals} with contact reveals.`
          : `At most ${formatNumber(catalog.maxScope)}. Domains and names are matched to organization ids first: ${catalog.prices.scopeLookup} credit per organization found; ids are free.`}
      </p>
      {read.error && (
        <Banner tone="error" title="Selection not read" onDismiss={read.clearError}>
          {read.error}
        </Banner>
      )}
      {!lookUp && kind.scope === "optional" && (
        <label class="check">
          <input
            type="checkbox"
            checked={form.everywhere}
            disabled={scoped(form)}
            onChange={(event) => onChange({ everywhere: event.currentTarget.checked })}
          />
          <span>
            All organizations
            <span class="hint block">
              Search every organization's job posts. Used only while no organizations or list are named.
            </span>
          </span>
        </label>
      )}
      {!lookUp && kind.listScope && (
        <>
          <label class="label" for={`${id}-list`}>
            Or an organization list id (optional)
          </label>
          <input
            id={`${id}-list`}
            class="input"
            type="text"
            inputMode="numeric"
            value={form.listId}
            onInput={(event) => onChange({ listId: event.currentTarget.value })}
          />
        </>
      )}
      {kind.kind === "people" && (
        <fieldset class="field-group">
          <legend class="group-legend">Contact reveals (extra credits)</legend>
          <label class="check">
            <input
              type="checkbox"
              disabled={!lookUp}
              checked={lookUp && form.reveal.email}
              onChange={(event) =>
                onChange({ reveal: { ...form.reveal, email: event.currentTarget.checked } })
              }
            />
            <span>
              E-mail address: {emailReveal} credits per person
              <span class="hint block">
                Charged only the first time an address is revealed to your account.
              </span>
            </span>
          </label>
          <label class="check">
            <input
              type="checkbox"
              disabled={!lookUp}
              checked={lookUp && form.reveal.phone}
              onChange={(event) =>
                onChange({ reveal: { ...form.reveal, phone: event.currentTarget.checked } })
              }
            />
            <span>
              Phone number: {phoneReveal} credits per person
              <span class="hint block">
                Charged only the first time a number is revealed to your account.
              </span>
            </span>
          </label>
          {!lookUp && (
            <p class="hint">
              Contacts are revealed on a list of people: search by organization first, then choose A list of
              people and use the person_id column of the results.
            </p>
          )}
        </fieldset>
      )}
    </Section>
  );
}
