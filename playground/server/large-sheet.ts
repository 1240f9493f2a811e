// A sheet at real size for the bench and the browser tests: rows of companies, 30 columns, made in the server.
import type { Organization } from "../../emulator/dataset/types.ts";
import type { SheetSeed } from "../../harness/index.ts";

export const LARGE_SHEET = "Companies";

/**
 * `rows` rows (a header and rows − 1 companies, the dataset's organizations over and over) and `cols`
 * columns: domain, name, employees, industry, then numbered figures; the last column is left for a formula
 * to fill down, its header and first formula (=LEN(A2)) in place.
 */
export function largeSheet(orgs: readonly Organization[], rows: number, cols: number): SheetSeed {
  const figures = cols - 5;
  const header = [
    "Domain",
    "Name",
    "Employees",
    "Industry",
    ...Array.from({ length: figures }, (_, i) => `Figure ${i + 1}`),
    "Domain length",
  ];
  const values: unknown[][] = [header];
  for (let r = 2; r <= rows; r++) {
    const org = orgs[(r - 2) % orgs.length]!;
    const row: unknown[] = [org.domain, org.name, org.employeeCount, org.industry];
    for (let i = 0; i < figures; i++) row.push(((r * 31 + i * 17) % 1000) + i);
    row.push(r === 2 ? "=LEN(A2)" : "");
    values.push(row);
  }
  return { name: LARGE_SHEET, values, rows, cols };
}
