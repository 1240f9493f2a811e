// The feed sheets of this spreadsheet, each with Refresh: it appends only signals the sheet does not have,
// stopping at the first one it already has (up to the feed's own maximum of credits).
import { useEffect, useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { useAction } from "../../hooks/use-action";
import { usePaidConfirm } from "../../hooks/use-paid-confirm";
import { formatCredits } from "../../lib/format";
import { spentLine } from "../../lib/more-format";
import type { FeedSheet } from "../../lib/more-types";
import { useSidebar } from "../../state";

export function FeedSheets({ version }: { version: number }) {
  const { credits } = useSidebar();
  const [sheets, setSheets] = useState<FeedSheet[]>([]);
  const [status, setStatus] = useState<string | null>(null);
  const list = useAction(() => server.listSignalFeeds());
  const refresh = useAction((sheetName: string) => server.refreshSignalFeed({ sheetName }));
  const confirm = usePaidConfirm();

  useEffect(() => {
    void list.run().then((outcome) => {
      if (outcome.ok) setSheets(outcome.value);
    });
  }, [version]);

  const onRefresh = async (sheet: FeedSheet) => {
    setStatus(null);
    const go = await confirm.ask({
      title: `Refresh "${sheet.sheetName}"?`,
      upTo: sheet.estimate.credits,
      detail:
        "Reads the newest signals until it meets one the sheet already has, and appends the new ones. Each signal read costs 1 credit, also when none of them is new.",
    });
    if (!go) return;
    const outcome = await refresh.run(sheet.sheetName);
    if (!outcome.ok) return;
    credits.set(outcome.value.credits);
    setStatus(
      `${outcome.value.message} ${spentLine(outcome.value.creditsUsed, outcome.value.credits.remaining)}.`,
    );
  };

  if (sheets.length === 0 && !list.error) return null;
  return (
    <section class="section" aria-labelledby="feed-sheets-title">
      <h3 id="feed-sheets-title" class="section-title">
        Refresh a feed sheet
      </h3>
      <p class="hint">Appends only new signals; it stops at the first signal the sheet already has.</p>
      <ul class="item-list" aria-label="Feed sheets">
        {sheets.map((sheet) => (
          <li key={sheet.sheetName} class="item-row">
            <div class="item-head">
              <div class="item-text">
                <span class="item-title">{sheet.sheetName}</span>
                <span class="item-details" id={`feed-sheet-${sheet.sheetName}`}>
                  Up to {formatCredits(sheet.estimate.credits)}
                </span>
              </div>
              <Button
                busy={refresh.busy}
                onClick={() => onRefresh(sheet)}
                describedBy={`feed-sheet-${sheet.sheetName}`}
              >
                Refresh
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {(list.error ?? refresh.error) && (
        <Banner
          tone="error"
          title="Not refreshed"
          onDismiss={() => {
            list.clearError();
            refresh.clearError();
          }}
        >
          {list.error ?? refresh.error}
        </Banner>
      )}
      <p class="status" role="status" aria-live="polite">
        {status}
      </p>
      {confirm.dialog}
    </section>
  );
}
