// The add-on's own sheets, by name: which are hidden, what each keeps, and what Sheets warns a person of.

/** The spreadsheet's jobs and refresh rules (see src/server/jobs/services.ts). */
export const JOBS_SHEET = "Enrichment jobs";
/** Each refresh rule's row prints, read only when a refresh starts or ends. */
export const PRINTS_SHEET = "Enrichment row prints";
/** Ids bought for domains and names by list imports, so a list from the same domains buys none again. */
export const MATCH_SHEET = "Enrichment matches";
/** Every paid bulk answer, read by every run before it buys (src/core/bulk/purchase-record.ts). */
export const RECORD_SHEET = "Enrichment purchases";
/** The purchase record by key-hash bucket, for formulas to read one row of (src/core/bulk/record-shelf.ts). */
export const SHELF_SHEET = "Enrichment purchases by key";
/** The visible log of every paid step. */
export const LOG_SHEET = "Enrichment log";
/** The visible log of the cells refreshes changed. */
export const CHANGES_SHEET = "Changes";

const JOURNAL_PREFIX = "Enrichment journal · ";
const COPY_PREFIX = "Enrichment copy · ";
/** Sheets cuts a sheet's name at 100 characters. */
const NAME_MAX = 100;

/** The hidden sheet of job `jobId`'s journal, as versions before the purchase record named it. */
export function journalSheetName(jobId: string): string {
  return `${JOURNAL_PREFIX}${jobId}`.slice(0, NAME_MAX);
}

/** The hidden sheet keeping what bulk runs wrote into `sheetName`, cell for cell. */
export function copySheetName(sheetName: string): string {
  return `${COPY_PREFIX}${sheetName}`.slice(0, NAME_MAX);
}

export type AddonSheetKind =
  | "jobs"
  | "prints"
  | "matches"
  | "purchases"
  | "shelf"
  | "journal"
  | "copy"
  | "log"
  | "changes";

/** What the registry knows of one of the add-on's sheets. */
export interface AddonSheet {
  kind: AddonSheetKind;
  /** Hidden and protected warning-only when made; the visible ones are the person's to read, sort and tidy. */
  hidden: boolean;
  /** The protection's description: what Sheets shows an editor who unhides the sheet and edits it. */
  purpose: string;
}

const WARNING = "Editing it can make the add-on buy again what was bought, or lose track of work.";

const FIXED = new Map<string, AddonSheet>(
  Object.entries({
    [JOBS_SHEET]: {
      kind: "jobs",
      hidden: true,
      purpose: `Kept by Enrichment for Sheets: this spreadsheet's background runs and refresh rules. ${WARNING}`,
    },
    [PRINTS_SHEET]: {
      kind: "prints",
      hidden: true,
      purpose: `Kept by Enrichment for Sheets: which rows each refresh rule has seen, so a new-rows-only refresh buys only new rows. ${WARNING}`,
    },
    [MATCH_SHEET]: {
      kind: "matches",
      hidden: true,
      purpose: `Kept by Enrichment for Sheets: the organization ids bought for domains and names, so a list from them is not bought again. ${WARNING}`,
    },
    [RECORD_SHEET]: {
      kind: "purchases",
      hidden: true,
      purpose: `Kept by Enrichment for Sheets: every organization and field bought, so no run buys them again. ${WARNING}`,
    },
    [SHELF_SHEET]: {
      kind: "shelf",
      hidden: true,
      purpose: `Kept by Enrichment for Sheets: the purchases sheet sorted by organization, so a formula reads one row of it before it buys. ${WARNING}`,
    },
    [LOG_SHEET]: { kind: "log", hidden: false, purpose: "" },
    [CHANGES_SHEET]: { kind: "changes", hidden: false, purpose: "" },
  } satisfies Record<string, AddonSheet>),
);

const JOURNAL: AddonSheet = {
  kind: "journal",
  hidden: true,
  purpose: `Kept by Enrichment for Sheets: what one run bought, from a version before the purchase record. ${WARNING}`,
};

const COPY: AddonSheet = {
  kind: "copy",
  hidden: true,
  purpose: `Kept by Enrichment for Sheets: a copy of what runs wrote into one sheet, so a refresh tells a moved row from an edited one. ${WARNING}`,
};

/** The add-on sheet named `name`, or null for a sheet of the person's own. */
export function addonSheet(name: string): AddonSheet | null {
  const fixed = FIXED.get(name);
  if (fixed) return fixed;
  if (name.startsWith(JOURNAL_PREFIX)) return JOURNAL;
  if (name.startsWith(COPY_PREFIX)) return COPY;
  return null;
}
