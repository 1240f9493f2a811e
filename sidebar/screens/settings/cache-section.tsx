// Settings ▸ Cached results: clearing them makes formulas fetch, and pay, again; so it asks first, with
// about what buying them again costs.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { Section } from "../../components/section";
import { useAction } from "../../hooks/use-action";
import { type KeptAnswers, keptWords } from "../../lib/kept-words";
import { CACHE_CLEAR } from "../../lib/paid-words";
import type { SettingsView } from "../../lib/server-types";
import { useSidebar } from "../../state";
import { UnansweredRequests } from "./unanswered-section";

export function CacheSection({
  kept,
  rebuyCredits,
  unanswered,
}: {
  kept: KeptAnswers;
  rebuyCredits: number;
  unanswered: SettingsView["unanswered"];
}) {
  const { settings } = useSidebar();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const clear = useAction(() => server.clearFormulaCache());

  const onClear = async () => {
    const outcome = await clear.run();
    setConfirming(false);
    if (!outcome.ok) return;
    // Clearing forgets requests without an answer too (see clearFormulaCache).
    settings.update({
      kept: { organizations: 0, lookups: 0 },
      keptRebuyCredits: 0,
      unanswered: { requests: 0, items: 0 },
    });
    setDone(`Cleared ${keptWords(outcome.value)}.`);
  };

  return (
    <Section id="cache" title="Cached results">
      <p class="hint">
        Formula answers kept: {keptWords(kept)} (on every sheet of this spreadsheet, in the 6-hour cache and
        the durable cache).
      </p>
      <UnansweredRequests unanswered={unanswered} />
      <p class="hint" id="cache-hint">
        {CACHE_CLEAR.rebuy(rebuyCredits)}
      </p>
      {confirming ? (
        <div class="row">
          <Button busy={clear.busy} onClick={onClear} describedBy="cache-hint">
            Clear {keptWords(kept)}
          </Button>
          <Button kind="text" disabled={clear.busy} onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div class="row">
          <Button
            onClick={() => {
              setDone(null);
              setConfirming(true);
            }}
          >
            Clear cached results…
          </Button>
        </div>
      )}
      {clear.error && (
        <Banner tone="error" title="Cache not cleared" onDismiss={clear.clearError}>
          {clear.error}
        </Banner>
      )}
      <p class="status" role="status" aria-live="polite">
        {done}
      </p>
    </Section>
  );
}
