// Brief requests: organization ids checked with exact messages, items due in turn, rows for the sheet.
import { describe, expect, it } from "vitest";
import {
  BRIEFS_SHEET,
  briefMarkdown,
  briefRow,
  createBriefsState,
  dueItems,
  keepBriefLinks,
  keepBriefMarkdown,
  MAX_BRIEFS,
  nextItemDue,
  readOrganizationIds,
} from "../../../src/core/jobs/briefs.ts";
import { RequestError } from "../../../src/core/text/user-errors";
import { FakeSheet, FakeWorkbook } from "./fakes.ts";

function refusal(input: unknown): string {
  try {
    readOrganizationIds(input);
  } catch (error) {
    expect(error).toBeInstanceOf(RequestError);
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
}

describe("readOrganizationIds", () => {
  it("accepts whole numbers and digit strings, dropping repeats", () => {
    expect(readOrganizationIds({ organizationIds: [3, "4", 3, " 5 "] })).toEqual([3, 4, 5]);
  });

  it("refuses malformed requests with exact messages", () => {
    const cases: [unknown, string][] = [
      [null, "Choose at least one organization for a brief (organizationIds)."],
      [{ organizationIds: [] }, "Choose at least one organization for a brief (organizationIds)."],
      [{ organizationIds: ["acme.com"] }, 'Organization ids must be positive whole numbers; got "acme.com".'],
      [{ organizationIds: [0] }, "Organization ids must be positive whole numbers; got 0."],
      [{ organizationIds: [1.5] }, "Organization ids must be positive whole numbers; got 1.5."],
      [
        { organizationIds: Array.from({ length: MAX_BRIEFS + 1 }, (_v, i) => i + 1) },
        "Ask for at most 50 briefs at a time; got 51.",
      ],
    ];
    for (const [input, message] of cases) expect(refusal(input)).toBe(message);
  });
});

describe("briefs state", () => {
  it("has every item due at once, then the earliest pending one next", () => {
    const state = createBriefsState([1, 2], 1000);
    expect(dueItems(state, 1000).map((i) => i.organizationId)).toEqual([1, 2]);
    state.items[0]!.notBefore = 21_000;
    state.items[1]!.state = "done";
    expect(dueItems(state, 1000)).toEqual([]);
    expect(nextItemDue(state)).toBe(21_000);
    state.items[0]!.state = "not_enough_data";
    expect(nextItemDue(state)).toBeNull();
  });

  it("writes the organization id, title, the body as readable text (not Markdown) and link, formula-safe", () => {
    expect(
      briefRow({
        id: "x",
        credits_used: 50,
        credits_remaining: 10,
        organization_id: 12,
        organization_slug: "acme",
        title: "=Acme",
        body: "# Acme\n- grows",
        service_url: "https://app.example.com/o/12",
      }),
    ).toEqual([12, "'=Acme", "Acme\n• grows", "https://app.example.com/o/12"]);
  });
});

describe("a brief's Markdown in its cell's note", () => {
  it("is kept on the Brief cell (column C) of its row, up to a cell's 50,000 characters", () => {
    const sheet = new FakeSheet(BRIEFS_SHEET);
    const workbook = new FakeWorkbook(sheet);
    keepBriefMarkdown(workbook, BRIEFS_SHEET, 4, "# Acme");
    expect([...sheet.notes]).toEqual([["4,3", "# Acme"]]);
    keepBriefMarkdown(workbook, BRIEFS_SHEET, 5, "x".repeat(50_000));
    keepBriefMarkdown(workbook, BRIEFS_SHEET, 6, "x".repeat(50_001));
    expect([...sheet.notes.keys()]).toEqual(["4,3", "5,3"]);
    // A sheet deleted meanwhile: nothing to note, no error.
    keepBriefMarkdown(new FakeWorkbook(), BRIEFS_SHEET, 4, "# Acme");
  });

  it("makes the brief's web links real links over the very text of its cell", () => {
    const sheet = new FakeSheet(BRIEFS_SHEET);
    const workbook = new FakeWorkbook(sheet);
    const body = "## Acme\n- [news](https://a.io/n) and <mailto:a@a.io>";
    const brief = {
      id: "x",
      credits_used: 50,
      credits_remaining: 10,
      organization_id: 12,
      organization_slug: "acme",
      title: "Acme",
      body,
      service_url: "https://app.example.com/o/12",
    };
    sheet.writeValues(4, 1, [briefRow(brief)]);
    keepBriefLinks(workbook, BRIEFS_SHEET, 4, body);
    expect(sheet.readValues(4, 3, 1, 1)).toEqual([["Acme\n• news (https://a.io/n) and mailto:a@a.io"]]);
    expect(sheet.links.get("4,3")).toEqual([{ start: 7, end: 11, url: "https://a.io/n" }]);
    // No links, or text cut to fit the cell: the plain text stays as written, nothing more is written.
    const writes = sheet.writes.length;
    keepBriefLinks(workbook, BRIEFS_SHEET, 5, "plain **text**");
    keepBriefLinks(workbook, BRIEFS_SHEET, 6, `[a](https://a.io) ${"x".repeat(50_000)}`);
    keepBriefLinks(workbook, BRIEFS_SHEET, 7, `[a](https://a.io) ${"x".repeat(49_982)}`);
    expect(sheet.writes.slice(writes).map((w) => w.row)).toEqual([7]);
    keepBriefLinks(new FakeWorkbook(), BRIEFS_SHEET, 4, body);
  });

  it("is read back from the note, the cell's text when the note is gone", () => {
    const sheet = new FakeSheet(BRIEFS_SHEET);
    sheet.writeNotes(4, 3, [["# Acme"]]);
    sheet.writeNotes(5, 2, [["a note on the title"]]);
    expect(briefMarkdown(sheet, 4, "Acme")).toBe("# Acme");
    expect(briefMarkdown(sheet, 5, "Globex")).toBe("Globex");
  });
});
