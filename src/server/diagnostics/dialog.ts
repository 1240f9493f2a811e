// The Diagnostics dialog's HTML: the table of facts, each value escaped; a fact's tooltip gives the
// platform's name for it and its raw values.
import type { DiagnosticsRow } from "./rows";

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const MARK: Record<string, string> = { true: "same", false: "differs", null: "—" };

export function diagnosticsHtml(rows: DiagnosticsRow[]): string {
  const differs = rows.filter((r) => r.same === false).length;
  const body = rows
    .map(
      (r) =>
        `<tr class="${MARK[String(r.same)] === "differs" ? "differs" : ""}"><td title="${escapeHtml(r.term)}">${escapeHtml(r.fact)}</td><td>${escapeHtml(r.seen)}</td><td>${escapeHtml(r.assumed)}</td><td>${MARK[String(r.same)]}</td></tr>`,
    )
    .join("");
  const summary =
    differs === 0
      ? "Every fact checked so far is as the add-on's test harness assumes."
      : `${differs} ${differs === 1 ? "fact differs" : "facts differ"} from what the add-on's test harness assumes: send this table to the developers (docs/deploy.md, "Run Diagnostics").`;
  // lang, title and a heading: a screen reader names the page and can move to its parts.
  return `<!DOCTYPE html><html lang="en"><head><title>Diagnostics</title><base target="_top"><style>
body{font:12px/1.35 Arial,sans-serif;margin:0;padding:6px;color:#202124}
table{border-collapse:collapse;width:100%}th,td{border:1px solid #dadce0;padding:3px 6px;text-align:left;vertical-align:top}
th{background:#f1f3f4}tr.differs td{background:#fce8e6}td:nth-child(2),td:nth-child(3){word-break:break-word}
p{margin:0 0 8px}h1{font-size:14px;margin:0 0 6px}
</style></head><body><h1>Diagnostics</h1><p>${escapeHtml(summary)}</p><p>Hover a fact for the platform's own name for it and its raw values.</p>
<table><thead><tr><th scope="col">Fact</th><th scope="col">Seen here</th><th scope="col">Harness assumes</th><th scope="col">Same?</th></tr></thead><tbody>${body}</tbody></table>
</body></html>`;
}
