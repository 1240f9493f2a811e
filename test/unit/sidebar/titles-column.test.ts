// A column of job titles: its header told from a first title, each title read once.
import { describe, expect, it } from "vitest";
import { looksLikeTitleHeader, readTitleColumn } from "../../../src/server/enrich/titles-column.ts";

describe("looksLikeTitleHeader", () => {
  it.each(["Job title", "TITLE", "job_title", "Role", "Position", "Current title"])(
    "reads %s as a header",
    (text) => {
      expect(looksLikeTitleHeader(text)).toBe(true);
    },
  );

  it.each(["VP of Sales", "Title IX Coordinator", "", 42, null])(
    "reads %s as a title or no header",
    (value) => {
      expect(looksLikeTitleHeader(value)).toBe(false);
    },
  );
});

describe("readTitleColumn", () => {
  it("skips the header and counts rows, unique titles, repeats, blanks and unreadable cells", () => {
    const column = readTitleColumn(["Job title", "CTO", " cto ", "", 12, "Data Engineer"], 4);
    expect(column.headerRow).toBe(4);
    expect(column.firstDataRow).toBe(5);
    expect(column.summary).toEqual({ rows: 5, unique: 2, blank: 1, invalid: 1, duplicates: 1 });
  });

  it("starts at the first row when there is no header", () => {
    const column = readTitleColumn(["CTO"], 1);
    expect([column.headerRow, column.firstDataRow, column.reads.length]).toEqual([null, 1, 1]);
  });
});
