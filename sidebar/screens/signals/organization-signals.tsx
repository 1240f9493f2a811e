// Signals of one organization, the first of the selected column (an id, or a domain, URL, e-mail or name
// matched to its id first), into a new sheet (1 credit per signal returned).
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { SelectionField } from "../../components/selection-field";
import { useOrganizationImport } from "../../hooks/use-organization-import";
import { perItem } from "../../lib/more-format";
import { usePrices } from "../../lib/more-prices";
import { matchLine } from "../../lib/organization-match";

export function OrganizationSignals() {
  const prices = usePrices();
  const { selection, setSelection, named, toMatch, run, status, onImport } = useOrganizationImport(
    (organization) => server.importOrganizationSignals({ organization }),
  );
  const match = prices && toMatch > 0 ? ` ${matchLine(toMatch, prices.organizationMatch)}` : "";

  return (
    <section class="section" aria-labelledby="org-signals-title">
      <h3 id="org-signals-title" class="section-title">
        One organization's signals
      </h3>
      <SelectionField
        id="org-signals-selection"
        label="Organization"
        hint="The first organization of the selected column: an id, a domain, a web address, an e-mail or a name."
        value={selection}
        onChange={setSelection}
      />
      <p id="org-signals-cost" class="hint">
        {prices ? `${perItem(prices.signal, "signal")} returned.${match}` : ""}
      </p>
      <Button busy={run.busy} disabled={named === null} describedBy="org-signals-cost" onClick={onImport}>
        {named === null ? "Import signals" : `Import signals of ${named}`}
      </Button>
      {selection && named === null && <p class="hint">The selection names no organization.</p>}
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
