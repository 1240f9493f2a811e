// A bulk run as the Enrich tab follows it: the progress bar with rows and credits while it runs; then the
// summary (matched, not found, errors: unreadable, lost or failed rows), what stopped it and how to go on,
// and the offer to schedule it.
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { ProgressBar } from "../../components/progress-bar";
import { Section } from "../../components/section";
import type { EnrichmentRun } from "../../lib/enrich-types";
import { formatNumber } from "../../lib/format";
import { isActiveState, progressLine, progressPercent } from "../../lib/run-progress";
import { type FrequencyOption, ScheduleRefresh } from "./schedule-refresh";

const RESTING_TONE: Record<string, "success" | "warning" | "error" | "info"> = {
  done: "success",
  stopped: "info",
  out_of_credits: "warning",
  failed: "error",
};

const RESTING_TITLE: Record<string, string> = {
  done: "Enrichment finished",
  stopped: "Stopped",
  out_of_credits: "Out of credits",
  failed: "The run failed",
};

/** Rows that failed turn a finished run's banner from green to a warning that counts them (issue 41). */
function restingBanner(
  state: string,
  failedRows: number,
): { tone: "success" | "warning" | "error" | "info"; title: string | undefined } {
  if (state === "done" && failedRows > 0) {
    return {
      tone: "warning",
      title: `Finished: ${formatNumber(failedRows)} row${failedRows === 1 ? "" : "s"} not enriched`,
    };
  }
  return { tone: RESTING_TONE[state] ?? "info", title: RESTING_TITLE[state] };
}

export function RunPanel({
  run,
  frequencies,
  onShow,
}: {
  run: EnrichmentRun;
  frequencies: readonly FrequencyOption[];
  /** Brings the written columns into view in the sheet. */
  onShow: () => void;
}) {
  const { status } = run;
  const active = isActiveState(status.state);
  const banner = restingBanner(status.state, run.unreadable + run.notEnriched);
  return (
    <Section id="run" title={status.title}>
      <ProgressBar label="Rows enriched" percent={progressPercent(status)} text={progressLine(status)} />
      {active ? (
        <p class="status" role="status" aria-live="polite">
          {status.message} Closing the sidebar does not stop the run.
        </p>
      ) : (
        <>
          <Banner tone={banner.tone} title={banner.title} landing>
            {status.message}
          </Banner>
          <dl class="summary" aria-label="Result">
            <div>
              <dt>Matched</dt>
              <dd>{formatNumber(run.matched)}</dd>
            </div>
            <div>
              <dt>Not found</dt>
              <dd>{formatNumber(run.unmatched)}</dd>
            </div>
            <div>
              <dt>Errors</dt>
              <dd>{formatNumber(run.unreadable + run.notEnriched)}</dd>
            </div>
          </dl>
          <div class="row">
            <p class="hint">Values in {run.outputRange}.</p>
            <Button kind="text" onClick={onShow}>
              Show in sheet
            </Button>
          </div>
          {status.errors.length > 0 && (
            <details>
              <summary>Rows not enriched, and why</summary>
              <ul class="hint">
                {status.errors.map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            </details>
          )}
          {status.state === "done" && <ScheduleRefresh jobId={status.jobId} frequencies={frequencies} />}
        </>
      )}
    </Section>
  );
}
