// Reads a column of job titles: a header cell ("Job title", "Role") is told from a first title and
// skipped, and each cell is read as lookup text, so repeats are looked up once.
import { type InputSummary, summarizeInput } from "../../core/bulk/plan";
import { readTitle, type TextRead } from "../../core/organizations/identifiers";

/** Words people put above a column of job titles; compared after folding case and punctuation. */
const TITLE_HEADERS = new Set([
  "title",
  "titles",
  "job title",
  "job titles",
  "jobtitle",
  "position",
  "positions",
  "role",
  "roles",
  "job",
  "job role",
  "designation",
  "occupation",
  "current title",
  "contact title",
]);

export interface TitleColumn {
  headerRow: number | null;
  firstDataRow: number;
  /** One read per data row, from firstDataRow down. */
  reads: TextRead[];
  summary: InputSummary;
}

function folded(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export function looksLikeTitleHeader(first: unknown): boolean {
  return typeof first === "string" && TITLE_HEADERS.has(folded(first));
}

/** `values[0]` is row `firstRow`. */
export function readTitleColumn(values: readonly unknown[], firstRow: number): TitleColumn {
  const hasHeader = looksLikeTitleHeader(values[0]);
  const reads = (hasHeader ? values.slice(1) : values).map(readTitle);
  const summary = summarizeInput(reads);
  return {
    headerRow: hasHeader ? firstRow : null,
    firstDataRow: hasHeader ? firstRow + 1 : firstRow,
    reads,
    summary,
  };
}
