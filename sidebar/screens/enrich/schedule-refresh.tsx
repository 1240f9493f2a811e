// "Schedule this refresh…": saves a finished run as a scheduled refresh of the same columns.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { useAction } from "../../hooks/use-action";
import { formatDateTime } from "../../lib/format";

export interface FrequencyOption {
  value: string;
  label: string;
}

export function ScheduleRefresh({
  jobId,
  frequencies,
}: {
  jobId: string;
  frequencies: readonly FrequencyOption[];
}) {
  const [open, setOpen] = useState(false);
  const [frequency, setFrequency] = useState(frequencies[1]?.value ?? frequencies[0]?.value ?? "");
  const label = frequencies.find((f) => f.value === frequency)?.label ?? frequency;
  const [saved, setSaved] = useState<string | null>(null);
  const save = useAction(() => server.saveRefreshRule({ jobId, frequency }));

  const onSave = async () => {
    const outcome = await save.run();
    if (!outcome.ok) return;
    const next = formatDateTime(Date.parse(outcome.value.nextRunAt));
    setSaved(
      `Scheduled: ${label.toLowerCase()}, next at ${next}. Each refresh writes the same columns and appears in the Enrichment log.`,
    );
    setOpen(false);
  };

  if (!open) {
    return (
      <div>
        {!saved && (
          <Button kind="text" onClick={() => setOpen(true)}>
            Schedule this refresh…
          </Button>
        )}
        <p class="status" role="status" aria-live="polite">
          {saved}
        </p>
      </div>
    );
  }
  return (
    <div>
      <label class="label" for="refresh-frequency">
        Refresh these columns
      </label>
      <select
        id="refresh-frequency"
        class="input"
        value={frequency}
        onChange={(event) => setFrequency(event.currentTarget.value)}
      >
        {frequencies.map((f) => (
          <option key={f.value} value={f.value}>
            {f.label}
          </option>
        ))}
      </select>
      <p class="hint">Each refresh spends credits like this run did; the estimate above is per run.</p>
      <div class="row">
        <Button busy={save.busy} onClick={onSave}>
          Save schedule
        </Button>
        <Button kind="text" disabled={save.busy} onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
      {save.error && (
        <Banner tone="error" title="Not scheduled" onDismiss={save.clearError}>
          {save.error}
        </Banner>
      )}
    </div>
  );
}
