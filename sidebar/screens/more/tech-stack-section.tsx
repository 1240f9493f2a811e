// An organization's technology stack into a new sheet: the first organization id of the selection,
// business function → category → technology with job-post counts.
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { SelectionField } from "../../components/selection-field";
import { useOrganizationImport } from "../../hooks/use-organization-import";
import { usePaidConfirm } from "../../hooks/use-paid-confirm";
import { formatCredits } from "../../lib/format";
import { usePrices } from "../../lib/more-prices";

export function TechStackSection() {
  const prices = usePrices();
  const { selection, setSelection, id, run, status, onImport } = useOrganizationImport((organizationId) =>
    server.importTechStack({ organizationId }),
  );
  const confirm = usePaidConfirm();
  const onAsk = async () => {
    const go = await confirm.ask({
      title: `Import the tech stack of ${id}?`,
      detail: "Writes the organization's technologies, by business function and category, to a new sheet.",
      upTo: prices?.techStack ?? 1,
    });
    if (go) await onImport();
  };
  return (
    <div class="stack">
      <SelectionField
        id="tech-stack-selection"
        label="Organization"
        hint="The first organization id of the selected column."
        value={selection}
        onChange={setSelection}
      />
      <p id="tech-stack-estimate" class="estimate">
        {prices ? `${formatCredits(prices.techStack)} per organization.` : ""}
      </p>
      {selection && id === null && <p class="hint">The selection holds no organization id.</p>}
      <Button busy={run.busy} disabled={id === null} describedBy="tech-stack-estimate" onClick={onAsk}>
        {id === null ? "Import tech stack" : `Import tech stack of ${id}`}
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
