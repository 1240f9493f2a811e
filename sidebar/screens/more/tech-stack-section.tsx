// An organization's technology stack into a new sheet: the first organization id of the selection,
// business function → category → technology with job-post counts.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { SelectionField } from "../../components/selection-field";
import { useAction } from "../../hooks/use-action";
import { formatCredits } from "../../lib/format";
import { spentLine } from "../../lib/more-format";
import { usePrices } from "../../lib/more-prices";
import type { SelectionView } from "../../lib/more-types";
import { useSidebar } from "../../state";

export function TechStackSection() {
  const { credits } = useSidebar();
  const prices = usePrices();
  const [selection, setSelection] = useState<SelectionView | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const run = useAction((organizationId: number) => server.importTechStack({ organizationId }));
  const id = selection?.firstId ?? null;
  const onImport = async () => {
    if (id === null) return;
    setStatus(null);
    const outcome = await run.run(id);
    if (!outcome.ok) return;
    credits.set(outcome.value.credits);
    setStatus(
      `${outcome.value.message} ${spentLine(outcome.value.creditsUsed, outcome.value.credits.remaining)}.`,
    );
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
      <Button busy={run.busy} disabled={id === null} describedBy="tech-stack-estimate" onClick={onImport}>
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
    </div>
  );
}
