// Intelligence briefs: the estimate for the selected organizations (50 credits each, only when a brief
// is completed), the request, the pending ones followed in the background, and each finished brief
// shown in a dialog from the "Briefs" sheet.
import { useEffect, useState } from "preact/hooks";
import { failureMessage, server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { MarkdownDialog } from "../../components/markdown-dialog";
import { SelectionField } from "../../components/selection-field";
import { useAction } from "../../hooks/use-action";
import { usePaidConfirm } from "../../hooks/use-paid-confirm";
import { formatCredits } from "../../lib/format";
import { isJobActive, useJobPoll } from "../../lib/job-poll";
import { countOf } from "../../lib/more-format";
import type { BriefEstimate, BriefSummary, BriefView, JobStatus, SelectionView } from "../../lib/more-types";
import { useSidebar } from "../../state";

export function BriefSection() {
  const { credits } = useSidebar();
  const [selection, setSelection] = useState<SelectionView | null>(null);
  const [estimate, setEstimate] = useState<BriefEstimate | null>(null);
  const [job, setJob] = useState<JobStatus | null>(null);
  const [briefs, setBriefs] = useState<BriefSummary[]>([]);
  const [shown, setShown] = useState<BriefView | null>(null);
  const [pollError, setPollError] = useState<string | null>(null);
  const confirm = usePaidConfirm();
  const ask = useAction((chosen: SelectionView) =>
    server.estimateBriefSelection({ selection: { sheetName: chosen.sheetName, range: chosen.range } }),
  );
  const request = useAction((chosen: BriefEstimate) =>
    server.requestBriefs({ organizationIds: chosen.organizationIds, match: chosen.match }),
  );
  const [matchStatus, setMatchStatus] = useState<string | null>(null);
  const list = useAction(() => server.listBriefs());
  const open = useAction((row: number) => server.getBrief({ row }));

  const reload = async () => {
    const outcome = await list.run();
    if (outcome.ok) setBriefs(outcome.value);
  };
  useEffect(() => {
    void reload();
    // Briefs asked for earlier (the sidebar was closed meanwhile) are followed again where they are.
    void server
      .listJobs()
      .then((jobs) => {
        const pending = jobs.find((status) => status.kind === "briefs" && isJobActive(status));
        if (pending) setJob((current) => current ?? pending);
      })
      .catch((error: unknown) => setPollError(failureMessage(error)));
  }, []);

  useJobPoll(
    job && isJobActive(job) ? job.jobId : null,
    (status) => {
      setJob(status);
      if (!isJobActive(status)) {
        void reload();
        credits.refresh();
        // Briefs watched to their end open their sheet, as an Enrich run brings its columns into view.
        if (status.state === "done")
          void server
            .showJobSheet(status.jobId)
            .catch((error: unknown) => setPollError(failureMessage(error)));
      }
    },
    setPollError,
  );

  const choose = async (chosen: SelectionView | null) => {
    setSelection(chosen);
    setEstimate(null);
    if (!chosen) return;
    const outcome = await ask.run(chosen);
    if (outcome.ok) setEstimate(outcome.value);
  };
  const onRequest = async () => {
    if (!estimate) return;
    const go = await confirm.ask({
      title: `Request ${countOf(estimate.organizationIds.length + estimate.match.length, "brief")}?`,
      detail: `${estimate.message}. Pending and "not enough data" answers are free.`,
      upTo: estimate.credits,
    });
    if (!go) return;
    setPollError(null);
    setMatchStatus(null);
    const outcome = await request.run(estimate);
    // Matching domains and names may have spent, even when no brief was asked for.
    if (estimate.match.length > 0) credits.refresh();
    if (!outcome.ok) return;
    setJob(outcome.value.status);
    const matched = outcome.value.matched;
    if (matched) {
      setMatchStatus(
        `Matched ${matched.found} of ${matched.found + matched.notFound} domains or names for ${formatCredits(matched.creditsUsed)}${matched.notFound > 0 ? `; ${matched.notFound} not found, left out` : ""}.`,
      );
    }
  };
  const onView = async (row: number) => {
    const outcome = await open.run(row);
    if (outcome.ok) setShown(outcome.value);
  };

  const active = job !== null && isJobActive(job);
  return (
    <div class="stack">
      <SelectionField
        id="brief-selection"
        label="Organizations"
        hint="A column of organization ids, domains, web addresses, e-mails or names (at most 50 at a time). Ids are free; the rest are matched to ids first."
        value={selection}
        onChange={choose}
      />
      <p id="brief-estimate" class="estimate" aria-live="polite">
        {ask.busy
          ? "Estimating…"
          : estimate
            ? `${estimate.message} · pending and "not enough data" are free`
            : ""}
      </p>
      <Button
        busy={request.busy}
        disabled={!estimate || active}
        describedBy="brief-estimate"
        onClick={onRequest}
      >
        {estimate
          ? `Request ${countOf(estimate.organizationIds.length + estimate.match.length, "brief")}`
          : "Request briefs"}
      </Button>
      {matchStatus && <p class="hint">{matchStatus}</p>}
      <p class="status" role="status" aria-live="polite">
        {job ? job.message : ""}
      </p>
      {job && job.errors.length > 0 && !active && (
        <ul class="hint">
          {job.errors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
      {(ask.error ?? request.error ?? list.error ?? open.error ?? pollError) && (
        <Banner
          tone="error"
          title="Briefs"
          onDismiss={() => {
            for (const action of [ask, request, list, open]) action.clearError();
            setPollError(null);
          }}
        >
          {ask.error ?? request.error ?? list.error ?? open.error ?? pollError}
        </Banner>
      )}
      {briefs.length > 0 && (
        <>
          <h4 class="label">Briefs in this spreadsheet</h4>
          <ul class="item-list" aria-label="Briefs">
            {briefs.map((brief) => (
              <li key={brief.row} class="item-row">
                <div class="item-head">
                  <div class="item-text">
                    <span class="item-title">{brief.title || `Organization ${brief.organizationId}`}</span>
                    <span class="item-details">Organization {brief.organizationId}</span>
                  </div>
                  <Button kind="text" busy={open.busy} onClick={() => onView(brief.row)}>
                    View
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {shown && (
        <MarkdownDialog
          title={shown.title || `Organization ${shown.organizationId}`}
          markdown={shown.body}
          link={shown.link || null}
          onClose={() => setShown(null)}
        />
      )}
      {confirm.dialog}
    </div>
  );
}
