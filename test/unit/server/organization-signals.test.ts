// One organization's signals: named as the person typed it (a domain, a name) when no signal names it,
// by its id only when they gave the id.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { FakeWorkbook } from "../jobs/fakes.ts";

let workbook = new FakeWorkbook();
const asked: unknown[] = [];
const settled: unknown[] = [];

vi.mock("../../../src/platform/spreadsheet", () => ({ activeWorkbook: () => workbook }));
vi.mock("../../../src/server/runtime", () => ({
  makeClient: () => ({
    signals: (request: unknown) => {
      asked.push(request);
      return { signals: [], credits_used: 0, credits_remaining: 100 };
    },
  }),
}));
// Matching a domain or a name to its id (1 credit) is one-organization's concern: id 55 here.
vi.mock("../../../src/server/sidebar/one-organization", async (original) => ({
  ...(await original<typeof import("../../../src/server/sidebar/one-organization.ts")>()),
  resolveOneOrganization: (_client: unknown, read: { input: { id?: number } }) =>
    read.input.id === undefined ? { id: 55, creditsUsed: 1 } : { id: read.input.id, creditsUsed: 0 },
}));
vi.mock("../../../src/server/sidebar/paid-log", () => ({
  settlePaid: (_workbook: unknown, paid: { creditsUsed: number; creditsRemaining: number }) => {
    settled.push(paid);
    return { creditsUsed: paid.creditsUsed, creditsRemaining: paid.creditsRemaining };
  },
}));

const { importOrganizationSignals } = await import("../../../src/server/signals/organization.ts");

beforeEach(() => {
  workbook = new FakeWorkbook();
  asked.length = 0;
  settled.length = 0;
});

describe("importOrganizationSignals without signals", () => {
  it("names the organization as typed: a domain, a name, or the id given", () => {
    const message = (organization: unknown, technologies?: string[]) =>
      importOrganizationSignals({ organization, ...(technologies ? { technologies } : {}) }).message;
    expect(message("acme.com")).toBe("acme.com has no signals in the last 30 days.");
    expect(message("Acme Corporation", [" Kubernetes "])).toBe(
      "Acme Corporation has no signals in the last 30 days for those technologies.",
    );
    expect(message(1234)).toBe("Organization 1234 has no signals in the last 30 days.");
    expect(asked).toEqual([
      { filter: { organization_ids: [55] }, limit: 100 },
      { filter: { organization_ids: [55], technology_slugs: ["kubernetes"] }, limit: 100 },
      { filter: { organization_ids: [1234] }, limit: 100 },
    ]);
    expect(settled.map((s) => (s as { action: string }).action)).toEqual([
      "Organization signals for acme.com",
      "Organization signals for Acme Corporation",
      "Organization signals for Organization 1234",
    ]);
    expect(workbook.sheetNames()).toEqual([]);
  });
});
