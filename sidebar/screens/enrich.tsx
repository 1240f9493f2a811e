// The Enrich tab before anything is selected: what it does, and the estimate line waiting for a selection.
import { Button } from "../components/button";
import { EmptyState } from "../components/empty-state";
import { ScreenFooter } from "../components/screen-footer";

export function EnrichScreen() {
  return (
    <>
      <div class="screen-body">
        <EmptyState icon="enrich" title="Enrich a column">
          <p>
            Select the cells with domains, e-mails, organization names or ids. Then choose what to add (size,
            funding, status, technology and hiring metrics) and where to write it.
          </p>
          <p>You see the credit estimate before anything is spent, and what was really spent afterwards.</p>
        </EmptyState>
      </div>
      <ScreenFooter
        estimateId="enrich-estimate"
        estimate="Select identifiers in the sheet to see the estimate."
      >
        <Button kind="primary" disabled describedBy="enrich-estimate">
          Enrich
        </Button>
      </ScreenFooter>
    </>
  );
}
