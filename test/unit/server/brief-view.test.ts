// The sidebar's brief: the Markdown its Brief cell's note keeps, or the cell's readable text once the note
// is gone; a row without a brief is refused in one sentence.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { BRIEF_HEADER, BRIEFS_SHEET } from "../../../src/core/jobs/briefs.ts";
import { FakeSheet, FakeWorkbook } from "../jobs/fakes.ts";

let workbook = new FakeWorkbook();
vi.mock("../../../src/platform/spreadsheet", () => ({ activeWorkbook: () => workbook }));

const { getBrief, listBriefs } = await import("../../../src/server/more/briefs.ts");

const MARKDOWN = "## Acme\n\n- **Hiring** in [Berlin](https://example.com/jobs)";

beforeEach(() => {
  const sheet = new FakeSheet(BRIEFS_SHEET);
  sheet.writeValues(1, 1, [
    [...BRIEF_HEADER],
    [42, "Acme", "Acme\n\n• Hiring in Berlin (https://example.com/jobs)", "https://service.example/b/42"],
    ["", "", "", ""],
    [43, "Globex", "Globex text", "https://service.example/b/43"],
  ]);
  sheet.writeNotes(2, 3, [[MARKDOWN]]);
  workbook = new FakeWorkbook(sheet);
});

describe("the Briefs sheet in the sidebar", () => {
  it("lists the briefs newest first, skipping empty rows", () => {
    expect(listBriefs()).toEqual([
      { row: 4, organizationId: 43, title: "Globex" },
      { row: 2, organizationId: 42, title: "Acme" },
    ]);
  });

  it("gives a brief's Markdown from its note, its text when the note is gone", () => {
    expect(getBrief({ row: 2 })).toEqual({
      row: 2,
      organizationId: 42,
      title: "Acme",
      body: MARKDOWN,
      link: "https://service.example/b/42",
    });
    expect(getBrief({ row: 4 }).body).toBe("Globex text");
  });

  it("refuses a row without a brief", () => {
    const words = (row: string) =>
      `There is no brief on row ${row} of the "${BRIEFS_SHEET}" sheet. Pick one from the list of briefs.`;
    expect(() => getBrief({ row: 3 })).toThrow(words("3"));
    expect(() => getBrief({ row: 9 })).toThrow(words("9"));
  });
});
