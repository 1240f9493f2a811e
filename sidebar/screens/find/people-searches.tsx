// The latest people searches of this spreadsheet: "Queued · Running · Done — 140 people", read again every
// few seconds while one is going. A search goes on when the sidebar is closed and is shown here again.
import { Button } from "../../components/button";
import { Section } from "../../components/section";
import type { PeopleSearchView } from "../../lib/find-types";
import { formatCredits, formatNumber } from "../../lib/format";
import { isActiveState, spentLine } from "../../lib/run-progress";

const STEPS = [
  { phase: "queued", label: "Queued" },
  { phase: "running", label: "Running" },
  { phase: "done", label: "Done" },
] as const;

const RESTING: Record<string, string> = {
  stopped: "Stopped",
  out_of_credits: "Out of credits",
  failed: "Failed",
};

function Steps({ search }: { search: PeopleSearchView }) {
  const resting = RESTING[search.phase];
  if (resting) return <p class="steps">{resting}</p>;
  return (
    <ol class="steps" aria-label="Progress">
      {STEPS.map((step) => (
        <li key={step.phase} aria-current={step.phase === search.phase ? "step" : undefined}>
          {step.phase === "done" && search.phase === "done"
            ? `Done — ${formatNumber(search.people)} ${search.people === 1 ? "person" : "people"}`
            : step.label}
        </li>
      ))}
    </ol>
  );
}

export function PeopleSearches({
  searches,
  onStop,
  onResume,
  busy,
}: {
  searches: readonly PeopleSearchView[];
  onStop: (jobId: string) => void;
  onResume: (jobId: string) => void;
  busy: boolean;
}) {
  if (searches.length === 0) return null;
  return (
    <Section id="people-searches" title="People searches">
      <ul class="search-list" aria-live="polite">
        {searches.map((search) => (
          <li key={search.status.jobId} class="search-item">
            <span class="menu-title">{search.status.title}</span>
            <Steps search={search} />
            <p class="hint">{search.status.message}</p>
            {!isActiveState(search.status.state) && search.status.creditsSpent > 0 && (
              <p class="hint">{spentLine(search.status)}</p>
            )}
            {search.status.canStop && (
              <Button kind="text" busy={busy} onClick={() => onStop(search.status.jobId)}>
                Stop following
              </Button>
            )}
            {search.status.canResume && (
              <Button kind="text" busy={busy} onClick={() => onResume(search.status.jobId)}>
                {search.status.paidPeople > 0
                  ? "Fetch the people paid for"
                  : `Resume · up to ${formatCredits(search.status.resumeCredits)}`}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
