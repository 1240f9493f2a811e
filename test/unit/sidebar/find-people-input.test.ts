// People named for a lookup: person ids, LinkedIn profile URLs and e-mail addresses; anything else is
// not sent.
import { describe, expect, it } from "vitest";
import { personKey, readPerson } from "../../../src/server/find/people-input.ts";

describe("readPerson", () => {
  it.each([
    [123, { person_id: 123 }],
    [" 456 ", { person_id: 456 }],
    ["https://www.linkedin.com/in/jane-doe/", { linkedin_url: "https://www.linkedin.com/in/jane-doe/" }],
    ["linkedin.com/in/jdoe", { linkedin_url: "linkedin.com/in/jdoe" }],
    ["Jane.Doe@Example.com", { email: "jane.doe@example.com" }],
  ])("reads %s", (value, person) => {
    expect(readPerson(value)).toEqual(person);
  });

  it.each([0, -3, 1.5, "Jane Doe", "https://example.com/jane", "jane@", "", true, null])(
    "refuses %s",
    (value) => {
      expect(readPerson(value)).toBeNull();
    },
  );
});

describe("personKey", () => {
  it("is the same for one profile written with and without a trailing slash or capitals", () => {
    expect(personKey({ linkedin_url: "https://linkedin.com/in/Jane/" })).toBe(
      personKey({ linkedin_url: "https://linkedin.com/in/jane" }),
    );
    expect(personKey({ person_id: 5 })).toBe("id:5");
  });
});
