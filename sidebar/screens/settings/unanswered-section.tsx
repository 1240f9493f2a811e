// Settings ▸ Cached results: requests sent without an answer coming back hold what they asked back (they may
// have been charged); asking again forgets only them, so the next recalculation buys only those.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { useAction } from "../../hooks/use-action";
import { formatNumber } from "../../lib/format";
import type { SettingsView } from "../../lib/server-types";
import { useSidebar } from "../../state";

type Unanswered = SettingsView["unanswered"];

/** "3 organizations or texts (1 request)". */
function heldWords({ requests, items }: Unanswered): string {
  const held = `${formatNumber(items)} organization${items === 1 ? "" : "s"} or text${items === 1 ? "" : "s"}`;
  return `${held} (${formatNumber(requests)} request${requests === 1 ? "" : "s"})`;
}

export function UnansweredRequests({ unanswered }: { unanswered: Unanswered }) {
  const { settings } = useSidebar();
  const [done, setDone] = useState<string | null>(null);
  const forget = useAction(() => server.forgetUnansweredRequests());

  const onAsk = async () => {
    const outcome = await forget.run();
    if (!outcome.ok) return;
    settings.update({ unanswered: { requests: 0, items: 0 } });
    setDone(
      `Forgotten: ${heldWords(outcome.value)}. They are asked for, and paid, on the next recalculation; kept answers stay.`,
    );
  };

  if (unanswered.requests === 0)
    return done ? (
      <p class="status" role="status" aria-live="polite">
        {done}
      </p>
    ) : null;
  return (
    <div id="unanswered">
      <p class="hint" id="unanswered-hint">
        Sent without an answer coming back: {heldWords(unanswered)}. They may have been charged, so formulas
        do not ask for them again by themselves. Ask again to buy them on the next recalculation; the answers
        kept stay.
      </p>
      <div class="row">
        <Button busy={forget.busy} onClick={onAsk} describedBy="unanswered-hint">
          Ask again
        </Button>
      </div>
      {forget.error && (
        <Banner tone="error" title="Not forgotten" onDismiss={forget.clearError}>
          {forget.error}
        </Banner>
      )}
    </div>
  );
}
