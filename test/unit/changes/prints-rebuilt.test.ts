// Row prints taken back from the sheet and the purchase record: which rows count as seen, which as new.
import { describe, expect, it } from "vitest";
import type { CachedEntity } from "../../../src/core/caches/result-cache.ts";
import { printsAtSave, printsFromRecord, type RecordView } from "../../../src/core/changes/prints-rebuilt.ts";
import { isStray, newRowOffsets, rowPrint, strayPrint } from "../../../src/core/changes/row-prints.ts";
import { readOrganization } from "../../../src/core/organizations/identifiers.ts";

const inputs = ["acme.com", "globex.com", "initech.com", "umbrella.com", "", "hooli.com"];
const reads = inputs.map((input) => readOrganization(input));
const bought = new Map<string, CachedEntity>([
  [reads[0]!.kind === "org" ? reads[0]!.key : "", { matched: true, values: { name: "Acme" } }],
  [reads[1]!.kind === "org" ? reads[1]!.key : "", { matched: false }],
  [reads[3]!.kind === "org" ? reads[3]!.key : "", { matched: true, values: { name: "Umbrella" } }],
]);
const outputs = [["Acme"], [""], ["Initech"], [""], [""], ["Hooli"]];
/** The record as the prints read it: one field (name), no hidden copy. */
const view = (written: RecordView["written"] = null): RecordView => ({
  bought,
  cellsOf: (entity) => (entity.matched ? [String(entity.values["name"])] : [""]),
  written,
});

describe("printsFromRecord", () => {
  it("takes as seen a bought organization whose row shows what was written, and no other row", () => {
    const { prints, seen } = printsFromRecord(reads, outputs, view());
    // Acme (bought, written) and Globex (bought, not found, so nothing written) are seen; Initech and
    // Hooli were never bought (typed by hand); Umbrella's row shows nothing of it (stray: filled from its
    // answer); row 5 is blank.
    expect(seen).toBe(2);
    expect(prints.split(",")).toEqual([
      rowPrint(reads[0]!, ["Acme"]),
      rowPrint(reads[1]!, [""]),
      "-",
      strayPrint(reads[3]!),
      "-",
      "-",
    ]);
    expect(newRowOffsets(reads, prints, outputs)).toEqual([2, 3, 5]);
  });
});

describe("printsAtSave", () => {
  it("keeps every row as it is now when no row is unsure, without reading the record", () => {
    let reads0 = 0;
    const prints = printsAtSave(
      reads,
      outputs,
      () => false,
      () => {
        reads0++;
        return view();
      },
    );
    expect(prints).toEqual(reads.map((read, offset) => rowPrint(read, outputs[offset])));
    expect(reads0).toBe(0);
  });

  it("keeps an unsure row only as the record shows it, reading the record once", () => {
    let loads = 0;
    const unsure = new Set([0, 2, 3]);
    const prints = printsAtSave(
      reads,
      outputs,
      (offset) => unsure.has(offset),
      () => {
        loads++;
        return view();
      },
    );
    // Acme: bought and shown (seen); Initech: typed beside values, never bought ("-", bought next run);
    // Umbrella: bought, its row shows nothing (stray); the rest as they are.
    expect(prints).toEqual([
      rowPrint(reads[0]!, ["Acme"]),
      rowPrint(reads[1]!, [""]),
      "-",
      strayPrint(reads[3]!),
      rowPrint(reads[4]!, [""]),
      rowPrint(reads[5]!, ["Hooli"]),
    ]);
    expect(loads).toBe(1);
  });

  it("takes a row with no output cells read (outputs shorter than the rows) as showing nothing", () => {
    const short = outputs.slice(0, 1);
    // Acme's row beyond the outputs read shows nothing of it: stray, in both readings; Globex (not found)
    // beside Acme's values shows another's values: stray too.
    const moved = [reads[1]!, reads[0]!];
    expect(
      printsAtSave(
        moved,
        short,
        () => true,
        () => view(),
      ),
    ).toEqual([strayPrint(reads[1]!), strayPrint(reads[0]!)]);
    expect(printsFromRecord(moved, short, view()).prints).toBe(
      `${strayPrint(reads[1]!)},${strayPrint(reads[0]!)}`,
    );
  });

  it("takes a row edited to a bought organization, beside another's values, for stray, not seen", () => {
    // Row 0 typed over with Umbrella (bought) beside Acme's values: another organization's, so stray, and
    // a "new rows only" run refreshes it; row 1 typed with Acme beside Acme's values is seen.
    const edited = [reads[3]!, reads[0]!];
    const cells = [["Acme"], ["Acme"]];
    const prints = printsAtSave(
      edited,
      cells,
      () => true,
      () => view(),
    );
    expect(prints).toEqual([strayPrint(reads[3]!), rowPrint(reads[0]!, ["Acme"])]);
    expect(isStray(prints[0]!)).toBe(true);
    expect(isStray(prints[1]!)).toBe(false);
    expect(newRowOffsets(edited, prints.join(","), cells)).toEqual([0]);
  });

  it("reads a cell unlike the hidden copy's as the person's: the rest decide", () => {
    const two = [reads[0]!];
    const record: RecordView = {
      bought,
      cellsOf: (entity) => (entity.matched ? [String(entity.values["name"]), 7] : ["", ""]),
      written: [["Acme", 7]],
    };
    // The person typed over the second cell: Acme's row still shows Acme's name, so it is seen.
    expect(
      printsAtSave(
        two,
        [["Acme", 99]],
        () => true,
        () => record,
      ),
    ).toEqual([rowPrint(reads[0]!, ["Acme", 99])]);
    // The add-on's own cell (as the copy holds it) unlike the answer: another organization's values.
    expect(
      printsAtSave(
        two,
        [["Acme", 8]],
        () => true,
        () => ({ ...record, written: [["Acme", 8]] }),
      ),
    ).toEqual([strayPrint(reads[0]!)]);
    // No copy: every cell must be the answer's.
    expect(
      printsAtSave(
        two,
        [["Acme", 99]],
        () => true,
        () => ({ ...record, written: null }),
      ),
    ).toEqual([strayPrint(reads[0]!)]);
  });
});
