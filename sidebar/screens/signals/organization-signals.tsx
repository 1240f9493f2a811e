// Signals of one organization, taken from the first id of the selected column, into a new sheet
// (1 credit per signal returned).
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { SelectionField } from "../../components/selection-field";
import { useOrganizationImport } from "../../hooks/use-organization-import";
import { perItem } from "../../lib/more-format";
import { usePrices } from "../../lib/more-prices";

export function OrganizationSignals() {
  const prices = usePrices();
  const { selection, setSelection, id, run, status, onImport } = useOrganizationImport((organizationId) =>
    server.importOrganizationSignals({ organizationId }),
  );

  return (
    <section class="section" aria-labelledby="org-signals-title">
      <h3 id="org-signals-title" class="section-title">
        One organization's signals
      </h3>
      <SelectionField
        id="org-signals-selection"
        label="Organization"
        hint="The first organization id of the selected column."
        value={selection}
        onChange={setSelection}
      />
      <p id="org-signals-cost" class="hint">
        {prices ? `${perItem(prices.signal, "signal")} returned.` : ""}
      </p>
      <Button busy={run.busy} disabled={id === null} describedBy="org-signals-cost" onClick={onImport}>
        {id === null ? "Import signals" : `Import signals of ${id}`}
      </Button>
      {selection && id === null && <p class="hint">The selection holds no organization id.</p>}
      {run.error && (
        <Banner tone="error" title="Signals not imported" onDismiss={run.clearError}>
          {run.error}
        </Banner>
      )}
      <p class="status" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
