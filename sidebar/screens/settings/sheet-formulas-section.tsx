// Settings ▸ Formulas on this sheet: answers cached, fetched lately and for what, the most a recalculation
// could spend, and every kind of error on the sheet with a button that selects its cells.
import { useState } from "preact/hooks";
import { server } from "../../bridge";
import { Banner } from "../../components/banner";
import { Button } from "../../components/button";
import { Section } from "../../components/section";
import { useAction } from "../../hooks/use-action";
import { todaySince } from "../../lib/credits-chip";
import { formatAge, formatCredits, formatNumber } from "../../lib/format";
import type { FormulaSheetStatus as Status } from "../../lib/server-types";

function describe(status: Status): string {
  const cells = `${formatNumber(status.formulaCells)} formula cell${status.formulaCells === 1 ? "" : "s"}`;
  if (status.orgAttrCells === 0) return `"${status.sheetName}": ${cells}, none of them ORG_ATTR.`;
  return (
    `"${status.sheetName}": ${cells}, ${formatNumber(status.orgAttrCells)} of them ORG_ATTR, ` +
    `naming ${formatNumber(status.organizations)} organization${status.organizations === 1 ? "" : "s"}: ` +
    `${formatNumber(status.keptOrganizations)} with kept answers` +
    `${status.oldestFetchedAt ? ` (the oldest fetched ${formatAge(status.oldestFetchedAt, Date.now())})` : ""}; ` +
    (status.toFetch === 0
      ? "nothing to fetch on the next recalculation."
      : `${formatNumber(status.toFetch)} lookup${status.toFetch === 1 ? "" : "s"} (one per organization and set of attributes) to fetch on the next recalculation, up to ${formatCredits(status.upToCredits)}.`)
  );
}

/**
 * What was bought lately: this sheet's lookups fetched in the last day (a count: what they cost is on the
 * Enrichment log), and what formulas spent today from the record the daily cap counts.
 */
function spending(status: Status): string {
  const today = `Formulas in this spreadsheet spent ${formatCredits(status.formulasSpentToday)} today (${todaySince(status.zone)}).`;
  if (status.orgAttrCells === 0) return today;
  const lastDay =
    status.fetchedLastDay === 0
      ? "None of its organizations' kept answers was fetched in the last 24 hours"
      : `${formatNumber(status.fetchedLastDay)} of its organizations' kept answers ${status.fetchedLastDay === 1 ? "was" : "were"} fetched in the last 24 hours`;
  return `${lastDay}. ${today}`;
}

type ErrorKind = Status["errors"][number];

/** "3 cells", "1 cell". */
const cellCount = (n: number) => `${formatNumber(n)} cell${n === 1 ? "" : "s"}`;

/** One kind of error: how many cells, why, what to do, and a button that selects them in the sheet. */
function ErrorKindItem({ kind, sheetName }: { kind: ErrorKind; sheetName: string }) {
  const select = useAction(() => server.selectErrorCells(sheetName, kind.ranges));
  const where = kind.where === "formula" ? "formula cells showing #ERROR!" : "rows whose Status says";
  return (
    <li class="error-kind">
      <p>
        <strong>{cellCount(kind.count)}</strong> ({where}): {kind.sentence} {kind.todo}
      </p>
      <Button busy={select.busy} onClick={() => void select.run()}>
        Select {kind.count === 1 ? "it" : `these ${formatNumber(kind.count)}`}
      </Button>
      {select.error && <p class="hint">{select.error}</p>}
    </li>
  );
}

/** Every kind of error on the sheet, or a plain "none". */
function ErrorList({ status }: { status: Status }) {
  if (status.errors.length === 0) return <p class="hint">No errors on "{status.sheetName}".</p>;
  const total = status.errors.reduce((sum, kind) => sum + kind.count, 0);
  return (
    <div>
      <h3>
        Errors on "{status.sheetName}": {cellCount(total)}, {status.errors.length} kind
        {status.errors.length === 1 ? "" : "s"}
      </h3>
      <ul class="error-kinds">
        {status.errors.map((kind) => (
          <ErrorKindItem key={`${kind.where}:${kind.sentence}`} kind={kind} sheetName={status.sheetName} />
        ))}
      </ul>
    </div>
  );
}

export function SheetFormulasSection() {
  const [status, setStatus] = useState<Status | null>(null);
  const check = useAction(() => server.formulaSheetStatus());
  const onCheck = async () => {
    const outcome = await check.run();
    if (outcome.ok) setStatus(outcome.value);
  };
  return (
    <Section id="sheet-formulas" title="Formulas on this sheet">
      <p class="hint">
        Reads the sheet in view and the cache; nothing is sent and nothing is spent. Lists every kind of error
        on it.
      </p>
      <div class="row">
        <Button busy={check.busy} onClick={onCheck}>
          Check this sheet
        </Button>
      </div>
      {check.error && (
        <Banner tone="error" title="Not checked" onDismiss={check.clearError}>
          {check.error}
        </Banner>
      )}
      <p class="status" role="status" aria-live="polite">
        {status ? `${describe(status)} ${spending(status)}` : null}
      </p>
      {status && <ErrorList status={status} />}
    </Section>
  );
}
