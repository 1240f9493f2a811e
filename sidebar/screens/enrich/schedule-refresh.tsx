// "Schedule this refresh…": saves a finished run as a scheduled refresh of the same columns, its price per
// run and per day shown before it is saved (every row, or new rows only), asking first above the person's
// threshold.
import { useEffect, useRef, useState } from "preact/hooks";
import { failureMessage, server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { useAction } from "../../hooks/use-action";
import { usePaidConfirm } from "../../hooks/use-paid-confirm";
import type { SchedulePrice } from "../../lib/more-types";

export interface FrequencyOption {
  value: string;
  label: string;
}

function PriceLines({ price, newRowsOnly }: { price: SchedulePrice; newRowsOnly: boolean }) {
  if (newRowsOnly) return <p class="hint">{price.newRowsLine}</p>;
  return (
    <>
      <p class="hint">{price.perRunLine}</p>
      <p class="estimate">
        <strong>{price.perDayLine}</strong>
      </p>
    </>
  );
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
  const [newRowsOnly, setNewRowsOnly] = useState(false);
  const label = frequencies.find((f) => f.value === frequency)?.label ?? frequency;
  const [saved, setSaved] = useState<string | null>(null);
  const [price, setPrice] = useState<SchedulePrice | null>(null);
  const [priceError, setPriceError] = useState<string | null>(null);
  // Each change of frequency asks again; only the latest answer is shown (a slower earlier one is dropped).
  const asked = useRef(0);
  const save = useAction(() =>
    server.saveRefreshRule({ jobId, frequency, ...(newRowsOnly ? { newRowsOnly: true } : {}) }),
  );
  const confirm = usePaidConfirm();

  useEffect(() => {
    if (!open) return;
    const mine = ++asked.current;
    setPrice(null);
    setPriceError(null);
    server.estimateRefreshSchedule({ jobId, frequency }).then(
      (value) => {
        if (mine === asked.current) setPrice(value);
      },
      (error) => {
        if (mine === asked.current) setPriceError(failureMessage(error));
      },
    );
  }, [open, frequency]);

  const onSave = async () => {
    if (!price) return;
    const upTo = newRowsOnly ? price.newRowsOnly.perRun : Math.ceil(price.everyRow.perDay);
    const detail = newRowsOnly
      ? `Refresh ${label.toLowerCase()}, new rows only. ${price.newRowsLine}`
      : `Refresh ${label.toLowerCase()}: ${price.perRunLine.toLowerCase()}; ${price.perDayLine.toLowerCase()}.`;
    const yes = await confirm.ask({
      title: "Schedule this refresh?",
      detail,
      upTo,
      confirmLabel: "Save schedule",
    });
    if (!yes) return;
    const outcome = await save.run();
    if (!outcome.ok) return;
    setSaved(
      `Scheduled: ${label.toLowerCase()}, next at ${outcome.value.nextRunText}. Each refresh writes the same columns and appears in the Enrichment log.`,
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
      <label class="check">
        <input
          type="checkbox"
          checked={newRowsOnly}
          onChange={(event) => setNewRowsOnly(event.currentTarget.checked)}
        />
        <span>New rows only (rows added or edited since the run before)</span>
      </label>
      <div role="status" aria-live="polite" aria-label="Price of this schedule">
        {price ? (
          <PriceLines price={price} newRowsOnly={newRowsOnly} />
        ) : (
          !priceError && <p class="hint">Pricing this schedule…</p>
        )}
      </div>
      <div class="row">
        <Button busy={save.busy} disabled={!price} onClick={onSave}>
          Save schedule
        </Button>
        <Button kind="text" disabled={save.busy} onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
      {(save.error ?? priceError) && (
        <Banner
          tone="error"
          title="Not scheduled"
          onDismiss={() => {
            save.clearError();
            setPriceError(null);
          }}
        >
          {save.error ?? priceError}
        </Banner>
      )}
      {confirm.dialog}
    </div>
  );
}
