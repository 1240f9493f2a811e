// The technology stack of one organization into a new sheet: business function → category → technology,
// with the job posts that use each, and the category's evidence (posts that mention without using).
import type { TechStackResponse } from "../../api/contract";
import { PRICES } from "../../api/contract";
import { plural } from "../../api/words/format";
import { cellText } from "../../core/sheet/cells";
import type { CellValue } from "../../core/sheet/port";
import { activeWorkbook } from "../../platform/spreadsheet";
import { makeClient } from "../runtime";
import { readRequest } from "../sidebar/args";
import { SIDEBAR_CALL_BUDGET_MS } from "../sidebar/call";
import { ORGANIZATION_SHAPE, readOneOrganization, resolveOneOrganization } from "../sidebar/one-organization";
import { afterPaidMatch } from "../sidebar/organization-match";
import { settlePaid } from "../sidebar/paid-log";
import { type ImportedSheet, namedSheetBase, writeNewSheet } from "../sidebar/result-sheets";

export const TECH_STACK_HEADER = [
  "Business function",
  "Category",
  "Technology",
  "Slug",
  "Job posts using it",
  "Domain",
  "Kind",
];
export const USED = "Used";
export const EVIDENCE = "Mentioned, not used";

/** What a tech-stack import costs: one call per organization (spec §8.5). */
export const TECH_STACK_CREDITS = PRICES.techStack;

export function techStackRows(stack: TechStackResponse): CellValue[][] {
  const rows: CellValue[][] = [];
  for (const fn of stack.business_functions) {
    for (const category of fn.categories) {
      const label = cellText(category.category_name_full ?? category.category_name);
      for (const tech of category.technologies) {
        rows.push([
          cellText(fn.business_function),
          label,
          cellText(tech.name),
          cellText(tech.slug),
          tech.job_post_used_count ?? "",
          cellText(tech.domain ?? ""),
          USED,
        ]);
      }
      for (const evidence of category.evidence ?? []) {
        rows.push([
          cellText(fn.business_function),
          label,
          cellText(evidence.name),
          "",
          evidence.job_post_used_count ?? "",
          "",
          EVIDENCE,
        ]);
      }
    }
  }
  return rows;
}

export function importTechStack(input: unknown): ImportedSheet {
  const request = readRequest(input, ORGANIZATION_SHAPE);
  const organization = readOneOrganization(request);
  const client = makeClient({ budgetMs: SIDEBAR_CALL_BUDGET_MS });
  const matched = resolveOneOrganization(client, organization, "its tech stack");
  const stack = afterPaidMatch(matched.creditsUsed, () => client.techStack(matched.id));
  const workbook = activeWorkbook();
  const rows = techStackRows(stack);
  const sheetName = writeNewSheet(
    workbook,
    namedSheetBase("Tech stack", stack.organization_slug),
    TECH_STACK_HEADER,
    rows,
  ).name;
  const technologies = rows.filter((row) => row[6] === USED).length;
  const message = `${plural(technologies, "technology", "technologies")} of ${stack.organization_slug} written to "${sheetName}".`;
  const spent = settlePaid(workbook, {
    action: `Tech stack of ${stack.organization_slug}`,
    rows: rows.length,
    creditsUsed: stack.credits_used,
    creditsRemaining: stack.credits_remaining,
    result: message,
  });
  return {
    sheetName,
    rows: rows.length,
    message,
    ...spent,
    creditsUsed: matched.creditsUsed + spent.creditsUsed,
  };
}
