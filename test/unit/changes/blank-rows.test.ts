// Rows whose identifier cell is blank: which Status each gets, and never the person's.
import { describe, expect, it } from "vitest";
import { blankRowStatuses, invalidRowStatus } from "../../../src/core/changes/blank-rows";
import { STATUS_IDENTIFIER_INVALID, STATUS_IDENTIFIER_REMOVED } from "../../../src/core/changes/change-sheet";
import { readOrganization } from "../../../src/core/organizations/identifiers";

const REMOVED = STATUS_IDENTIFIER_REMOVED;
const INVALID = STATUS_IDENTIFIER_INVALID;
const reads = (ids: unknown[]) => ids.map((id) => readOrganization(id));

describe("blankRowStatuses", () => {
  it("marks the add-on's Status beside values, clears it beside none, and leaves rows with an identifier", () => {
    const status = {
      values: [["Found"], ["Found"], ["Not found"], ["Found"], [REMOVED], [REMOVED], [""]],
      formulas: [[""], [""], [""], [""], [""], [""], [""]],
      written: [["Found"], ["Found"], ["Not found"], ["Found"], [REMOVED], [REMOVED], [""]],
    };
    const values = [
      ["Retail", 10],
      ["", 0],
      ["", ""],
      ["Mining", 20],
      ["Retail", 10],
      [null, ""],
      ["Typed", 1],
    ];
    expect(blankRowStatuses(reads(["", null, "   ", "a.com", "", "", ""]), values, status)).toEqual([
      [REMOVED], // values beside a blank identifier
      [REMOVED], // a zero is a value
      [""], // nothing beside it: the stale Status goes, as a run leaves a blank row
      [null], // an identifier: the run writes it
      [null], // already marked
      [""], // marked, its values since cleared
      [null], // never enriched: the person's typed values get no Status
    ]);
  });

  it("never writes over a Status the person typed or a formula, nor without the hidden copy", () => {
    const values = [["Retail"], ["Retail"], ["Retail"]];
    const status = {
      values: [["Checked by Ann"], ["Found"], ["Found"]],
      formulas: [[""], ["=B2"], [""]],
      written: [["Found"], ["Found"], ["Found"]],
    };
    expect(blankRowStatuses(reads(["", "", ""]), values, status)).toEqual([[null], [null], [REMOVED]]);
    const { written: _, ...noCopy } = status;
    expect(blankRowStatuses(reads(["", "", ""]), values, noCopy)).toEqual([[null], [null], [null]]);
  });

  it("answers one line per identifier row, rows without cells read as empty", () => {
    const status = { values: [], formulas: [], written: [] };
    expect(blankRowStatuses(reads(["", "b.com"]), [], status)).toEqual([[null], [null]]);
  });

  it("marks an identifier that is no organization beside values, and says Can't read beside none", () => {
    const status = {
      values: [["Found"], ["Found"], [INVALID], [INVALID], ["Found"], ["Checked"], [""]],
      formulas: [[""], [""], [""], [""], [""], [""], [""]],
      written: [["Found"], ["Found"], [INVALID], [INVALID], ["Found"], ["Found"], [""]],
    };
    const values = [["Retail"], [""], ["Retail"], [""], ["Retail"], ["Retail"], ["Typed"]];
    const ids = ["n/a", "—", "n/a", "http://", "a.com", "n/a", "n/a"];
    expect(blankRowStatuses(reads(ids), values, status)).toEqual([
      [INVALID], // values from before the identifier was typed over
      ["Can't read: Text with no letters or digits is not an organization."], // nothing beside it
      [null], // already marked
      ["Can't read: The web address has no valid domain."], // marked, its values since cleared
      [null], // an organization: the run writes it
      [null], // the person's Status
      [null], // never enriched
    ]);
  });
});

describe("invalidRowStatus", () => {
  it("keeps the mark of a row made invalid after it was enriched, else says why it cannot be read", () => {
    expect(invalidRowStatus("Bad.", INVALID)).toBeNull();
    expect(invalidRowStatus("Bad.", "Found")).toBe("Can't read: Bad.");
    expect(invalidRowStatus("Bad.", REMOVED)).toBe("Can't read: Bad.");
    expect(invalidRowStatus("Bad.", undefined)).toBe("Can't read: Bad.");
  });
});
