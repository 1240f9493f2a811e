// A refresh refilling the other finished runs' blocks over its rows from what was bought: which blocks, which
// rows, and never the person's cells.
import { beforeEach, describe, expect, it } from "vitest";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import type { BulkState } from "../../../src/core/bulk/state.ts";
import type { CachedEntity } from "../../../src/core/caches/result-cache.ts";
import { STATUS_IDENTIFIER_CHANGED } from "../../../src/core/changes/change-sheet.ts";
import { type Job, newJobCommon } from "../../../src/core/jobs/job.ts";
import { type OrganizationRead, readOrganization } from "../../../src/core/organizations/identifiers.ts";
import type { CellValue } from "../../../src/core/sheet/port.ts";
import { planRun } from "../../../src/server/bulk/plan-run.ts";
import { otherBlocks, refillBlock, refillOtherBlocks } from "../../../src/server/jobs/refresh-others.ts";
import { FakeSheet, FakeWorkbook } from "../jobs/fakes.ts";

const FIELDS = [{ kind: "attribute", name: "industry" }];
const key = (id: string) => {
  const read = readOrganization(id);
  return read.kind === "org" ? read.key : id;
};
const BOUGHT = new Map<string, CachedEntity>([
  [key("acme.com"), { matched: true, values: { "a:industry": "Software" } }],
  [key("globex.com"), { matched: true, values: { "a:industry": "Energy" } }],
  [key("nobody.example"), { matched: false }],
  [key("partial.com"), { matched: true, values: {} }],
]);

let workbook: FakeWorkbook;
let sheet: FakeSheet;

beforeEach(() => {
  sheet = new FakeSheet("Leads");
  sheet.writeValues(1, 1, [["Website"], ["acme.com"], ["globex.com"], ["nobody.example"], ["partial.com"]]);
  workbook = new FakeWorkbook(sheet, new FakeSheet("Other"));
});

/** A run over `range` of `sheetName` writing its industry at `column`, Status beside it. */
function run(column: number, state: Job["state"] = "done", sheetName = "Leads", range = "A2:A5"): Job {
  const request = validateEnrichmentRequest({ sheetName, inputRange: range, fields: FIELDS });
  const bulk: BulkState = { ...planRun(request, workbook, { outputColumn: column }).state };
  bulk.statusColumn = column + 1;
  return { ...newJobCommon(`job-${column}-${state}`, "Enrich", 0, ""), state, kind: "bulk", bulk } as Job;
}

const bulkOf = (job: Job) => (job.kind === "bulk" ? job.bulk : (null as never));

describe("otherBlocks", () => {
  it("takes finished runs beside the same identifier rows, one per place, none overlapping the refresh's", () => {
    const mine = bulkOf(run(2));
    const later = run(4);
    const blocks = otherBlocks(
      [
        run(2), // the refresh's own block
        run(3), // overlaps it (its Status is column 3)
        run(4),
        later,
        run(6, "running"),
        run(8, "done", "Other"),
        run(10, "done", "Leads", "A2:A4"),
        run(12, "done", "Leads", "B2:B5"),
        run(14),
      ],
      mine,
    );
    expect(blocks.map((b) => b.outputColumn)).toEqual([4, 14]);
    expect(blocks[0]).toBe(bulkOf(later));
  });
});

describe("otherBlocks by sheet", () => {
  it("matches the sheet by id when both runs know it, else by name", () => {
    const mine = bulkOf(run(2));
    const same = run(4);
    const other = run(6, "done", "Other");
    const unnamed = (job: Job) => {
      delete bulkOf(job).request.sheetId;
      return job;
    };
    expect(mine.request.sheetId).toBeDefined();
    expect(otherBlocks([same, other], mine).map((b) => b.outputColumn)).toEqual([4]);
    // Renamed since (the name differs), the same id: still the same sheet.
    bulkOf(same).request.sheetName = "Old name";
    expect(otherBlocks([same], mine)).toHaveLength(1);
    // Without an id on either side, the names decide.
    const byName = { ...mine, request: { ...mine.request, sheetId: undefined } };
    expect(
      otherBlocks([run(4), unnamed(run(6)), unnamed(run(8, "done", "Other"))], byName).map(
        (b) => b.outputColumn,
      ),
    ).toEqual([4, 6]);
  });
});

