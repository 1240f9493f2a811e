// The Enrich tab: the selected column, what to add and where, the estimate before anything is spent; then
// the run, followed every 2 seconds while the sidebar is open (it goes on in the background when it is
// closed, and is shown again on reopening). A column of job titles is mapped to function and level.
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import { failureMessage, server } from "../bridge";
import { Banner } from "../components/banner";
import { Button } from "../components/button";
import { ConfirmDialog } from "../components/confirm-dialog";
import { ScreenFooter } from "../components/screen-footer";
import { ScreenLoading } from "../components/screen-loading";
import { useAction } from "../hooks/use-action";
import { useLiveEstimate } from "../hooks/use-live-estimate";
import { usePaidConfirm } from "../hooks/use-paid-confirm";
import { usePoll } from "../hooks/use-poll";
import { useQueueDriver } from "../hooks/use-queue-driver";
import { enrichFields, type MetricChoices, metricOptions, typesInUse } from "../lib/enrich-fields";
import type { EnrichCatalog, EnrichmentRun, EnrichSelection, TitleMappingResult } from "../lib/enrich-types";
import { formatCredits, formatNumber } from "../lib/format";
import { isActiveState, progressLine, spentLine } from "../lib/run-progress";
import { useSidebar } from "../state";
import { AttributesSection } from "./enrich/attributes-section";
import { type ColumnKind, IdentifiersSection } from "./enrich/identifiers-section";
import { MetricsSection } from "./enrich/metrics-section";
import { type OutputMode, OutputSection } from "./enrich/output-section";
import { RunPanel } from "./enrich/run-panel";
import { TitlesPanel } from "./enrich/titles-panel";

/** How often an open sidebar follows a run. */
export const RUN_POLL_MS = 2_000;

const NO_METRICS: MetricChoices = {
  technologies: [],
  jobFunctions: [],
  categories: [],
  granularity: "aggregate",
  metric: "job_post_count",
  since: "",
};

