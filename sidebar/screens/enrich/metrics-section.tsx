// Enrich ▸ Metrics: technologies (found with the service's technology search), job functions and
// technology categories as chips, aggregate or exploded categories, the metric and an optional "since".
import { useState } from "preact/hooks";
import { failureMessage, server } from "../../bridge";
import { ChipInput } from "../../components/chip-input";
import { Section } from "../../components/section";
import { TechnologyPicker } from "../../components/technology-picker";
import { usePaidConfirm } from "../../hooks/use-paid-confirm";
import { categoryLabel, type MetricChoices, metricOptions, typesInUse } from "../../lib/enrich-fields";
import type { EnrichCatalog } from "../../lib/enrich-types";
import { CATEGORY_LOOKUP } from "../../lib/paid-words";
import { useSidebar } from "../../state";
import { SinceField } from "./since-field";

export function MetricsSection({
  catalog,
  choices,
  onChange,
}: {
  catalog: EnrichCatalog;
  choices: MetricChoices;
  onChange: (patch: Partial<MetricChoices>) => void;
}) {
  const { credits } = useSidebar();
  const confirm = usePaidConfirm();
  const [categoryBusy, setCategoryBusy] = useState(false);
  const [categoryError, setCategoryError] = useState<string | null>(null);
  const metrics = metricOptions(catalog, typesInUse(choices));
  const anyChip = choices.technologies.length + choices.jobFunctions.length + choices.categories.length > 0;
  // One category is one matched item: the lookup's price for up to lookupPerCredit of them.
  const lookupPrice = Math.ceil(1 / catalog.prices.lookupPerCredit);

  // Asked at the click; refusing keeps the typed text (ChipInput keeps it on a rejection).
  const addCategory = async (text: string) => {
    setCategoryError(null);
    if (choices.categories.some((c) => c.name.toLowerCase() === text.toLowerCase() || c.slug === text))
      return;
    const go = await confirm.ask({
      title: CATEGORY_LOOKUP.question(text),
      detail: CATEGORY_LOOKUP.detail,
      upTo: lookupPrice,
    });
    if (!go) throw new Error("not looked up");
    setCategoryBusy(true);
    setCategoryError(null);
    try {
      const found = await server.lookupCategory(text);
      if (found.credits) credits.set(found.credits);
      if (!choices.categories.some((c) => c.slug === found.slug)) {
        onChange({ categories: [...choices.categories, found] });
      }
    } catch (failure) {
      setCategoryError(failureMessage(failure));
      throw failure;
    } finally {
      setCategoryBusy(false);
    }
  };

  const addJobFunction = (text: string) => {
    if (!choices.jobFunctions.some((j) => j.toLowerCase() === text.toLowerCase())) {
      onChange({ jobFunctions: [...choices.jobFunctions, text] });
    }
  };

  const setGranularity = (granularity: MetricChoices["granularity"]) => {
    const next = { ...choices, granularity };
    const allowed = metricOptions(catalog, typesInUse(next));
    onChange({ granularity, ...(allowed.includes(choices.metric) ? {} : { metric: catalog.defaultMetric }) });
  };

  return (
    <Section id="metrics" title="Metrics">
      <p class="hint">One column per technology, job function or category, for the metric below.</p>
      <TechnologyPicker
        id="metric-technologies"
        label="Technologies"
        chosen={choices.technologies}
        onChange={(technologies) => onChange({ technologies })}
        minChars={catalog.minTechnologyQuery}
        findPrice={catalog.prices.technologiesFind}
      />
      <ChipInput
        id="metric-job-functions"
        label="Job functions"
        chips={choices.jobFunctions.map((name) => ({ key: name, label: name }))}
        onRemove={(name) => onChange({ jobFunctions: choices.jobFunctions.filter((j) => j !== name) })}
        onSubmitText={addJobFunction}
        placeholder="e.g. Data Engineer, then Enter"
      />
      <ChipInput
        id="metric-categories"
        label="Technology categories"
        chips={choices.categories.map((c) => ({ key: c.slug, label: categoryLabel(c) }))}
        onRemove={(slug) => onChange({ categories: choices.categories.filter((c) => c.slug !== slug) })}
        onSubmitText={addCategory}
        busy={categoryBusy}
        placeholder="e.g. Data Warehouses, then Enter"
        hint={CATEGORY_LOOKUP.hint(lookupPrice)}
      />
      {confirm.dialog}
      {categoryError && (
        <p class="hint credits-empty" role="alert">
          {categoryError}
        </p>
      )}
      {choices.categories.length > 0 && (
        <fieldset class="field-group">
          <legend class="group-legend">Categories as</legend>
          <label class="check">
            <input
              type="radio"
              name="granularity"
              checked={choices.granularity === "aggregate"}
              onChange={() => setGranularity("aggregate")}
            />
            <span>One column per category (aggregate)</span>
          </label>
          <label class="check">
            <input
              type="radio"
              name="granularity"
              checked={choices.granularity === "exploded"}
              onChange={() => setGranularity("exploded")}
            />
            <span>One column per technology in it (exploded, priced per technology)</span>
          </label>
        </fieldset>
      )}
      <div class="inline-fields">
        <div>
          <label class="label" for="metric-name">
            Metric
          </label>
          <select
            id="metric-name"
            class="input"
            value={choices.metric}
            disabled={!anyChip}
            onChange={(event) => onChange({ metric: event.currentTarget.value as MetricChoices["metric"] })}
          >
            {metrics.map((metric) => (
              <option key={metric} value={metric}>
                {catalog.metricLabels[metric] ?? metric}
              </option>
            ))}
          </select>
        </div>
        <SinceField
          value={choices.since}
          locale={catalog.locale}
          disabled={!anyChip}
          onChange={(since) => onChange({ since })}
        />
      </div>
    </Section>
  );
}
