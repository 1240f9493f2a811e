// The Feed view: filters and how many signals to take, the estimate (1 credit per signal) before the
// import, then the feed sheets that Refresh can update and one organization's signals.
import type { ComponentChildren } from "preact";
import { useEffect, useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { ScreenFooter } from "../../components/screen-footer";
import { useAction } from "../../hooks/use-action";
import { usePaidConfirm } from "../../hooks/use-paid-confirm";
import { feedRequest } from "../../lib/feed-request";
import { formatNumber } from "../../lib/format";
import { spentLine, wholeNumber } from "../../lib/more-format";
import { usePrices, usePricesWaitLine } from "../../lib/more-prices";
import type { FeedEstimate } from "../../lib/more-types";
import { useSidebar } from "../../state";
import { type FeedFilters, FeedFiltersForm, NO_FILTERS } from "./feed-filters";
import { FeedSheets } from "./feed-sheets";
import { OrganizationSignals } from "./organization-signals";

const DEFAULT_MAX = "100";
/** Waits for typing to pause before asking for the estimate. */
const ESTIMATE_DELAY_MS = 300;

export function FeedView({ top }: { top: ComponentChildren }) {
  const { credits } = useSidebar();
  const prices = usePrices();
  const waitLine = usePricesWaitLine();
  const [filters, setFilters] = useState<FeedFilters>(NO_FILTERS);
  const [maxText, setMaxText] = useState(DEFAULT_MAX);
  const [estimate, setEstimate] = useState<{ max: number; value: FeedEstimate } | null>(null);
  const [result, setResult] = useState<string | null>(null);
  const [feedsVersion, setFeedsVersion] = useState(0);
  const confirm = usePaidConfirm();
  // The organizations column is part of the estimate: its domains and names are matched first, priced.
  const ask = useAction((max: number) => server.estimateSignalFeed(feedRequest(filters, max)));
  const run = useAction((max: number) => server.importSignalFeed(feedRequest(filters, max)));
  const limit = prices?.maxFeedSignals ?? null;
  const max = limit === null ? null : wholeNumber(maxText, 1, limit);

  useEffect(() => {
    if (max === null) return;
    const timer = setTimeout(async () => {
      const outcome = await ask.run(max);
      if (outcome.ok) {
        setEstimate({ max, value: outcome.value });
        setEstimatedFor(filters.organizations);
      }
    }, ESTIMATE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [max, filters.organizations]);

  const [estimatedFor, setEstimatedFor] = useState(filters.organizations);
  const ready = max !== null && estimate?.max === max && estimatedFor === filters.organizations;
  const line =
    limit === null
      ? waitLine
      : max === null
        ? `Give a number of signals from 1 to ${formatNumber(limit)}.`
        : ready
          ? `${estimate.value.message} · none returned, free`
          : "Estimating…";

  const onImport = async () => {
    if (!ready || max === null) return;
    const go = await confirm.ask({
      title: `Import up to ${formatNumber(max)} signals?`,
      detail: `Writes the newest matching signals to a new sheet. ${estimate.value.message}; none returned, free.`,
      upTo: estimate.value.credits,
    });
    if (!go) return;
    setResult(null);
    const outcome = await run.run(max);
    if (!outcome.ok) return;
    credits.set(outcome.value.credits);
    setResult(
      `${outcome.value.message} ${spentLine(outcome.value.creditsUsed, outcome.value.credits.remaining)}.`,
    );
    setFeedsVersion((v) => v + 1);
  };

  return (
    <>
      <div class="screen-body">
        {top}
        <FeedFiltersForm value={filters} onChange={setFilters} />
        <label class="label" for="feed-max">
          How many signals
        </label>
        <input
          id="feed-max"
          class="input"
          type="number"
          min={1}
          max={limit ?? undefined}
          step={1}
          inputMode="numeric"
          value={maxText}
          aria-describedby="feed-estimate"
          onInput={(event) => setMaxText(event.currentTarget.value)}
        />
        {prices && (
          <p class="hint">
            Newest first from the last {prices.signalsWindowDays} days, in pages of up to{" "}
            {formatNumber(prices.signalsPerPage)}.
          </p>
        )}
        {ask.error && (
          <Banner tone="error" title="No estimate" onDismiss={ask.clearError}>
            {ask.error}
          </Banner>
        )}
        {run.error && (
          <Banner tone="error" title="Signals not imported" onDismiss={run.clearError}>
            {run.error}
          </Banner>
        )}
        <p class="status" role="status" aria-live="polite">
          {result}
        </p>
        <FeedSheets version={feedsVersion} />
        <OrganizationSignals />
      </div>
      <ScreenFooter estimateId="feed-estimate" estimate={line}>
        <Button
          kind="primary"
          busy={run.busy}
          disabled={!ready}
          describedBy="feed-estimate"
          onClick={onImport}
        >
          {max === null ? "Import signals" : `Import up to ${formatNumber(max)} signals`}
        </Button>
      </ScreenFooter>
      {confirm.dialog}
    </>
  );
}
