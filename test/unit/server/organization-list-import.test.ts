// Importing an organization list writes one row per member: domains bare as Find writes them, the account
// status in the Signals sheet's words, service text never a formula, absent values blank.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { OrganizationListMember } from "../../../src/api/contract/lists.ts";
import { FakeWorkbook } from "../jobs/fakes.ts";

let workbook = new FakeWorkbook();
let members: OrganizationListMember[] = [];
const settled: unknown[] = [];

vi.mock("../../../src/platform/spreadsheet", () => ({ activeWorkbook: () => workbook }));
vi.mock("../../../src/server/runtime", () => ({
  makeClient: () => ({
    organizationList: (id: number, includeDeleted: boolean) => ({
      list_info: { id, name: `Targets ${String(includeDeleted)}` },
      organizations: members,
      credits_used: members.length,
      credits_remaining: 100 - members.length,
    }),
  }),
}));
vi.mock("../../../src/server/sidebar/paid-log", () => ({
  settlePaid: (_workbook: unknown, paid: unknown) => {
    settled.push(paid);
    return { creditsUsed: 2, creditsRemaining: 98 };
  },
}));

const { importOrganizationList, ORGANIZATION_LIST_HEADER } = await import("../../../src/server/lists/org.ts");

beforeEach(() => {
  workbook = new FakeWorkbook();
  settled.length = 0;
});

describe("importOrganizationList", () => {
  it("writes each member's row, its domain bare and its status in words", () => {
    members = [
      {
        id: 7,
        name: "Acme",
        slug: "acme",
        url: "https://www.acme.com/about",
        employee_count: 120,
        account_status: "not_in_crm",
        service_url: "https://service.example/o/7",
        crm_url: '=HYPERLINK("x")',
      },
      { id: 8, name: null, url: null, account_status: null },
    ] as OrganizationListMember[];
    const imported = importOrganizationList({ listId: 3 });
    expect(imported).toEqual({
      sheetName: "List - Targets true",
      rows: 2,
      message: '2 organizations of "Targets true" written to "List - Targets true".',
      creditsUsed: 2,
      creditsRemaining: 98,
    });
    const sheet = workbook.sheet(imported.sheetName);
    expect(sheet?.readAll()).toEqual([
      ORGANIZATION_LIST_HEADER,
      [7, "Acme", "acme", "acme.com", 120, "Not in CRM", "https://service.example/o/7", '=HYPERLINK("x")'],
      [8, "", "", "", "", "", "", ""],
    ]);
    expect(sheet?.formula(2, 8)).toBe("");
    expect(settled).toEqual([
      {
        action: 'Import organization list "Targets true"',
        rows: 2,
        creditsUsed: 2,
        creditsRemaining: 98,
        result: '2 organizations of "Targets true" written to "List - Targets true".',
      },
    ]);
  });
});
