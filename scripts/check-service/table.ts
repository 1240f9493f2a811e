// The report as a plain-text table (one row per check) and a closing line with the counts and the spend.
import type { Report, Row } from "./run-checks.ts";

const COLUMNS: { title: string; key: keyof Row }[] = [
  { title: "Check", key: "check" },
  { title: "Request", key: "request" },
  { title: "Cost", key: "cost" },
  { title: "Result", key: "result" },
  { title: "Details", key: "detail" },
];

export function renderTable(rows: readonly Row[]): string {
  const widths = COLUMNS.map((c) => Math.max(c.title.length, ...rows.map((r) => r[c.key].length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  return [
    line(COLUMNS.map((c) => c.title)),
    line(widths.map((w, i) => "-".repeat(i === widths.length - 1 ? COLUMNS[i]!.title.length : w))),
    ...rows.map((r) => line(COLUMNS.map((c) => r[c.key]))),
  ].join("\n");
}

export function renderSummary(report: Report): string {
  const count = (result: Row["result"]) => report.rows.filter((r) => r.result === result).length;
  const disagree = count("disagrees");
  const verdict =
    disagree === 0
      ? "The service and the add-on's contract agree on everything checked."
      : `${disagree} answer${disagree === 1 ? "" : "s"} did not match the add-on's contract: see Details.`;
  const spent = report.paidChargeUnknown
    ? `Credits spent: ${report.creditsSpent} reported, and the paid request's charge is unknown: check the balance.`
    : `Credits spent: ${report.creditsSpent}.`;
  return `${count("agrees")} agree, ${disagree} disagree, ${count("skipped")} skipped. ${spent} ${verdict}`;
}
