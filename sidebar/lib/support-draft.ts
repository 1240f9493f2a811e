// The data-quality report's first draft from the selected row: what it is about and what the row shows,
// so the data team can find the record; the person adds what is wrong.
import type { SupportContext } from "./more-types";

export function reportSubject(context: SupportContext): string {
  if (context.organizationId !== null) return `organization ${context.organizationId}`;
  if (context.personId !== null) return `person ${context.personId}`;
  return `row ${context.row} of "${context.sheetName}"`;
}

export function reportDraft(context: SupportContext): string {
  const lines = [
    `About ${reportSubject(context)}.`,
    "",
    "What is wrong:",
    "",
    "",
    `The row ("${context.sheetName}" row ${context.row}) shows:`,
  ];
  for (const detail of context.details) lines.push(`- ${detail}`);
  return lines.join("\n");
}