describe("refillBlock", () => {
  it("gives each row its organization's bought answer, leaving rows it cannot answer and the person's cells", () => {
    const block = bulkOf(run(2));
    // The identifiers were sorted apart from what the run wrote: acme's row shows globex's industry.
    const wrote: CellValue[][] = [
      ["Energy", "Found"],
      ["Software", "Found"],
      ["Banking", "Found"],
      ["Retail", "Found"],
    ];
    sheet.writeValues(2, 2, wrote);
    const copy = new FakeSheet("copy");
    copy.writeValues(2, 2, wrote);
    // The person typed over globex's row's industry: theirs stays.
    sheet.set(3, 2, "Mine");
    const reads = ["acme.com", "globex.com", "nobody.example", "partial.com"].map((id) =>
      readOrganization(id),
    );
    const seen: unknown[][] = [];
    const refilled = (b: BulkState, ...cell: unknown[]) => seen.push([b.outputColumn, ...cell]);
    expect(refillBlock(sheet, copy, block, reads, BOUGHT, refilled)).toBe(3);
    // Each value cell written, with what it held: not the person's, not the Status column.
    expect(seen).toEqual([
      [2, 0, 0, "Energy", "Software"],
      [2, 2, 0, "Banking", ""],
    ]);
    expect(sheet.readValues(2, 2, 4, 2)).toEqual([
      ["Software", "Found"],
      ["Mine", "Found"],
      ["", "Not found"],
      ["Retail", "Found"],
    ]);
    expect(copy.readValues(2, 2, 3, 2)).toEqual([
      ["Software", "Found"],
      ["Software", "Found"],
      ["", "Not found"],
    ]);
    // Rows already right are not written again.
    expect(refillBlock(sheet, copy, block, reads.slice(0, 1), BOUGHT)).toBe(0);
  });

  it("leaves a row whose Status the person typed, and follows rows sorted whole before comparing", () => {
    const block = { ...bulkOf(run(2)), rowCount: 2 };
    const copy = new FakeSheet("copy");
    copy.writeValues(2, 2, [
      ["Software", "Found"],
      ["", "Not found"],
    ]);
    // Rows sorted whole (cells and Status moved together), then the identifiers sorted back alone.
    sheet.writeValues(2, 2, [
      ["", "Not found"],
      ["Software", "Found"],
    ]);
    const reads = ["acme.com", "nobody.example"].map((id) => readOrganization(id));
    expect(refillBlock(sheet, copy, block, reads, BOUGHT)).toBe(2);
    expect(sheet.readValues(2, 2, 2, 2)).toEqual([
      ["Software", "Found"],
      ["", "Not found"],
    ]);
    // The person's own Status beside acme: the row stays as it is, values and all.
    sheet.writeValues(2, 2, [["Energy", "Checked"]]);
    expect(refillBlock(sheet, copy, block, reads, BOUGHT)).toBe(0);
    expect(sheet.readValues(2, 2, 1, 2)).toEqual([["Energy", "Checked"]]);
  });

  it("writes nothing for a block without a Status column or rows", () => {
    const block = bulkOf(run(2));
    const reads = [readOrganization("acme.com")];
    expect(refillBlock(sheet, null, { ...block, statusColumn: undefined }, reads, BOUGHT)).toBe(0);
    expect(refillBlock(sheet, null, { ...block, rowCount: 0 }, reads, BOUGHT)).toBe(0);
    expect(sheet.readValues(2, 2, 1, 2)).toEqual([["", ""]]);
  });
});

