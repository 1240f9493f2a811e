// Settings ▸ Credits: the balance and today's spending from the one money record, and a free refresh.
import { Button } from "../../components/button";
import { Section } from "../../components/section";
import { balanceSource, chipLevel, spentTodayText } from "../../lib/credits-chip";
import { formatCredits } from "../../lib/format";
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
            <span class="hint"> · {balanceSource(view, Date.now())}</span>
            <span class="hint block">{spentTodayText(view)}.</span>
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
