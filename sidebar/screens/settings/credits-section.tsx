// Settings ▸ Credits: the balance from the latest response, and a refresh that costs nothing.
import { Button } from "../../components/button";
import { Section } from "../../components/section";
import { chipLevel } from "../../lib/credits-chip";
import { formatAge, formatCredits } from "../../lib/format";
import { useSidebar } from "../../state";

export function CreditsSection() {
  const { credits } = useSidebar();
  const view = credits.view;
  const level = chipLevel(view);
  return (
    <Section id="credits" title="Credits">
      <p class="field-value" aria-live="polite">
        {view ? (
          <>
            <strong class={`credits-figure credits-${level}`}>{formatCredits(view.remaining)}</strong> left
            <span class="hint">
              {" "}
              · {view.asOf ? `read ${formatAge(view.asOf, Date.now())}` : "from the latest paid response"}
            </span>
          </>
        ) : (
          "Not known yet: refresh to read it."
        )}
      </p>
      {level === "empty" && (
        <p class="hint">The account is out of credits. Paid actions stop until it is topped up.</p>
      )}
      <div class="row">
        <Button busy={credits.refreshing} onClick={credits.refresh}>
          Refresh balance
        </Button>
        <span class="hint">Free: no credit is spent to read it.</span>
      </div>
    </Section>
  );
}
