// A row's cells from the purchase record for a refresh's fill: complete, found answers only, the record read once.
import { describe, expect, it } from "vitest";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import type { CachedEntity } from "../../../src/core/caches/result-cache.ts";
import { readOrganization } from "../../../src/core/organizations/identifiers.ts";
import { planRun } from "../../../src/server/bulk/plan-run.ts";
import { boughtCells } from "../../../src/server/jobs/refresh-changes.ts";
import { FakeSheet, FakeWorkbook } from "../jobs/fakes.ts";

const org = (id: string) => readOrganization(id) as ReturnType<typeof readOrganization> & { kind: "org" };

describe("boughtCells", () => {
  it("answers a found organization's cells, null for one not found, missing or short of a field", () => {
    const sheet = new FakeSheet("Leads");
    sheet.writeValues(1, 1, [["Website"], ["acme.com"]]);
    const request = validateEnrichmentRequest({
      sheetName: "Leads",
      inputRange: "A2:A2",
      fields: [
        { kind: "attribute", name: "industry" },
        { kind: "attribute", name: "employee_count" },
      ],
    });
    const { state } = planRun(request, new FakeWorkbook(sheet), { outputColumn: 2 });
    const record = new Map<string, CachedEntity>([
      [org("acme.com").key, { matched: true, values: { "a:industry": "Software", "a:employee_count": 40 } }],
      [org("short.com").key, { matched: true, values: { "a:industry": "Energy" } }],
      [org("nobody.example").key, { matched: false }],
    ]);
    let loads = 0;
    const cells = boughtCells(
      () => {
        loads++;
        return record;
      },
      sheet,
      state,
    );
    expect(loads).toBe(0);
    expect(cells(org("acme.com"))).toEqual(["Software", 40]);
    expect(cells(org("short.com"))).toBeNull();
    expect(cells(org("nobody.example"))).toBeNull();
    expect(cells(org("never.com"))).toBeNull();
    expect(loads).toBe(1);
  });
});
