// Intelligence briefs as a job: one item per organization, polled until written, too thin, or failed.

import type { IntelligenceBrief } from "../../api/contract";
import { quoteInput } from "../../api/words/quote-input";
import { cellText, MAX_CELL_CHARS } from "../sheet/cells";
import type { CellValue, SheetPort, WorkbookPort } from "../sheet/port";
import { briefLinkedText, briefText } from "../text/brief-text";
import { RequestError } from "../text/user-errors";
import type { BriefItem, BriefsState } from "./job";

export const BRIEFS_SHEET = "Briefs";
export const BRIEF_HEADER = ["Organization id", "Title", "Brief", "Link"];
/** 50 credits each: a batch larger than this is more likely a mistaken selection than a plan. */
export const MAX_BRIEFS = 50;
/** Tries per brief for failures that may pass (429, 5xx), each after the client's own retries. */
export const MAX_BRIEF_ATTEMPTS = 3;
export const BRIEF_RETRY_MS = 30_000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The organization ids of a brief request: positive whole numbers, duplicates dropped. */
export function readOrganizationIds(input: unknown): number[] {
  const ids = isRecord(input) ? input["organizationIds"] : undefined;
  if (!Array.isArray(ids) || ids.length === 0) {
    throw new RequestError("Choose at least one organization for a brief (organizationIds).");
  }
  const unique: number[] = [];
  for (const id of ids) {
    const value = typeof id === "string" && /^\d+$/.test(id.trim()) ? Number(id.trim()) : id;
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 1) {
      throw new RequestError(`Organization ids must be positive whole numbers; got ${quoteInput(id)}.`);
    }
    if (!unique.includes(value)) unique.push(value);
  }
  if (unique.length > MAX_BRIEFS) {
    throw new RequestError(`Ask for at most ${MAX_BRIEFS} briefs at a time; got ${unique.length}.`);
  }
  return unique;
}

export function createBriefsState(organizationIds: readonly number[], now: number): BriefsState {
  return {
    items: organizationIds.map((organizationId) => ({
      organizationId,
      state: "pending",
      notBefore: now,
      pendings: 0,
      attempts: 0,
      note: null,
    })),
    creditsSpent: 0,
    creditsRemaining: null,
    sheetName: BRIEFS_SHEET,
  };
}

export function dueItems(state: BriefsState, now: number): BriefItem[] {
  return state.items.filter((item) => item.state === "pending" && item.notBefore <= now);
}

/** When the next pending brief is due, or null when none is pending. */
export function nextItemDue(state: BriefsState): number | null {
  const pending = state.items.filter((item) => item.state === "pending").map((item) => item.notBefore);
  return pending.length ? Math.min(...pending) : null;
}

export function briefRow(brief: IntelligenceBrief): CellValue[] {
  // The body is Markdown: a cell shows it as readable text, links kept as "words (address)".
  return [
    brief.organization_id,
    cellText(brief.title),
    cellText(briefText(brief.body)),
    cellText(brief.service_url),
  ];
}

/** The Brief column, whose cell's note keeps the service's Markdown. */
const BRIEF_COLUMN = BRIEF_HEADER.indexOf("Brief") + 1;
/** A cell's own limit; a longer body keeps its plain text only (the sidebar shows that). */
const MAX_NOTE_CHARS = 50_000;

/** Keeps the brief's Markdown in its Brief cell's note, where the sidebar reads it to show it formatted. */
export function keepBriefMarkdown(
  workbook: WorkbookPort,
  sheetName: string,
  row: number,
  markdown: string,
): void {
  if (markdown.length > MAX_NOTE_CHARS) return;
  workbook.sheet(sheetName)?.writeNotes(row, BRIEF_COLUMN, [[markdown]]);
}

/**
 * Makes the brief's web links real links in its Brief cell (a Rich Text value of the very text briefRow
 * wrote): a brief without links, or cut to fit the cell, keeps its plain text as written.
 */
export function keepBriefLinks(
  workbook: WorkbookPort,
  sheetName: string,
  row: number,
  markdown: string,
): void {
  const linked = briefLinkedText(markdown);
  if (linked.links.length === 0 || linked.text.length > MAX_CELL_CHARS) return;
  workbook.sheet(sheetName)?.writeLinkedText(row, BRIEF_COLUMN, linked);
}

/** The brief on `row` as Markdown: its cell's note, or its plain text when the note is gone. */
export function briefMarkdown(sheet: SheetPort, row: number, text: string): string {
  return sheet.readNotes(row, BRIEF_COLUMN, 1, 1)[0]?.[0] || text;
}
