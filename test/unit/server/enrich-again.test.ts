// Enrich pressed again: the earlier runs' blocks over the same rows follow the identifiers before it starts.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { copySheetName } from "../../../src/core/addon-sheets/registry.ts";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import type { CachedEntity } from "../../../src/core/caches/result-cache.ts";
import { STATUS_IDENTIFIER_REMOVED } from "../../../src/core/changes/change-sheet.ts";
import { type Job, newJobCommon } from "../../../src/core/jobs/job.ts";
import { readOrganization } from "../../../src/core/organizations/identifiers.ts";
import { planRun } from "../../../src/server/bulk/plan-run.ts";
import { keepEarlierRowsTrue } from "../../../src/server/jobs/enrich-again.ts";
import { FakeSheet, FakeWorkbook } from "../jobs/fakes.ts";

const FIELDS = [{ kind: "attribute", name: "industry" }];
const key = (id: string) => (readOrganization(id) as { key: string }).key;
const BOUGHT = new Map<string, CachedEntity>([
  [key("acme.com"), { matched: true, values: { "a:industry": "Software" } }],
  [key("globex.com"), { matched: true, values: { "a:industry": "Energy" } }],
]);

let workbook: FakeWorkbook;
let sheet: FakeSheet;
let copy: FakeSheet;

beforeEach(() => {
  sheet = new FakeSheet("Leads");
  copy = new FakeSheet(copySheetName("Leads"));
  workbook = new FakeWorkbook(sheet, copy);
  sheet.writeValues(1, 1, [["Website"], ["globex.com"], ["acme.com"], ["globex.com"]]);
});

const plan = (output?: object) =>
  planRun(
    validateEnrichmentRequest({ sheetName: "Leads", inputRange: "A2:A4", fields: FIELDS, output }),
    workbook,
  );

function earlier(): Job {
  const bulk = { ...plan({ mode: "overwrite", targetColumn: "B", consent: true }).state, statusColumn: 3 };
  return { ...newJobCommon("job-1", "Enrich", 0, ""), state: "done", kind: "bulk", bulk } as Job;
}

describe("keepEarlierRowsTrue", () => {
  it("refills the earlier run's rows in the new run's columns and marks a cleared identifier", () => {
    // The earlier run wrote globex, acme, globex; then the identifiers were sorted alone and one cleared.
    const wrote = [
      ["Energy", "Found"],
      ["Software", "Found"],
      ["Energy", "Found"],
    ];
    sheet.writeValues(2, 2, wrote);
    copy.writeValues(2, 2, wrote);
    sheet.writeValues(2, 1, [["acme.com"], ["globex.com"], [""]]);
    let loads = 0;
    const again = plan({ mode: "empty-only", targetColumn: "B" });
    keepEarlierRowsTrue([earlier()], again, workbook, () => {
      loads++;
      return BOUGHT;
    });
    expect(loads).toBe(1);
    expect(sheet.readValues(2, 2, 3, 2)).toEqual([
      ["Software", "Found"],
      ["Energy", "Found"],
      ["Energy", STATUS_IDENTIFIER_REMOVED],
    ]);
    expect(copy.readValues(2, 3, 3, 1)).toEqual([["Found"], ["Found"], [STATUS_IDENTIFIER_REMOVED]]);
  });

  it("finds the copy of a sheet renamed since the earlier run, and marks its row", () => {
    const job = earlier();
    const wrote = [
      ["Energy", "Found"],
      ["Software", "Found"],
      ["Energy", "Found"],
    ];
    sheet.writeValues(2, 2, wrote);
    copy.writeValues(2, 2, wrote);
    // The earlier run knew the sheet as "Old": the copy still has that name.
    (job as { bulk: { request: { sheetName: string } } }).bulk.request.sheetName = "Old";
    workbook.renameSheet(copySheetName("Leads"), copySheetName("Old"));
    sheet.writeValues(3, 1, [[""]]);
    keepEarlierRowsTrue([job], plan(), workbook, () => BOUGHT);
    expect(workbook.sheet(copySheetName("Leads"))).toBe(copy);
    expect(sheet.readValues(2, 3, 3, 1)).toEqual([["Found"], [STATUS_IDENTIFIER_REMOVED], ["Found"]]);
  });

  it("reads nothing for a first run over the rows", () => {
    let loads = 0;
    const running = { ...earlier(), state: "running" } as Job;
    const first = plan();
    const sheetReads = vi.spyOn(sheet, "readValues");
    keepEarlierRowsTrue([running], first, workbook, () => {
      loads++;
      return BOUGHT;
    });
    expect(loads).toBe(0);
    expect(sheetReads).not.toHaveBeenCalled();
    expect(sheet.readValues(2, 2, 3, 2)).toEqual([
      ["", ""],
      ["", ""],
      ["", ""],
    ]);
  });
});
