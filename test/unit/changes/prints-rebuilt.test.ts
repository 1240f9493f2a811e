// Row prints taken back from the sheet and the purchase record: which rows count as seen, which as new.
import { describe, expect, it } from "vitest";
import type { CachedEntity } from "../../../src/core/caches/result-cache.ts";
import { printsAtSave, printsFromRecord } from "../../../src/core/changes/prints-rebuilt.ts";
import { newRowOffsets, rowPrint } from "../../../src/core/changes/row-prints.ts";
import { readOrganization } from "../../../src/core/organizations/identifiers.ts";

const inputs = ["acme.com", "globex.com", "initech.com", "umbrella.com", "", "hooli.com"];
const reads = inputs.map((input) => readOrganization(input));
const bought = new Map<string, CachedEntity>([
  [reads[0]!.kind === "org" ? reads[0]!.key : "", { matched: true, values: { name: "Acme" } }],
  [reads[1]!.kind === "org" ? reads[1]!.key : "", { matched: false }],
  [reads[3]!.kind === "org" ? reads[3]!.key : "", { matched: true, values: { name: "Umbrella" } }],
]);
const outputs = [["Acme"], [""], ["Initech"], [""], [""], ["Hooli"]];

describe("printsFromRecord", () => {
  it("takes as seen a bought organization whose row shows what was written, and no other row", () => {
    const { prints, seen } = printsFromRecord(reads, outputs, bought);
    // Acme (bought, written) and Globex (bought, not found, so nothing written) are seen; Initech and
    // Hooli were never bought (typed by hand), Umbrella's row shows nothing of it, row 5 is blank.
    expect(seen).toBe(2);
    expect(prints.split(",")).toEqual([
      rowPrint(reads[0]!, ["Acme"]),
      rowPrint(reads[1]!, [""]),
      "-",
      "-",
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
        return bought;
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
        return bought;
      },
    );
    // Acme: bought and shown (seen); Initech: typed beside values, never bought ("-", bought next run);
    // Umbrella: bought, its row shows nothing ("-"); the rest as they are.
    expect(prints).toEqual([
      rowPrint(reads[0]!, ["Acme"]),
      rowPrint(reads[1]!, [""]),
      "-",
      "-",
      rowPrint(reads[4]!, [""]),
      rowPrint(reads[5]!, ["Hooli"]),
    ]);
    expect(loads).toBe(1);
  });

  it("takes a row with no output cells read (outputs shorter than the rows) as showing nothing", () => {
    const short = outputs.slice(0, 1);
    // Acme's row beyond the outputs read shows nothing of it: "-", in both readings.
    const moved = [reads[1]!, reads[0]!];
    expect(
      printsAtSave(
        moved,
        short,
        () => true,
        () => bought,
      ),
    ).toEqual([rowPrint(reads[1]!, ["Acme"]), "-"]);
    expect(printsFromRecord(moved, short, bought).prints).toBe(`${rowPrint(reads[1]!, ["Acme"])},-`);
  });
});
