// Plans a bulk run from its input column: data rows, chunks of 1,000 new organizations, the estimate.
import { LIMITS } from "../../api/contract";
import { organizationUnitCost } from "../../api/pricing";
import { type OrganizationRead, readOrganization, type TextRead } from "../organizations/identifiers";
import { buildSelect, type OrgField } from "../organizations/org-fields";
import { looksLikeHeader } from "./header";
import type { HeaderSetting } from "./request";

/**
 * A chunk also ends after this many rows, so a column of mostly blanks or repeats still writes in blocks
 * of a size one setValues handles quickly.
 */
export const MAX_CHUNK_ROWS = 5_000;

export interface InputColumn {
  /** The header row, when there is one. */
  headerRow: number | null;
  firstDataRow: number;
  /** One read per data row, from firstDataRow down. */
  reads: OrganizationRead[];
}

export interface InputSummary {
  rows: number;
  unique: number;
  blank: number;
  invalid: number;
  /** Rows repeating an organization of an earlier row (sent once, written to every row). */
  duplicates: number;
}

function isBlankCell(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

/**
 * Reads the column's cells (`values[0]` is row `firstRow`). An open-ended range ("A2:A") ends at its last
 * non-blank cell.
 */
export function readInputColumn(
  values: readonly unknown[],
  firstRow: number,
  header: HeaderSetting,
  openEnded: boolean,
): InputColumn {
  let cells = values;
  if (openEnded) {
    let end = cells.length;
    while (end > 0 && isBlankCell(cells[end - 1])) end--;
    cells = cells.slice(0, end);
  }
  const hasHeader = header === "yes" || (header === "auto" && looksLikeHeader(cells[0], cells.slice(1)));
  const data = hasHeader ? cells.slice(1) : cells;
  return {
    headerRow: hasHeader ? firstRow : null,
    firstDataRow: hasHeader ? firstRow + 1 : firstRow,
    reads: data.map(readOrganization),
  };
}

/** Counts rows, distinct inputs, blanks, unreadable cells and repeats of any column of reads. */
export function summarizeInput(reads: readonly (OrganizationRead | TextRead)[]): InputSummary {
  const seen = new Set<string>();
  const summary: InputSummary = { rows: reads.length, unique: 0, blank: 0, invalid: 0, duplicates: 0 };
  for (const read of reads) {
    if (read.kind === "blank") summary.blank++;
    else if (read.kind === "invalid") summary.invalid++;
    else if (seen.has(read.key)) summary.duplicates++;
    else {
      seen.add(read.key);
      summary.unique++;
    }
  }
  return summary;
}

/**
 * Where each chunk starts (offsets into `reads`): a new chunk begins before the organization that would
 * make `maxUnique` first-seen organizations in the current one, or after `maxRows` rows. Repeats of
 * organizations from earlier chunks do not count: their values are already known.
 */
export function chunkStarts(
  reads: readonly OrganizationRead[],
  maxUnique: number = LIMITS.listMax,
  maxRows: number = MAX_CHUNK_ROWS,
): number[] {
  if (reads.length === 0) return [];
  const starts = [0];
  const seen = new Set<string>();
  let fresh = 0;
  let start = 0;
  reads.forEach((read, offset) => {
    const isNew = read.kind === "org" && !seen.has(read.key);
    if (offset > start && ((isNew && fresh === maxUnique) || offset - start === maxRows)) {
      starts.push(offset);
      start = offset;
      fresh = 0;
    }
    if (isNew) {
      seen.add((read as { key: string }).key);
      fresh++;
    }
  });
  return starts;
}

export interface BulkEstimate {
  /** Distinct organizations that would be sent. */
  unique: number;
  /** Requests of at most 1,000 organizations. */
  requests: number;
  /** Credits per matched organization for the chosen fields. */
  unitCost: number;
  /** The most the run can cost: every sent organization matched. */
  credits: number;
}

/**
 * The upper bound of a run over `reads`: unique organizations × the unit cost of the fields. `include`
 * leaves out rows that need nothing (in "empty-only" mode, rows whose output cells are all filled).
 */
export function estimateBulk(
  reads: readonly OrganizationRead[],
  fields: readonly OrgField[],
  include: (offset: number) => boolean = () => true,
): BulkEstimate {
  const keys = new Set<string>();
  reads.forEach((read, offset) => {
    if (read.kind === "org" && include(offset)) keys.add(read.key);
  });
  const unitCost = organizationUnitCost(buildSelect(fields)).credits;
  return {
    unique: keys.size,
    requests: Math.ceil(keys.size / LIMITS.listMax),
    unitCost,
    credits: keys.size * unitCost,
  };
}
