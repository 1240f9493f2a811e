// The Priority view: the latest digest imported into a sheet (1 credit per item, estimate first), each
// item marked relevant, not relevant or cleared here, or from the sheet's "Relevant?" column.
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { EmptyState } from "../../components/empty-state";
import { ScreenFooter } from "../../components/screen-footer";
import { Spinner } from "../../components/spinner";
import { useAction } from "../../hooks/use-action";
import { usePaidConfirm } from "../../hooks/use-paid-confirm";
import { formatCredits, formatNumber } from "../../lib/format";
import { spentLine, wholeNumber } from "../../lib/more-format";
import { usePrices, usePricesWaitLine } from "../../lib/more-prices";
import { priorityDigestStore } from "../../lib/more-stores";
import type { PriorityItemView } from "../../lib/more-types";
import { useStore } from "../../lib/session-store";
import { useSidebar } from "../../state";
import { PriorityItem } from "./priority-item";

export function PriorityView({ top }: { top: ComponentChildren }) {
  const { credits } = useSidebar();
  const prices = usePrices();
  const waitLine = usePricesWaitLine();
  const [digest, setDigest] = useStore(priorityDigestStore);
  const [limitText, setLimitText] = useState("");
  const [status, setStatus] = useState<string | null>(null);
  const confirm = usePaidConfirm();
  const read = useAction(() => server.getPriorityDigest());
  const run = useAction((limit: number) => server.importPrioritySignals({ limit }));
  const sync = useAction(() => server.syncPriorityRelevance());

  const reread = async () => {
    const outcome = await read.run();
    if (outcome.ok) setDigest(outcome.value);
  };
  useEffect(() => {
    if (!priorityDigestStore.get()) void reread();
  }, []);

  const max = prices?.prioritySignalsMax ?? null;
  const limit =
    max === null ? null : limitText === "" ? prices!.prioritySignalsDefault : wholeNumber(limitText, 1, max);
  const line =
    prices === null
      ? waitLine
      : limit === null
        ? `Give a number from 1 to ${formatNumber(prices.prioritySignalsMax)}.`
        : `Up to ${formatCredits(limit * prices.prioritySignal)} · ${formatCredits(prices.prioritySignal)} per item returned`;

  const onImport = async () => {
    if (limit === null || prices === null) return;
    const go = await confirm.ask({
      title: "Import the latest digest?",
      detail: `Writes up to ${formatNumber(limit)} priority signals to the digest sheet: ${formatCredits(prices.prioritySignal)} per item returned.`,
      upTo: limit * prices.prioritySignal,
    });
    if (!go) return;
    setStatus(null);
    const outcome = await run.run(limit);
    if (!outcome.ok) return;
    credits.set(outcome.value.credits);
    setDigest({ sheetName: outcome.value.sheetName, items: outcome.value.items });
    setStatus(
      `${outcome.value.message} ${spentLine(outcome.value.creditsUsed, outcome.value.credits.remaining)}.`,
    );
  };
  const onSync = async () => {
    setStatus(null);
    const outcome = await sync.run();
    if (!outcome.ok) return;
    setStatus([outcome.value.message, ...outcome.value.problems].join(" "));
    await reread();
  };
  const onItem = (item: PriorityItemView) => {
    if (digest) setDigest({ ...digest, items: digest.items.map((i) => (i.id === item.id ? item : i)) });
  };

  return (
    <>
      <div class="screen-body">
        {top}
        {read.busy && !digest && (
          <p class="loading" role="status">
            <Spinner /> Reading the digest sheet…
          </p>
        )}
        {!digest && !read.busy && (
          <EmptyState icon="signals" title="Priority signals">
            <p>
              The latest digest of your most important signals, written to a sheet with a "Relevant?" column.
              Mark each item here or there; feedback is free.
            </p>
          </EmptyState>
        )}
        {digest && (
          <>
            <p class="hint">
              From the sheet "{digest.sheetName}". Type TRUE, FALSE or nothing in its "Relevant?" column, then
              send it.
            </p>
            <div class="row">
              <Button busy={sync.busy} onClick={onSync}>
                Send the sheet's "Relevant?" column
              </Button>
            </div>
            <ul class="item-list" aria-label="Priority signals">
              {digest.items.map((item) => (
                <PriorityItem key={item.id} item={item} onChange={onItem} />
              ))}
            </ul>
          </>
        )}
        {(read.error ?? run.error ?? sync.error) && (
          <Banner
            tone="error"
            title="Not done"
            onDismiss={() => {
              read.clearError();
              run.clearError();
              sync.clearError();
            }}
          >
            {read.error ?? run.error ?? sync.error}
          </Banner>
        )}
        <p class="status" role="status" aria-live="polite">
          {status}
        </p>
        <label class="label" for="priority-limit">
          Items to import
        </label>
        <input
          id="priority-limit"
          class="input"
          type="number"
          min={1}
          max={max ?? undefined}
          step={1}
          inputMode="numeric"
          placeholder={prices ? String(prices.prioritySignalsDefault) : ""}
          value={limitText}
          aria-describedby="priority-estimate"
          onInput={(event) => setLimitText(event.currentTarget.value)}
        />
      </div>
      <ScreenFooter estimateId="priority-estimate" estimate={line}>
        <Button
          kind="primary"
          busy={run.busy}
          disabled={limit === null}
          describedBy="priority-estimate"
          onClick={onImport}
        >
          Import the latest digest
        </Button>
      </ScreenFooter>
      {confirm.dialog}
    </>
  );
}
