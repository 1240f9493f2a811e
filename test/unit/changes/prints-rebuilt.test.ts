// Row prints taken back from the sheet and the purchase record: which rows count as seen, which as new.
import { describe, expect, it } from "vitest";
import type { CachedEntity } from "../../../src/core/caches/result-cache.ts";
import { printsFromRecord } from "../../../src/core/changes/prints-rebuilt.ts";
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
