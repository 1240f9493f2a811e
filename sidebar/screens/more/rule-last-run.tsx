// A scheduled refresh's last run under its title: rows checked, cells changed, credits, the notable
// changes first (in words) and how many others, and "Select changed cells".
import { Button } from "../../components/button";
import { formatCredits, formatNumber } from "../../lib/format";
import type { RefreshRunView } from "../../lib/more-types";

type LastRun = NonNullable<RefreshRunView["lastRun"]>;

function totals(run: LastRun): string {
  const bought = run.rowsBought === run.rowsChecked ? "" : ` (${formatNumber(run.rowsBought)} bought)`;
  const cells = `${formatNumber(run.cellsChanged)} cell${run.cellsChanged === 1 ? "" : "s"} changed`;
  return `${formatNumber(run.rowsChecked)} rows checked${bought} · ${cells} · ${formatCredits(run.credits)}`;
}

function othersLine(run: LastRun): string | null {
  const unlisted = run.notableTotal - run.notable.length;
  const parts: string[] = [];
  if (unlisted > 0) parts.push(`${formatNumber(unlisted)} more notable`);
  if (run.others > 0) parts.push(`${formatNumber(run.others)} other change${run.others === 1 ? "" : "s"}`);
  if (parts.length === 0) return null;
  return `And ${parts.join(" and ")}.`;
}

export function RuleLastRun({
  id,
  title,
  run,
  selecting,
  onSelect,
}: {
  id: string;
  title: string;
  run: LastRun;
  selecting: boolean;
  onSelect: () => void;
}) {
  const others = othersLine(run);
  return (
    <section class="run-report" aria-labelledby={`${id}-report`}>
      <p id={`${id}-report`} class="item-details">
        Last run: {totals(run)}
      </p>
      {run.notable.length > 0 ? (
        <ul class="notable-list" aria-label={`Notable changes in ${title}`}>
          {run.notable.map((change) => (
            <li key={`${change.row}:${change.words}`}>
              <span class="notable-org">{change.organization}</span> <span>{change.words}</span>
            </li>
          ))}
        </ul>
      ) : (
        run.cellsChanged > 0 && <p class="hint">Nothing past this refresh's threshold.</p>
      )}
      {others && <p class="hint">{others}</p>}
      {run.cellsChanged > 0 && (
        <Button kind="text" busy={selecting} onClick={onSelect}>
          Select changed cells
        </Button>
      )}
    </section>
  );
}