export function EnrichScreen() {
  const { credits, readSelectionAtStart, selectionReadAtStart } = useSidebar();
  const [catalog, setCatalog] = useState<EnrichCatalog | null>(null);
  const [kind, setKind] = useState<ColumnKind>("organizations");
  const [selection, setSelection] = useState<EnrichSelection | null>(null);
  // "Include rows added later": the open-ended range, on by default for a whole-column selection.
  const [openEnded, setOpenEnded] = useState(false);
  const [attributes, setAttributes] = useState<ReadonlySet<string>>(new Set());
  const [metrics, setMetrics] = useState<MetricChoices>(NO_METRICS);
  const [mode, setMode] = useState<OutputMode>("new-columns");
  const [targetColumn, setTargetColumn] = useState("");
  const [run, setRun] = useState<EnrichmentRun | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [titles, setTitles] = useState<TitleMappingResult | null>(null);
  const [followError, setFollowError] = useState<string | null>(null);
  const confirm = usePaidConfirm();

  const load = useAction(() => Promise.all([server.getEnrichCatalog(), server.latestEnrichmentRun()]));
  const start = useAction((request: unknown) => server.startEnrichment(request));
  const stop = useAction((jobId: string) => server.stopJob(jobId));
  const resume = useAction((jobId: string) => server.resumeJob(jobId));
  const rerun = useAction((jobId: string) => server.rerunLostRows(jobId));
  const mapTitles = useAction((request: unknown) => server.mapJobTitles(request));

  const reload = useCallback(async () => {
    const outcome = await load.run();
    if (!outcome.ok) return;
    const [loaded, latest] = outcome.value;
    setCatalog(loaded);
    setMetrics((m) => ({ ...m, metric: loaded.defaultMetric }));
    // A run left going (or stopped halfway) when the sidebar was closed is shown again.
    if (latest && (isActiveState(latest.status.state) || latest.status.canResume)) setRun(latest);
  }, [load.run]);

  useEffect(() => {
    void reload();
  }, [reload]);

  // The cells the open-range box and target column were last defaulted for: the same cells read again
  // ("Use selection" pressed twice, or the menu's read at start answering late) keep what the user chose.
  const defaultedFor = useRef("");
  const chooseSelection = (next: EnrichSelection | null) => {
    setSelection(next);
    setTitles(null);
    if (!next) return;
    const cells = `${next.sheetName}!${next.range}`;
    if (cells !== defaultedFor.current) {
      setOpenEnded(next.wholeColumn);
      setTargetColumn(next.nextColumn);
    }
    defaultedFor.current = cells;
  };

  const changeMetrics = (patch: Partial<MetricChoices>) => {
    setMetrics((current) => {
      const next = { ...current, ...patch };
      if (catalog && !metricOptions(catalog, typesInUse(next)).includes(next.metric)) {
        next.metric = catalog.defaultMetric;
      }
      return next;
    });
  };

  const fields = useMemo(() => {
    if (!catalog) return [];
    const order = catalog.attributeGroups.flatMap((g) => g.attributes.map((a) => a.name));
    return enrichFields({ ...metrics, attributes: order.filter((name) => attributes.has(name)) });
  }, [catalog, attributes, metrics]);

  const request =
    kind === "organizations" && selection && fields.length > 0
      ? {
          sheetName: selection.sheetName,
          inputRange: openEnded ? selection.openRange : selection.range,
          fields,
          output: mode === "new-columns" ? { mode } : { mode, targetColumn },
        }
      : null;
  // The estimate writes nothing, so it is asked with consent: it shows what overwriting would replace.
  const estimate = useLiveEstimate(
    request && { ...request, output: { ...request.output, consent: true } },
    server.estimateEnrichment,
  );
  const titleRequest =
    kind === "titles" && selection && !titles
      ? { sheetName: selection.sheetName, range: selection.range }
      : null;
  const titleEstimate = useLiveEstimate(titleRequest, server.estimateTitleMapping);

  const show = useAction((jobId: string) => server.showEnrichmentResult(jobId));

  const follow = async (jobId: string) => {
    try {
      const next = await server.getEnrichmentRun(jobId);
      // A run watched to its end is brought into view: the values, not the column that was selected.
      if (run?.status.jobId === jobId && isActiveState(run.status.state) && next.status.state === "done") {
        void show.run(jobId);
      }
      setRun(next);
      setFollowError(null);
    } catch (failure) {
      setFollowError(failureMessage(failure));
    }
  };

  const runId = run?.status.jobId ?? null;
  const driver = useQueueDriver(catalog?.sidebarDrivesJobs ?? false, () => {
    if (runId) void follow(runId);
  });
  const drive = (current: EnrichmentRun) => driver.consider([current.status]);

  const active = run !== null && isActiveState(run.status.state);
  usePoll(
    async () => {
      if (!run) return;
      drive(run);
      await follow(run.status.jobId);
    },
    RUN_POLL_MS,
    active,
  );

  // A new action starts with a clean slate: an error another action left (a refused start, a failed
  // resume) must not stay on screen once the run goes on.
  const clearErrors = () => {
    for (const action of [start, stop, resume, rerun, mapTitles]) action.clearError();
    setFollowError(null);
  };

  const begin = async (consent: boolean) => {
    setConfirming(false);
    clearErrors();
    const price = estimate.value;
    if (!request || !selection || !price) return;
    // Like every paid action, Start asks above the person's threshold, with the footer's estimate.
    const go = await confirm.ask({
      title: `Enrich ${formatNumber(selection.rows)} rows?`,
      detail: `The values go to ${price.outputRange}. ${price.message}.`,
      upTo: price.credits,
    });
    if (!go) return;
    const outcome = await start.run({ ...request, output: { ...request.output, consent } });
    if (!outcome.ok) return;
    const started: EnrichmentRun = {
      status: outcome.value,
      matched: 0,
      unmatched: 0,
      unreadable: 0,
      notEnriched: 0,
      outputRange: estimate.value?.outputRange ?? "",
    };
    setRun(started);
    drive(started);
  };

  const onStop = async () => {
    if (!run) return;
    clearErrors();
    const outcome = await stop.run(run.status.jobId);
    if (outcome.ok) await follow(run.status.jobId);
  };

  // The button names the rows and their most possible price: pressing it is the user's consent.
  const onRerunLost = async () => {
    if (!run) return;
    clearErrors();
    const go = await confirm.ask({
      title: `Re-run ${formatNumber(run.status.lostRows)} lost rows?`,
      detail:
        "Their answer was lost, so they may have been charged once already; re-running buys them again.",
      upTo: run.status.lostCredits,
    });
    if (!go) return;
    const outcome = await rerun.run(run.status.jobId);
    if (!outcome.ok) return;
    const rerunning = { ...run, status: outcome.value };
    setRun(rerunning);
    drive(rerunning);
  };

  const onResume = async () => {
    if (!run) return;
    clearErrors();
    const go = await confirm.ask({
      title: "Resume this run?",
      detail: `It buys what is left to do: ${run.status.resumeBound}; repeats and organizations not found cost less.`,
      upTo: run.status.resumeCredits,
    });
    if (!go) return;
    const outcome = await resume.run(run.status.jobId);
    if (!outcome.ok) return;
    const resumed = { ...run, status: outcome.value };
    setRun(resumed);
    drive(resumed);
  };

  // "New enrichment" starts from the defaults: ticks left from the last run would silently multiply the next
  // estimate. The column stays chosen, since it is shown at the top of the form.
  const startNew = () => {
    clearErrors();
    setRun(null);
    setAttributes(new Set());
    setMetrics({ ...NO_METRICS, metric: catalog?.defaultMetric ?? NO_METRICS.metric });
    setMode("new-columns");
    setTitles(null);
  };

  const onMap = async () => {
    const price = titleEstimate.value;
    if (!selection || !price) return;
    const go = await confirm.ask({
      title: `Map ${formatNumber(selection.rows)} titles?`,
      detail: `Job function and level go to ${price.outputRange}. ${price.message}.`,
      upTo: price.credits,
    });
    if (!go) return;
    const outcome = await mapTitles.run({ sheetName: selection.sheetName, range: selection.range });
    if (!outcome.ok) return;
    setTitles(outcome.value);
    if (outcome.value.credits) credits.set(outcome.value.credits);
  };

  if (!catalog) {
    return <ScreenLoading what="Enrich tab" error={load.error} onRetry={reload} />;
  }

  const errors = [
    start.error,
    stop.error,
    resume.error,
    rerun.error,
    mapTitles.error,
    show.error,
    followError,
    driver.error,
  ].filter(Boolean);

  let footer: { estimate: string; actions: preact.ComponentChildren };
  if (run) {
    const resting = !active;
    footer = {
      estimate: resting ? spentLine(run.status) : progressLine(run.status),
      actions: active ? (
        <Button
          kind="primary"
          busy={stop.busy}
          disabled={!run.status.canStop}
          onClick={onStop}
          describedBy="enrich-estimate"
        >
          Stop
        </Button>
      ) : (
        <div class="footer-actions">
          {run.status.canResume && (
            <>
              <p id="enrich-resume-price" class="hint">
                {`Resuming costs at most ${formatCredits(run.status.resumeCredits)}: ${run.status.resumeBound}.`}
              </p>
              <Button kind="primary" busy={resume.busy} onClick={onResume} describedBy="enrich-resume-price">
                {`Resume · up to ${formatCredits(run.status.resumeCredits)}`}
              </Button>
            </>
          )}
          {run.status.lostRows > 0 && (
            <Button kind="secondary" busy={rerun.busy} onClick={onRerunLost}>
              {`Re-run lost rows: ${formatNumber(run.status.lostRows)} (up to ${formatNumber(run.status.lostCredits)} credits)`}
            </Button>
          )}
          <Button kind={run.status.canResume ? "secondary" : "primary"} onClick={startNew}>
            New enrichment
          </Button>
        </div>
      ),
    };
  } else if (kind === "titles") {
    const line = titles
      ? spentLine({ creditsSpent: titles.creditsUsed, creditsRemaining: credits.view?.remaining ?? null })
      : !selection
        ? "Select a column of job titles to see the estimate."
        : titleEstimate.busy
          ? "Estimating…"
          : (titleEstimate.value?.message ?? "No estimate yet.");
    footer = {
      estimate: line,
      actions: (
        <Button
          kind="primary"
          busy={mapTitles.busy}
          disabled={!titleEstimate.value || titleEstimate.busy || titles !== null}
          onClick={onMap}
          describedBy="enrich-estimate"
        >
          {selection ? `Map ${formatNumber(selection.rows)} titles` : "Map titles"}
        </Button>
      ),
    };
  } else {
    const line = !selection
      ? "Select identifiers in the sheet to see the estimate."
      : fields.length === 0
        ? "Choose what to add to see the estimate."
        : estimate.busy
          ? "Estimating…"
          : estimate.error
            ? "No estimate: see the message above."
            : (estimate.value?.message ?? "");
    footer = {
      estimate: line,
      actions: (
        <Button
          kind="primary"
          busy={start.busy}
          disabled={!estimate.value || estimate.busy}
          onClick={() => (mode === "overwrite" ? setConfirming(true) : void begin(false))}
          describedBy="enrich-estimate"
        >
          {selection ? `Enrich ${formatNumber(selection.rows)} rows` : "Enrich"}
        </Button>
      ),
    };
  }

  return (
    <>
      <div class="screen-body">
        {errors.map((error) => (
          <Banner key={error} tone="error">
            {error}
          </Banner>
        ))}
        {run ? (
          <RunPanel
            run={run}
            frequencies={catalog.frequencies}
            onShow={() => void show.run(run.status.jobId)}
          />
        ) : (
          <>
            <IdentifiersSection
              kind={kind}
              onKind={setKind}
              selection={selection}
              onSelection={chooseSelection}
              openEnded={openEnded}
              onOpenEnded={setOpenEnded}
              readAtOnce={readSelectionAtStart}
              onReadAtOnce={selectionReadAtStart}
            />
            {kind === "titles" ? (
              <TitlesPanel
                estimate={titleEstimate.value}
                result={titles}
                lookupPerCredit={catalog.prices.lookupPerCredit}
              />
            ) : (
              <>
                <AttributesSection
                  catalog={catalog}
                  checked={attributes}
                  onToggle={(name, on) =>
                    setAttributes((current) => {
                      const next = new Set(current);
                      if (on) next.add(name);
                      else next.delete(name);
                      return next;
                    })
                  }
                />
                <MetricsSection catalog={catalog} choices={metrics} onChange={changeMetrics} />
                <OutputSection
                  catalog={catalog}
                  mode={mode}
                  onMode={setMode}
                  targetColumn={targetColumn}
                  onTargetColumn={setTargetColumn}
                />
                {estimate.error && (
                  <Banner tone="warning" title="Not ready to enrich">
                    {estimate.error}
                  </Banner>
                )}
              </>
            )}
            {kind === "titles" && titleEstimate.error && (
              <Banner tone="warning" title="Not ready to map">
                {titleEstimate.error}
              </Banner>
            )}
          </>
        )}
      </div>
      <ScreenFooter estimateId="enrich-estimate" estimate={footer.estimate}>
        {footer.actions}
      </ScreenFooter>
      {confirming && (
        <ConfirmDialog
          title="Overwrite these cells?"
          confirmLabel="Overwrite"
          onConfirm={() => void begin(true)}
          onCancel={() => setConfirming(false)}
        >
          <p>
            Values already in {estimate.value?.outputRange ?? "the output columns"} will be replaced by what
            the service returns. Stopping the run later does not bring them back.
          </p>
        </ConfirmDialog>
      )}
      {confirm.dialog}
    </>
  );
}
