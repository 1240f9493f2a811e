// Stands in for the refresh engine in tests of the Refreshes section: a rule's last-run report written
// into the hidden jobs sheet as the bundle stores rules, and a run's rows appended to the Changes sheet.
import type { Harness } from "../../harness/index.ts";
import type { CellChange, RefreshRunReport } from "../../src/core/changes/change.ts";
import { CHANGE_ROW_HEADERS, changeRowValues } from "../../src/core/changes/change-rows.ts";

const JOBS_SHEET = "Enrichment jobs";
/** The sheet store's value mark and the chunked store's mark of a record kept in one value. */
const STORED = "v=";

/** Sets `lastRun` on the stored rule, as the engine's run does at its end. */
export function setLastRun(gas: Harness, ruleId: string, report: RefreshRunReport): void {
  const sheet = gas.sheet(JOBS_SHEET);
  const rows = sheet.values();
  const index = rows.findIndex((row) => row[0] === `rule:${ruleId}`);
  const value = String(rows[index]?.[1] ?? "");
  if (index < 0 || !value.startsWith(STORED)) throw new Error(`rule ${ruleId} is not stored in one value`);
  const rule = { ...JSON.parse(value.slice(STORED.length)), lastRun: report };
  sheet.set(`B${index + 1}`, STORED + JSON.stringify(rule));
}

/** Writes `changes` from `firstRow` of the Changes sheet (headers in row 1), as the refresh run appends them. */
export function writeChanges(
  gas: Harness,
  firstRow: number,
  changes: readonly CellChange[],
): { first: number; last: number } {
  const sheet = gas.sheet("Changes");
  sheet.set("A1", [CHANGE_ROW_HEADERS]);
  sheet.set(
    `A${firstRow}`,
    changes.map((change) => changeRowValues(change, new Date(change.at))),
  );
  return { first: firstRow, last: firstRow + changes.length - 1 };
}
