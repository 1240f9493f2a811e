// Signals of one organization, the first of the selected column (an id, or a domain, URL, e-mail or name
// matched to its id first), into a new sheet: 1 credit per signal returned, at most the limit the import
// sends, said before the click and asked first above the person's threshold.
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { SelectionField } from "../../components/selection-field";
import { useOrganizationImport } from "../../hooks/use-organization-import";
import { usePaidConfirm } from "../../hooks/use-paid-confirm";
import { formatCredits, formatNumber } from "../../lib/format";
import { usePrices } from "../../lib/more-prices";
import type { SidebarPrices } from "../../lib/more-types";
import { matchCredits, matchLine } from "../../lib/organization-match";

/** "At most 100 credits: up to 100 signals × 1 credit, the newest of the last 30 days." */
function boundLine(prices: SidebarPrices): string {
  const max = prices.organizationSignalsMax;
  return `At most ${formatCredits(max * prices.signal)}: up to ${formatNumber(max)} signals × ${formatCredits(prices.signal)}, the newest of the last ${prices.signalsWindowDays} days.`;
}

export function OrganizationSignals() {
  const prices = usePrices();
  const { selection, setSelection, named, toMatch, run, status, onImport } = useOrganizationImport(
    (organization) => server.importOrganizationSignals({ organization }),
  );
  const confirm = usePaidConfirm();
  const match = prices && toMatch > 0 ? ` ${matchLine(toMatch, prices.organizationMatch)}` : "";
  const onAsk = async () => {
    if (!prices) return;
    const go = await confirm.ask({
      title: `Import the signals of ${named}?`,
      detail: `Writes the organization's signals to a new sheet. ${boundLine(prices)}${match}`,
      upTo: prices.organizationSignalsMax * prices.signal + matchCredits(toMatch, prices.organizationMatch),
    });
    if (go) await onImport();
  };

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
        {prices ? `${boundLine(prices)}${match}` : ""}
      </p>
      <Button
        busy={run.busy}
        disabled={named === null || prices === null}
        describedBy="org-signals-cost"
        onClick={onAsk}
      >
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
      {confirm.dialog}
    </section>
  );
}
