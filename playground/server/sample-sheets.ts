// The sheets a newcomer finds: company domains to enrich, and a tab of ready formulas to learn from.
import type { Organization } from "../../emulator/dataset/types.ts";
import type { SheetSeed } from "../../harness/index.ts";

export const SAMPLE_SPREADSHEET_NAME = "Sample companies";
export const COMPANIES_SHEET = "Companies";
export const EXAMPLES_SHEET = "Examples";
/** Domains in A2:A20, so =ORG_ATTR(A2:A20, "employee_count") covers them all. */
export const SAMPLE_ROWS = 19;

const TITLES = ["Senior Data Engineer", "VP of Sales", "Account Executive"];
const TECH_NAMES = ["K8s", "Postgres", "React"];
const TECH_SLUGS = ["kubernetes", "python", "react"];

/**
 * The organizations a sample shows: well-known to the service (highest score first), independent (no
 * parent) and still trading, so every formula finds them.
 */
export function sampleOrganizations(orgs: readonly Organization[], count: number): Organization[] {
  return orgs
    .filter((org) => org.status === "active" && org.parentIndex < 0)
    .sort((a, b) => b.serviceScore - a.serviceScore || a.index - b.index)
    .slice(0, count);
}

/**
 * With `examples` (the emulator), a second sheet of ready formulas; without (a real service), the companies
 * alone, so nothing is spent before the person types a formula.
 */
export function sampleSheets(orgs: readonly Organization[], examples = true): SheetSeed[] {
  const picked = sampleOrganizations(orgs, SAMPLE_ROWS);
  const companies: unknown[][] = [["Domain"], ...picked.map((org) => [org.domain])];
  return [
    { name: COMPANIES_SHEET, values: companies },
    ...(examples ? [{ name: EXAMPLES_SHEET, values: exampleRows(picked) }] : []),
  ];
}

function exampleRows(picked: Organization[]): unknown[][] {
  const [a, b, c, d, e] = picked as [Organization, Organization, Organization, Organization, Organization];
  // Every way the add-on reads an organization: a domain, a URL, an e-mail, a name and an id.
  const identifiers = [
    a.domain,
    `https://www.${b.domain}/careers`,
    `jane.doe@${c.domain}`,
    d.name,
    String(e.id),
  ];
  return [
    ["Organization", "Name", "Employees", "Industry"],
    ...identifiers.map((id, i) =>
      i === 0 ? [id, '=ORG_ATTR(A2:A6, "name,employee_count,industry")'] : [id],
    ),
    [],
    ["Total employees", "", "=SUM(C2:C6)"],
    [],
    ["Job title", "Function", "Level"],
    ...TITLES.map((title, i) =>
      i === 0 ? [title, "=JOB_FUNCTION(A11:A13)", "=JOB_LEVEL(A11:A13)"] : [title],
    ),
    [],
    ["Technology", "Slug"],
    ...TECH_NAMES.map((name, i) => (i === 0 ? [name, "=TECH_SLUG(A16:A18)"] : [name])),
    [],
    ["Job posts mentioning", ...TECH_SLUGS],
    [a.domain, "=TECH_COUNT(A21:A23, B20:D20)"],
    [b.domain],
    [c.domain],
  ];
}
