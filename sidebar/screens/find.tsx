// The Find tab: Organizations | People | Jobs | Teams. A query built from conditions (or typed raw), where
// to search, the columns and limit; the estimate first, then "Search into new sheet". People searches run
// as jobs that go on when the sidebar is closed and are listed here with their state.
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import { failureMessage, server } from "../bridge";
import { Banner } from "../components/banner";
import { Button } from "../components/button";
import { ScreenFooter } from "../components/screen-footer";
import { ScreenLoading } from "../components/screen-loading";
import { Segmented } from "../components/segmented";
import { useAction } from "../hooks/use-action";
import { useLiveEstimate } from "../hooks/use-live-estimate";
import { usePaidConfirm } from "../hooks/use-paid-confirm";
import { usePoll } from "../hooks/use-poll";
import { useQueueDriver } from "../hooks/use-queue-driver";
import { type FindForm, findRequest, formQuery, formReady, newForm } from "../lib/find-request";
import type { FindCatalog, FindKind, FindOutcome, PeopleSearchView } from "../lib/find-types";
import { formatCredits } from "../lib/format";
import { isActiveState, spentLine } from "../lib/run-progress";
import { useSidebar } from "../state";
import { OptionsSection } from "./find/options-section";
import { PeopleSearches } from "./find/people-searches";
import { QueryBuilder } from "./find/query-builder";
import { ScopeSection } from "./find/scope-section";

/** How often an open sidebar reads the state of running people searches. */
export const SEARCH_POLL_MS = 3_000;

