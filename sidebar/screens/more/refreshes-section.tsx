// Scheduled refreshes of this spreadsheet: what each re-enriches and when, what its last run checked,
// changed and spent with the notable changes first, Select changed cells, the rule's threshold for what
// is notable, and Refresh now (its price read when the rule is opened and again at the click, asked first
// above the person's threshold) or Delete.
import { useEffect, useState } from "preact/hooks";
import { failureMessage, server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { RowActions } from "../../components/row-actions";
import { useAction } from "../../hooks/use-action";
import { usePaidConfirm } from "../../hooks/use-paid-confirm";
import { formatAge, formatCredits } from "../../lib/format";
import { isJobActive, useJobPoll } from "../../lib/job-poll";
import type { JobStatus, RefreshNowEstimate, RefreshRunView, RuleView } from "../../lib/more-types";
import { RuleLastRun } from "./rule-last-run";
import { modeWords, RuleMode } from "./rule-mode";
import { RuleThreshold } from "./rule-threshold";

function lastRun(rule: RuleView, view: RefreshRunView | undefined): string {
  // The run's own report, when the refresh run kept one, is the newest word on it.
  const at = view?.lastRun?.at ?? rule.lastRunAt;
  if (at === null) return "Not run yet";
  // A run with a report says its credits in the report beneath.
  const credits = view?.lastRun ? null : rule.lastCredits;
  const spent = credits === null ? "" : ` · spent ${formatCredits(credits)}`;
  return `Last run ${formatAge(at, Date.now())}${spent}`;
}

/** The rule's threshold for what is listed first, as its list entry says it. */
function notableWords(rule: RuleView, view: RefreshRunView | undefined): string {
  const percent = view?.thresholdPercent ?? Math.round(rule.thresholds.countChange * 10_000) / 100;
  return `counts moving ±${percent}% listed first`;
}

/** The line beside Refresh now: the price of a run over the column as it is now, or why it is not known yet. */
function costNote(price: RefreshPrice | undefined): string {
  if (price === undefined) return "Reading what a run costs…";
  if (typeof price === "string") return `No price: ${price}`;
  return `Refresh now: ${price.message}.`;
}

/** A copied rule's line: where it came from, that it runs nowhere here, and what each run would cost. */
function copiedNote(from: string, price: RefreshPrice | undefined): string {
  const each = typeof price === "object" ? ` Each run: ${price.message}, on your key.` : "";
  return `Copied from "${from}": resume here? It does not run in this copy until someone resumes it.${each}`;
}

/** A rule's price for one run now, or why it could not be read. */
type RefreshPrice = RefreshNowEstimate | string;

export function RefreshesSection() {
  const [rules, setRules] = useState<RuleView[] | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [prices, setPrices] = useState<Record<string, RefreshPrice>>({});
  const confirm = usePaidConfirm();
  const [status, setStatus] = useState<string | null>(null);
  // The refresh started here, followed until it comes to rest (the add-on's own trigger runs hourly).
  const [job, setJob] = useState<{ rule: RuleView; status: JobStatus } | null>(null);
  const [pollError, setPollError] = useState<string | null>(null);
  const [runs, setRuns] = useState<Record<string, RefreshRunView>>({});
  const list = useAction(() => server.listRefreshRules());
  const loadRuns = useAction(() => server.refreshRuns());
  const select = useAction((ruleId: string) => server.selectChangedCells(ruleId));
  const run = useAction((ruleId: string, upTo: number) => server.refreshNow({ ruleId, upTo }));
  const reprice = useAction((ruleId: string) => server.estimateRefreshNow(ruleId));
  const remove = useAction((ruleId: string) => server.deleteRefreshRule(ruleId));
  const adopt = useAction((ruleId: string) => server.updateRefreshRule({ ruleId, resumeHere: true }));
  useEffect(() => {
    void reload();
  }, []);
  const reload = async () => {
    const outcome = await list.run();
    if (outcome.ok) setRules(outcome.value);
    const last = await loadRuns.run();
    if (last.ok) setRuns(Object.fromEntries(last.value.map((view) => [view.ruleId, view])));
  };
  const onSelect = async (rule: RuleView) => {
    setStatus(null);
    const outcome = await select.run(rule.ruleId);
    if (outcome.ok) setStatus(outcome.value.message);
  };
  const onThreshold = (view: RefreshRunView) => setRuns((now) => ({ ...now, [view.ruleId]: view }));
  // A rule whose mode changed costs another price: its list entry and Refresh now's note are read again.
  const onMode = (saved: RuleView) =>
    setRules((now) => now?.map((rule) => (rule.ruleId === saved.ruleId ? saved : rule)) ?? null);
  useJobPoll(
    job && isJobActive(job.status) ? job.status.jobId : null,
    (status) => {
      if (!job) return;
      setJob({ rule: job.rule, status });
      setStatus(`${job.rule.sheetName}!${job.rule.inputRange}: ${status.message}`);
      if (!isJobActive(status)) void reload();
    },
    setPollError,
  );
  // Priced when a rule is opened (free: it only plans), so the figure is beside the button before the click.
  useEffect(() => {
    if (open === null) return;
    const ruleId = open;
    server
      .estimateRefreshNow(ruleId)
      .then((price) => setPrices((all) => ({ ...all, [ruleId]: price })))
      .catch((failure: unknown) => setPrices((all) => ({ ...all, [ruleId]: failureMessage(failure) })));
  }, [open, rules]);
  const onRun = async (rule: RuleView) => {
    setStatus(null);
    setPollError(null);
    // Priced again at the click: rows added or edited since the rule was opened change what a run costs,
    // and the server refuses a run dearer than the price the person agreed to.
    const priced = await reprice.run(rule.ruleId);
    if (!priced.ok) return;
    const price = priced.value;
    setPrices((all) => ({ ...all, [rule.ruleId]: price }));
    const go = await confirm.ask({
      title: `Refresh ${rule.sheetName}!${rule.inputRange} now?`,
      detail: `Re-enriches the column with ${rule.fieldLabels.join(", ")}. ${price.message}.`,
      upTo: price.credits,
    });
    if (!go) return;
    const outcome = await run.run(rule.ruleId, price.credits);
    if (!outcome.ok) return;
    setJob({ rule, status: outcome.value });
    setStatus(`${rule.sheetName}!${rule.inputRange}: ${outcome.value.message}`);
  };
  // A rule copied with the spreadsheet runs nowhere until someone here resumes it, on their key.
  const onResumeHere = async (rule: RuleView) => {
    setStatus(null);
    const price = prices[rule.ruleId];
    const perRun = typeof price === "object" ? ` ${price.message}.` : "";
    const go = await confirm.ask({
      title: `Resume the refresh of ${rule.sheetName}!${rule.inputRange} here?`,
      detail: `It then runs ${rule.frequency} in this spreadsheet, on your key.${perRun}`,
      upTo: typeof price === "object" ? price.credits : 0,
      confirmLabel: "Resume here",
    });
    if (!go) return;
    const outcome = await adopt.run(rule.ruleId);
    if (!outcome.ok) return;
    await reload();
    setStatus(`The refresh of ${rule.sheetName}!${rule.inputRange} now runs in this spreadsheet.`);
  };
  const onDelete = async (rule: RuleView) => {
    setStatus(null);
    const outcome = await remove.run(rule.ruleId);
    if (!outcome.ok) return;
    setRules(outcome.value);
    setStatus(`The refresh of ${rule.sheetName}!${rule.inputRange} was deleted.`);
  };
  const error =
    list.error ??
    loadRuns.error ??
    select.error ??
    reprice.error ??
    run.error ??
    remove.error ??
    adopt.error ??
    pollError;
  return (
    <div class="stack">
      {rules && rules.length === 0 && (
        <p class="hint">None yet. After an enrichment on the Enrich tab, choose "Schedule this refresh…".</p>
      )}
      {rules && rules.length > 0 && (
        <ul class="item-list" aria-label="Scheduled refreshes">
          {rules.map((rule) => (
            <RowActions
              key={rule.ruleId}
              id={`rule-${rule.ruleId}`}
              title={`${rule.sheetName}!${rule.inputRange}`}
              details={`${rule.copiedFrom === null ? "" : "copied · "}${rule.frequency} · ${rule.fieldLabels.join(", ")} · ${modeWords(rule)} · ${notableWords(rule, runs[rule.ruleId])} · ${lastRun(rule, runs[rule.ruleId])}`}
              detailsTitle={`API fields: ${rule.fields.join(", ")}`}
              open={open === rule.ruleId}
              onToggle={() => setOpen(open === rule.ruleId ? null : rule.ruleId)}
              extra={
                runs[rule.ruleId]?.lastRun && (
                  <RuleLastRun
                    id={`rule-${rule.ruleId}`}
                    title={`${rule.sheetName}!${rule.inputRange}`}
                    run={runs[rule.ruleId]!.lastRun!}
                    selecting={select.busy}
                    onSelect={() => onSelect(rule)}
                  />
                )
              }
            >
              <div class="action-stack">
                <RuleMode rule={rule} onSaved={onMode} />
                {runs[rule.ruleId] && (
                  <RuleThreshold
                    id={`rule-${rule.ruleId}`}
                    ruleId={rule.ruleId}
                    percent={runs[rule.ruleId]!.thresholdPercent}
                    onSaved={onThreshold}
                  />
                )}
                <p id={`rule-${rule.ruleId}-cost`} class="hint">
                  {rule.copiedFrom === null
                    ? costNote(prices[rule.ruleId])
                    : copiedNote(rule.copiedFrom, prices[rule.ruleId])}
                </p>
                {rule.copiedFrom === null ? (
                  <Button
                    busy={run.busy || reprice.busy}
                    disabled={typeof prices[rule.ruleId] !== "object"}
                    describedBy={`rule-${rule.ruleId}-cost`}
                    onClick={() => onRun(rule)}
                  >
                    Refresh now
                  </Button>
                ) : (
                  <Button
                    busy={adopt.busy}
                    describedBy={`rule-${rule.ruleId}-cost`}
                    onClick={() => onResumeHere(rule)}
                  >
                    Resume here
                  </Button>
                )}
                <Button kind="text" busy={remove.busy} onClick={() => onDelete(rule)}>
                  Delete this refresh
                </Button>
                {rule.lastResult && <p class="hint">{rule.lastResult}</p>}
              </div>
            </RowActions>
          ))}
        </ul>
      )}
      {error && (
        <Banner
          tone="error"
          title="Scheduled refreshes"
          onDismiss={() => {
            list.clearError();
            loadRuns.clearError();
            select.clearError();
            reprice.clearError();
            run.clearError();
            remove.clearError();
            adopt.clearError();
            setPollError(null);
          }}
        >
          {error}
        </Banner>
      )}
      <p class="status" role="status" aria-live="polite">
        {status}
      </p>
      {confirm.dialog}
    </div>
  );
}