describe("refillBlock beside an organization no run bought", () => {
  const CHANGED = STATUS_IDENTIFIER_CHANGED;

  it("says the identifier changed beside values and a Found or Not found the add-on wrote", () => {
    const block = bulkOf(run(2));
    const wrote: CellValue[][] = [
      ["Energy", "Found"],
      ["Software", "Found"],
      ["Mining", "Not found"],
      ["", "Found"],
    ];
    sheet.writeValues(2, 2, wrote);
    const copy = new FakeSheet("copy");
    copy.writeValues(2, 2, wrote);
    const reads = ["initech.com", "acme.com", "hooli.com", "umbrella.com"].map((id) => readOrganization(id));
    expect(refillBlock(sheet, copy, block, reads, BOUGHT)).toBe(2);
    expect(sheet.readValues(2, 2, 4, 2)).toEqual([
      ["Energy", CHANGED],
      ["Software", "Found"],
      ["Mining", CHANGED],
      ["", "Found"], // no values: nothing to disown
    ]);
    expect(copy.readValues(2, 3, 1, 1)).toEqual([[CHANGED]]);
    // Marked already: nothing more to write.
    const writes = sheet.writes.length;
    expect(refillBlock(sheet, copy, block, reads, BOUGHT)).toBe(0);
    expect(sheet.writes.length).toBe(writes);
  });

  it("marks nothing when the record answers no row of the block, nor over a Status the person typed", () => {
    const block = { ...bulkOf(run(2)), rowCount: 2 };
    const wrote: CellValue[][] = [
      ["Energy", "Found"],
      ["Software", "Found"],
    ];
    sheet.writeValues(2, 2, wrote);
    const copy = new FakeSheet("copy");
    copy.writeValues(2, 2, wrote);
    const reads = ["initech.com", "hooli.com"].map((id) => readOrganization(id));
    expect(refillBlock(sheet, copy, block, reads, new Map())).toBe(0);
    sheet.writeValues(2, 3, [["Checked"]]);
    refillBlock(sheet, copy, block, [reads[0] as OrganizationRead, readOrganization("acme.com")], BOUGHT);
    expect(sheet.readValues(2, 2, 2, 2)).toEqual([
      ["Energy", "Checked"],
      ["Software", "Found"],
    ]);
  });
});

describe("refillBlock beside a row with no organization", () => {
  it("leaves a blank row to the blank-row marks, and counts it as no answer of the record", () => {
    const block = { ...bulkOf(run(2)), rowCount: 2 };
    const wrote: CellValue[][] = [
      ["Energy", "Found"],
      ["Software", "Found"],
    ];
    sheet.writeValues(2, 2, wrote);
    const copy = new FakeSheet("copy");
    copy.writeValues(2, 2, wrote);
    // A blank row and an organization no run bought: the record answers no row, so nothing is marked.
    expect(
      refillBlock(sheet, copy, block, [readOrganization(""), readOrganization("initech.com")], BOUGHT),
    ).toBe(0);
    expect(sheet.readValues(2, 2, 2, 2)).toEqual(wrote);
    // A blank row beside a row the record answers: the blank row is not said to have changed.
    expect(
      refillBlock(sheet, copy, block, [readOrganization(""), readOrganization("acme.com")], BOUGHT),
    ).toBe(0);
    expect(sheet.readValues(2, 2, 2, 2)).toEqual(wrote);
  });
});

describe("refillOtherBlocks", () => {
  it("reads the record only when another block is there", () => {
    let loads = 0;
    const bought = () => {
      loads++;
      return BOUGHT;
    };
    const mine = bulkOf(run(2));
    const reads = [readOrganization("acme.com")];
    refillOtherBlocks([run(2)], mine, sheet, null, reads, bought);
    expect(loads).toBe(0);
    refillOtherBlocks([run(2), run(4)], mine, sheet, null, reads, bought);
    expect(loads).toBe(1);
    expect(sheet.readValues(2, 4, 1, 2)).toEqual([["Software", "Found"]]);
  });
});

describe("otherBlocks and refillOtherBlocks for a new run (overlapping)", () => {
  it("takes the blocks under the new run's own columns too", () => {
    const mine = bulkOf(run(2));
    const jobs = [run(2), run(3), run(4), run(6, "running")];
    expect(otherBlocks(jobs, mine, true).map((b) => b.outputColumn)).toEqual([2, 3, 4]);
    expect(otherBlocks(jobs, mine, false).map((b) => b.outputColumn)).toEqual([4]);
  });

  it("refills the block in the new run's own columns", () => {
    const mine = bulkOf(run(2));
    const reads = [readOrganization("acme.com")];
    refillOtherBlocks([run(2)], mine, sheet, null, reads, () => BOUGHT, { overlapping: true });
    expect(sheet.readValues(2, 2, 1, 2)).toEqual([["Software", "Found"]]);
  });
});
