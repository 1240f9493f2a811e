// A scheduled refresh's threshold: how far a count must move (±%) to be listed first. Free; saved on the rule.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { useAction } from "../../hooks/use-action";
import type { RefreshRunView } from "../../lib/more-types";

export function RuleThreshold({
  id,
  ruleId,
  percent,
  onSaved,
}: {
  id: string;
  ruleId: string;
  percent: number;
  onSaved: (view: RefreshRunView) => void;
}) {
  const [text, setText] = useState(String(percent));
  const [saved, setSaved] = useState<string | null>(null);
  const save = useAction((value: string) => server.saveRefreshThreshold({ ruleId, percent: value }));
  const onSubmit = async (event: Event) => {
    event.preventDefault();
    setSaved(null);
    const outcome = await save.run(text);
    if (!outcome.ok) return;
    setSaved(`Counts that move ±${outcome.value.thresholdPercent}% or more are listed first.`);
    onSaved(outcome.value);
  };
  return (
    // The server checks the value and says what is allowed, in the add-on's words rather than the browser's.
    <form noValidate onSubmit={onSubmit}>
      <div class="threshold-row">
        <div>
          <label class="label" for={`${id}-threshold`}>
            Notable count change (±%)
          </label>
          <input
            id={`${id}-threshold`}
            class="input"
            type="number"
            min={1}
            max={1000}
            step="any"
            inputMode="decimal"
            value={text}
            aria-describedby={`${id}-threshold-hint`}
            onInput={(event) => setText(event.currentTarget.value)}
          />
        </div>
        <Button type="submit" busy={save.busy}>
          Save
        </Button>
      </div>
      <p id={`${id}-threshold-hint`} class="hint">
        Headcount, job posts and other counts moving this much are listed first; so are changed industries,
        statuses and funding stages, and new technologies or job functions.
      </p>
      <p class="status" role="status" aria-live="polite">
        {saved}
      </p>
      {save.error && (
        <Banner tone="error" title="Threshold not saved" onDismiss={save.clearError}>
          {save.error}
        </Banner>
      )}
    </form>
  );
}
