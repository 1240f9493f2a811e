// What a refresh run changed: the records the engine writes and the sidebar summarises (issue 30's contract).

/** One cell a refresh run changed, as the "Changes" sheet keeps it (one row each, appended, never rewritten). */
export interface CellChange {
  /** Epoch ms of the run that wrote it. */
  at: number;
  ruleId: string;
  sheetName: string;
  /** 1-based sheet row and column of the changed cell. */
  row: number;
  column: number;
  /** The organization's identifier as read from the rule's input column. */
  organization: string;
  /** API field name (`employee_count`, `industry`, `technologies`, …). */
  field: string;
  /** The cell's value before and after the run, as written to the sheet. */
  before: string | number | boolean | null;
  after: string | number | boolean | null;
  /**
   * True when another organization sits in the row than at the rule's last run (a person edited its
   * identifier): the cell changed because the row did, not because anything moved. Never notable.
   */
  newOrganization?: boolean;
  /**
   * True when the refresh refilled the cell free from what was bought, in another run's block over its rows
   * (its identifier sorted or typed away from the values): nothing was bought for it. Never notable.
   */
  filled?: boolean;
}

/** The per-rule setting for what counts as notable. */
export interface NotableThresholds {
  /** A numeric (count) field moving by at least this fraction is notable: 0.1 means ±10%. */
  countChange: number;
}

export const DEFAULT_THRESHOLDS: NotableThresholds = { countChange: 0.1 };

/** What a rule's latest run did, kept on the rule (small: the changes themselves live in the Changes sheet). */
export interface RefreshRunReport {
  at: number;
  rowsChecked: number;
  /** Rows bought this run (all rows, or only new and edited ones for a "new rows only" rule). */
  rowsBought: number;
  cellsChanged: number;
  credits: number;
  /** The Changes sheet's rows (1-based, inclusive) this run appended, so the sidebar can select or read them. */
  changeRows: { first: number; last: number } | null;
}
