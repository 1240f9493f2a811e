// An organization's technology stack into a new sheet: the first organization of the selection (an id, or
// a domain, URL, e-mail or name matched to its id first), business function → category → technology.
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { SelectionField } from "../../components/selection-field";
import { useOrganizationImport } from "../../hooks/use-organization-import";
import { usePaidConfirm } from "../../hooks/use-paid-confirm";
import { formatCredits } from "../../lib/format";
import { usePrices } from "../../lib/more-prices";
import { matchCredits, matchLine } from "../../lib/organization-match";

export function TechStackSection() {
  const prices = usePrices();
  const { selection, setSelection, named, toMatch, run, status, onImport } = useOrganizationImport(
    (organization) => server.importTechStack({ organization }),
  );
  const confirm = usePaidConfirm();
  const match = prices && toMatch > 0 ? matchLine(toMatch, prices.organizationMatch) : null;
  const onAsk = async () => {
    const price = prices?.techStack ?? 1;
    const go = await confirm.ask({
      title: `Import the tech stack of ${named}?`,
      detail: `Writes the organization's technologies, by business function and category, to a new sheet.${match ? ` ${match}` : ""}`,
      upTo: price + matchCredits(toMatch, prices?.organizationMatch ?? 1),
    });
    if (go) await onImport();
  };
  return (
    <div class="stack">
      <SelectionField
        id="tech-stack-selection"
        label="Organization"
        hint="The first organization of the selected column: an id, a domain, a web address, an e-mail or a name."
        value={selection}
        onChange={setSelection}
      />
      <p id="tech-stack-estimate" class="estimate">
        {prices ? `${formatCredits(prices.techStack)} per organization.${match ? ` ${match}` : ""}` : ""}
      </p>
      {selection && named === null && <p class="hint">The selection names no organization.</p>}
      <Button busy={run.busy} disabled={named === null} describedBy="tech-stack-estimate" onClick={onAsk}>
        {named === null ? "Import tech stack" : `Import tech stack of ${named}`}
      </Button>
      {run.error && (
        <Banner tone="error" title="Tech stack not imported" onDismiss={run.clearError}>
          {run.error}
        </Banner>
      )}
      <p class="status" role="status" aria-live="polite">
        {status}
      </p>
      {confirm.dialog}
    </div>
  );
}