export function FindScreen() {
  const { credits } = useSidebar();
  const [catalog, setCatalog] = useState<FindCatalog | null>(null);
  const [kind, setKind] = useState<FindKind>("organizations");
  const [forms, setForms] = useState<Partial<Record<FindKind, FindForm>>>({});
  const [outcome, setOutcome] = useState<FindOutcome | null>(null);
  const [searches, setSearches] = useState<PeopleSearchView[]>([]);
  const confirm = usePaidConfirm();
  const [followError, setFollowError] = useState<string | null>(null);

  const load = useAction(() => Promise.all([server.getFindCatalog(), server.listPeopleSearches()]));
  const search = useAction((request: unknown) => server.runFind(request));
  const control = useAction((action: "stop" | "resume", jobId: string) =>
    action === "stop" ? server.stopJob(jobId) : server.resumeJob(jobId),
  );

  const reload = useCallback(async () => {
    const loaded = await load.run();
    if (!loaded.ok) return;
    setCatalog(loaded.value[0]);
    setSearches(loaded.value[1]);
  }, [load.run]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const view = catalog?.kinds.find((k) => k.kind === kind) ?? null;
  const form = view && catalog ? (forms[kind] ?? newForm(view, catalog.limit.default)) : null;
  const update = (patch: Partial<FindForm>) => {
    if (!form) return;
    // From the latest state, not this render's: two changes before a render must both be kept.
    setForms((all) => ({ ...all, [kind]: { ...(all[kind] ?? form), ...patch } }));
    setOutcome(null);
  };

  const request = view && form && formReady(kind, view, form) ? findRequest(kind, view, form) : null;
  const estimate = useLiveEstimate(request, server.estimateFind);

  const refreshSearches = async () => {
    try {
      const next = await server.listPeopleSearches();
      // A search watched to its end opens its sheet, as an Enrich run brings its columns into view.
      const wasActive = new Set(
        searches.filter((s) => isActiveState(s.status.state)).map((s) => s.status.jobId),
      );
      for (const s of next) {
        if (wasActive.has(s.status.jobId) && s.status.state === "done" && s.people > 0)
          void server
            .showJobSheet(s.status.jobId)
            .catch((failure) => setFollowError(failureMessage(failure)));
      }
      setSearches(next);
      setFollowError(null);
    } catch (failure) {
      setFollowError(failureMessage(failure));
    }
  };

  const driver = useQueueDriver(catalog?.sidebarDrivesJobs ?? false, () => void refreshSearches());
  const drive = (list: readonly PeopleSearchView[]) => driver.consider(list.map((s) => s.status));

  const following = searches.some((s) => isActiveState(s.status.state));
  usePoll(
    async () => {
      drive(searches);
      await refreshSearches();
    },
    SEARCH_POLL_MS,
    following,
  );

  const onSearch = async () => {
    if (!request || !estimate.value) return;
    const priced = estimate.value;
    const go = await confirm.ask({
      title: "Search into a new sheet?",
      detail: [`Writes what it finds to a new sheet: ${priced.message}.`, ...priced.notes].join(" "),
      upTo: priced.credits,
      ...(priced.bounded
        ? {}
        : { price: `At least ${formatCredits(priced.credits)}, more as the notes say.` }),
    });
    if (!go) return;
    const done = await search.run(request);
    if (!done.ok) return;
    setOutcome(done.value);
    if (done.value.credits) credits.set(done.value.credits);
    if (done.value.kind === "job") {
      const started = done.value.search;
      const next = [started, ...searches.filter((s) => s.status.jobId !== started.status.jobId)];
      setSearches(next);
      drive(next);
    }
  };

  const onControl = async (action: "stop" | "resume", jobId: string) => {
    const status = searches.find((search) => search.status.jobId === jobId)?.status;
    if (action === "resume" && status) {
      const go = await confirm.ask({
        title: "Resume this people search?",
        detail: `It goes on from where it stopped: ${status.resumeBound}.`,
        upTo: status.resumeCredits,
      });
      if (!go) return;
    }
    const done = await control.run(action, jobId);
    if (done.ok) await refreshSearches();
  };

  // A refused search says why at the top of the form, which the person has scrolled past to reach the
  // button: the message is brought into view, or Search would seem to do nothing.
  const errorsShown = useRef<HTMLDivElement>(null);
  const errorText = [search.error, control.error, followError, driver.error].filter(Boolean).join("\n");
  useEffect(() => {
    if (errorText) errorsShown.current?.scrollIntoView({ block: "nearest" });
  }, [errorText]);

  if (!catalog || !view || !form) {
    return <ScreenLoading what="Find tab" error={load.error} onRetry={reload} />;
  }

  // A people search started here spends on as it runs: the footer follows its total (its status counts the
  // paid match of its organizations too), so the footer and the search's line say one figure.
  const followed =
    outcome?.kind === "job"
      ? searches.find((s) => s.status.jobId === outcome.search.status.jobId)?.status.creditsSpent
      : undefined;
  const line = outcome
    ? spentLine({
        creditsSpent: followed ?? outcome.creditsUsed,
        creditsRemaining: credits.view?.remaining ?? null,
      })
    : !request
      ? kind === "people" && form.peopleBy === "people"
        ? "List the people to look up to see the estimate."
        : view.scope === "required" || (view.scope === "optional" && formQuery(form) !== "")
          ? "Name where to search to see the estimate."
          : "Add a condition to see the estimate."
      : estimate.busy
        ? "Estimating…"
        : estimate.error
          ? "No estimate: see the message above."
          : (estimate.value?.message ?? "");

  const errors = [search.error, control.error, followError, driver.error].filter(Boolean);

  return (
    <>
      <div class="screen-body">
        <Segmented
          name="find-kind"
          label="Find"
          segments={catalog.kinds.map((k) => ({ value: k.kind, label: k.label }))}
          value={kind}
          onChange={(next) => {
            setKind(next);
            setOutcome(null);
          }}
        />
        {errors.length > 0 && (
          <div ref={errorsShown}>
            {errors.map((error) => (
              <Banner key={error} tone="error">
                {error}
              </Banner>
            ))}
          </div>
        )}
        {outcome && (
          <Banner
            tone={outcome.kind === "sheet" && outcome.sheetName === null ? "info" : "success"}
            title={
              outcome.kind === "job"
                ? "People search started"
                : outcome.sheetName
                  ? "Search done"
                  : "Nothing found"
            }
            onDismiss={() => setOutcome(null)}
            landing
          >
            {outcome.message}
          </Banner>
        )}
        {kind === "people" && (
          <PeopleSearches
            searches={searches}
            busy={control.busy}
            onStop={(id) => onControl("stop", id)}
            onResume={(id) => onControl("resume", id)}
          />
        )}
        {view.scope !== "none" && (
          <ScopeSection catalog={catalog} kind={view} form={form} onChange={update} />
        )}
        {!(kind === "people" && form.peopleBy === "people") && (
          <QueryBuilder catalog={catalog} kind={view} form={form} onChange={update} />
        )}
        <OptionsSection catalog={catalog} kind={view} form={form} onChange={update} />
        {estimate.error && request && (
          <Banner tone="warning" title="Not ready to search">
            {estimate.error}
          </Banner>
        )}
        {estimate.value && estimate.value.notes.length > 0 && (
          <ul class="hint">
            {estimate.value.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </div>
      <ScreenFooter estimateId="find-estimate" estimate={line}>
        <Button
          kind="primary"
          busy={search.busy}
          disabled={!estimate.value || estimate.busy || outcome !== null}
          onClick={onSearch}
          describedBy="find-estimate"
        >
          Search into new sheet
        </Button>
      </ScreenFooter>
      {confirm.dialog}
    </>
  );
}
