// The world of the row-invariant tests (issue 39): an "Only empty cells" run over A2:A34 saved as a refresh,
// and the check that every row shows the values of the organization in its identifier cell.
import { expect } from "vitest";
import { INDUSTRIES } from "../../emulator/dataset/catalog/industries.ts";
import type { RuleView } from "../../src/server/jobs/refresh.ts";
import { addAccount, domains, type JobsWorld, jobsWorld, run } from "./bulk-world.ts";

/** Industry, Employee count: 1 base + 1 + 1 credits per organization. */
export const FIELDS_39 = [
  { kind: "attribute", name: "industry" },
  { kind: "attribute", name: "employee_count" },
];
export const UNIT_39 = 3;
export const FIRST_ROW = 2;
export const LAST_ROW = 34;
export const ROWS_39 = LAST_ROW - FIRST_ROW + 1;
/** An account with only the credits a test gives it. */
export const LIMITED_KEY = "limited-key-0123456789abcdef";

/** A new sheet, Enrich ▸ Only empty cells over A2:A34 into B:C, saved as a refresh rule. */
export async function enrichedRule(
  options: { newRowsOnly?: boolean; orgs?: number; frequency?: string; credits?: number } = {},
): Promise<JobsWorld & { rule: RuleView }> {
  const apiKey = options.credits === undefined ? undefined : LIMITED_KEY;
  const world = await jobsWorld({ orgs: options.orgs ?? 60, ...(apiKey ? { apiKey } : {}) });
  if (apiKey) addAccount(world.emulator, apiKey, options.credits as number);
  const { gas, emulator } = world;
  gas.sheet("Sheet1").set("A1", [["Domain"], ...domains(emulator, ROWS_39).map((d) => [d])]);
  const job = run(gas, "startEnrichment", {
    sheetName: "Sheet1",
    inputRange: `A${FIRST_ROW}:A${LAST_ROW}`,
    fields: FIELDS_39,
    output: { mode: "empty-only", targetColumn: "B" },
  });
  run(gas, "pollJobs");
  const rule = run<RuleView>(gas, "saveRefreshRule", {
    jobId: job.jobId,
    frequency: options.frequency ?? "daily",
    ...(options.newRowsOnly ? { newRowsOnly: true } : {}),
  });
  return { ...world, rule };
}

/** What a row shows for `domain`: its industry and employee count as the emulator holds them now. */
export function valuesOf(world: JobsWorld, domain: unknown): [string, number] {
  const org = world.emulator.dataset.orgs.find((o) => o.domain === domain);
  if (!org) throw new Error(`no organization ${String(domain)} in the emulator`);
  return [INDUSTRIES[org.industry]!.name, org.employeeCount];
}

/**
 * The row invariant over EVERY row of A2:A34: its values are its own organization's, its Status "Found";
 * or its Status says plainly that they are not (`marked` rows).
 */
export function expectRowsTrue(world: JobsWorld, marked: readonly number[] = []): void {
  const rows = world.gas.sheet("Sheet1").values(`A${FIRST_ROW}:D${LAST_ROW}`);
  const seen = rows.map((row, i) => {
    const sheetRow = FIRST_ROW + i;
    if (marked.includes(sheetRow)) return { sheetRow, status: row[3] };
    return { sheetRow, values: row.slice(1, 3), status: row[3] };
  });
  const wanted = rows.map((row, i) => {
    const sheetRow = FIRST_ROW + i;
    if (marked.includes(sheetRow))
      return { sheetRow, status: "Identifier changed after this row was enriched: refresh to update" };
    return { sheetRow, values: valuesOf(world, row[0]), status: "Found" };
  });
  expect(seen).toEqual(wanted);
  // Every run keeps its Status in D: nothing is written into a column of its own beside it.
  const beside = world.gas.sheet("Sheet1").values(`E${FIRST_ROW}:E${LAST_ROW}`).flat();
  expect(beside.filter((cell) => cell !== "")).toEqual([]);
}

/** The Changes sheet's rows under its header, as records. */
export function changeRecords(world: JobsWorld) {
  const sheet = world.gas.sheet("Changes");
  return sheet
    .values()
    .slice(1)
    .filter((row) => row[0] !== "")
    .map((row) => ({
      row: row[2],
      organization: row[3],
      field: row[4],
      before: row[5],
      after: row[6],
      why: row[7],
    }));
}
