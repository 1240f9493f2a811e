// Settings ▸ Credits: the balance and today's spending from the one money record, and a free refresh.
import { Button } from "../../components/button";
import { Section } from "../../components/section";
import { useNow } from "../../hooks/use-now";
import { balanceSource, chipLevel, spentTodayText } from "../../lib/credits-chip";
import { formatCredits } from "../../lib/format";
import { useSidebar } from "../../state";

export function CreditsSection() {
  const { credits } = useSidebar();
  const view = credits.view;
  const level = chipLevel(view);
  const now = useNow();
  return (
    <Section id="credits" title="Credits">
      <p class="field-value" aria-live="polite">
        {view ? (
          <>
            <strong class={`credits-figure credits-${level}`}>{formatCredits(view.remaining)}</strong> left
            {/* The age ticks on its own: only a change of the figures is announced. */}
            <span class="hint" aria-live="off">
              {" "}
              · {balanceSource(view, now)}
            </span>
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
