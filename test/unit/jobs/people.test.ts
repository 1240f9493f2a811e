// People searches: checked before starting, polled with growing waits, written as a table.
import { describe, expect, it } from "vitest";
import type { PersonRow } from "../../../src/api/contract/index.ts";
import {
  peopleColumns,
  pollDelay,
  readSheetName,
  relatedDirections,
  selectedAttributes,
  validatePeopleSearch,
} from "../../../src/core/jobs/people.ts";
import { RequestError } from "../../../src/core/text/user-errors";

function refusal(input: unknown): string {
  try {
    validatePeopleSearch(input);
  } catch (error) {
    expect(error).toBeInstanceOf(RequestError);
    return (error as Error).message;
  }
  throw new Error("expected a refusal");
}

describe("validatePeopleSearch", () => {
  it("accepts a filter search and names its sheet", () => {
    const search = validatePeopleSearch({
      filter: { organization_ids: [12] },
      select: { attributes: ["name", "job_title"] },
      limit: 50,
      sheetName: "CTOs",
    });
    expect(search.sheetName).toBe("CTOs");
    expect(search.body).toEqual({
      filter: { organization_ids: [12] },
      select: { attributes: ["name", "job_title"] },
      limit: 50,
    });
    expect(validatePeopleSearch({ people: [{ person_id: 1 }], select: {} }).sheetName).toBe("People");
  });

  it("refuses malformed searches with exact messages", () => {
    const cases: [unknown, string][] = [
      [null, 'The people search must be an object with "people" or "filter", and "select".'],
      [{ request_id: "abc" }, 'Start a search with "people" or "filter"; the add-on polls the job itself.'],
      [
        { select: { attributes: ["name"] } },
        'This people search is not valid: Send "people" (list mode), "filter" (filter mode) or "request_id" (poll a job).',
      ],
      [
        { filter: { query: { query: "job_level EQ 'VP'" } }, select: {} },
        "This people search is not valid: filter: A people filter needs organization_ids or organization_list_id.",
      ],
      [
        { filter: { organization_ids: [1] }, select: { attributes: ["shoe_size"] } },
        'Unknown person attribute "shoe_size". Use one of: name, email, phone, linkedin_url, job_title, job_function, job_level, location, country, current_employer, technologies, person_score, confidence.',
      ],
      [{ filter: { organization_ids: [1] } }, "This people search is not valid: select: select is required."],
      [{ filter: { organization_ids: [1] }, select: {}, sheetName: 7 }, "sheetName must be text."],
      [
        { filter: { organization_ids: [1] }, select: {}, sheetName: "x".repeat(101) },
        "sheetName must be at most 100 characters; got 101.",
      ],
    ];
    for (const [input, message] of cases) expect(refusal(input)).toBe(message);
  });
});

describe("people helpers", () => {
  it("polls quickly at first, then once a minute", () => {
    expect([0, 1, 2, 3, 4, 10].map(pollDelay)).toEqual([5_000, 10_000, 20_000, 30_000, 60_000, 60_000]);
  });

  it("spells out attributes and related directions for later executions", () => {
    const body = validatePeopleSearch({
      filter: { organization_ids: [1] },
      select: { attributes: "all", related_people: { direction: ["managers"] } },
    }).body;
    expect(selectedAttributes(body)).not.toContain("email");
    expect(selectedAttributes(body)).toContain("current_employer");
    expect(relatedDirections(body)).toEqual(["managers"]);
    expect(readSheetName(undefined, "People")).toBe("People");
  });

  it("makes one column per attribute, with nested objects split and lists joined", () => {
    const person: PersonRow = {
      input: { email: "ada@example.com" },
      person_id: 7,
      service_url: "https://app.example.com/p/7",
      attributes: {
        name: "Ada",
        job_title: "CTO",
        current_employer: { organization_id: 3, name: "Acme", start_date: "2021-04" },
        technologies: [
          { name: "React", slug: "react" },
          { name: "Go", slug: "go" },
        ],
        person_score: {
          value: 8.5,
          skill_contribution: 1,
          job_function_contribution: 1,
          seniority_contribution: 1,
          matched_features: [],
        },
      },
      related_people: { managers: [{ person_id: 9, attributes: { name: "Grace" } }, { person_id: 10 }] },
    };
    const columns = peopleColumns(
      ["name", "current_employer", "technologies", "person_score", "email"],
      ["managers"],
      true,
    );
    expect(columns.map((c) => c.header)).toEqual([
      "input",
      "person_id",
      "name",
      "current_employer.name",
      "current_employer.organization_id",
      "current_employer.start_date",
      "technologies",
      "person_score",
      "email",
      "managers",
      "service_url",
    ]);
    expect(columns.map((c) => c.value(person))).toEqual([
      "ada@example.com",
      7,
      "Ada",
      "Acme",
      3,
      "Apr 2021",
      "React, Go",
      8.5,
      "",
      "Grace, 10",
      "https://app.example.com/p/7",
    ]);
  });
});
