// Sentences and fields the Lists, Signals and More screens share: what was spent, prices per item, typed
// lists and numbers, the feed request built from the form, and the data-problem report's draft.
import { describe, expect, it } from "vitest";
import { feedRequest } from "../../../sidebar/lib/feed-request.ts";
import { countOf, perItem, spentLine, splitList, wholeNumber } from "../../../sidebar/lib/more-format.ts";
import { reportDraft, reportSubject } from "../../../sidebar/lib/support-draft.ts";

describe("more-format", () => {
  it("says what a paid action spent and what is left", () => {
    expect(spentLine(250, 999_740)).toBe("Spent 250 credits · 999,740 left");
    expect(spentLine(1, 0)).toBe("Spent 1 credit · 0 left");
  });

  it("says prices per item and counts with their nouns", () => {
    expect(perItem(1, "list")).toBe("1 credit per list");
    expect(perItem(50, "brief")).toBe("50 credits per brief");
    expect(countOf(1, "person", "people")).toBe("1 person");
    expect(countOf(1200, "organization")).toBe("1,200 organizations");
  });

  it("reads comma-separated fields, dropping empty entries", () => {
    expect(splitList(" kubernetes, Snowflake ,, ")).toEqual(["kubernetes", "Snowflake"]);
    expect(splitList("")).toEqual([]);
  });

  it("reads whole numbers within bounds only", () => {
    expect(wholeNumber(" 250 ", 1, 10_100)).toBe(250);
    expect(wholeNumber("0", 1, 10)).toBeNull();
    expect(wholeNumber("11", 1, 10)).toBeNull();
    expect(wholeNumber("2.5", 1, 10)).toBeNull();
    expect(wholeNumber("", 1, 10)).toBeNull();
  });
});

describe("feedRequest", () => {
  it("sends only the filters that say something", () => {
    const selection = {
      sheetName: "Sheet1",
      range: "A1:A9",
      columns: 1,
      header: "Organization id",
      rows: 8,
      filled: 8,
      ids: 8,
      firstId: 100003,
      toMatch: 0,
      slugs: 0,
      firstOrganization: { text: "100003", id: 100003 },
      label: "Sheet1!A2:A9 · 8 rows · 8 ids",
    };
    expect(
      feedRequest(
        {
          organizations: selection,
          listIds: [7002],
          technologies: "kubernetes, ",
          jobFunctions: " ",
          priorities: ["high"],
          configIds: [],
        },
        250,
      ),
    ).toEqual({
      maxSignals: 250,
      organizations: { sheetName: "Sheet1", range: "A1:A9" },
      listIds: [7002],
      technologies: ["kubernetes"],
      priorities: ["high"],
    });
    expect(
      feedRequest(
        {
          organizations: null,
          listIds: [],
          technologies: "",
          jobFunctions: "",
          priorities: [],
          configIds: [],
        },
        5,
      ),
    ).toEqual({ maxSignals: 5 });
  });
});

describe("reportDraft", () => {
  const context = {
    sheetName: "Companies",
    row: 7,
    organizationId: 100003,
    personId: null,
    details: ["Organization id: 100003", "Name: Acme", "Employees: 12"],
    url: null,
  };

  it("names the organization or person the row is about, else the row", () => {
    expect(reportSubject(context)).toBe("organization 100003");
    expect(reportSubject({ ...context, organizationId: null, personId: 5 })).toBe("person 5");
    expect(reportSubject({ ...context, organizationId: null })).toBe('row 7 of "Companies"');
  });

  it("quotes what the row shows under a space for what is wrong", () => {
    expect(reportDraft(context)).toBe(
      [
        "About organization 100003.",
        "",
        "What is wrong:",
        "",
        "",
        'The row ("Companies" row 7) shows:',
        "- Organization id: 100003",
        "- Name: Acme",
        "- Employees: 12",
      ].join("\n"),
    );
  });
});
