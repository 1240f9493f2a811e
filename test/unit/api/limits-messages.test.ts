// Messages for requests over the service's list limits name the items in correct English.
import { describe, expect, it } from "vitest";
import {
  CategoriesLookupRequest,
  describeIssues,
  PeopleRequest,
  TechnologiesLookupRequest,
} from "../../../src/api/contract/index.ts";

const tooMany = (schema: { safeParse(v: unknown): any }, body: unknown) =>
  describeIssues(schema.safeParse(body).error.issues);

describe("list limit messages", () => {
  // Regression: the plural was built by adding "s", giving "technologys" and "technology categorys".
  it.each([
    [
      TechnologiesLookupRequest,
      { technologies: Array(1001).fill("x") },
      "technologies: Send at most 1000 technologies per request.",
    ],
    [
      CategoriesLookupRequest,
      { technology_categories: Array(1001).fill("x") },
      "technology_categories: Send at most 1000 technology categories per request.",
    ],
    [
      PeopleRequest,
      { people: Array.from({ length: 1001 }, (_, i) => ({ person_id: i + 1 })), select: {} },
      "people: Send at most 1000 people per request.",
    ],
  ])("%#: %s", (schema, body, message) => {
    expect(tooMany(schema, body)).toBe(message);
  });

  it("asks for at least one item", () => {
    expect(tooMany(TechnologiesLookupRequest, { technologies: [] })).toBe(
      "technologies: Send at least one technology.",
    );
  });
});
