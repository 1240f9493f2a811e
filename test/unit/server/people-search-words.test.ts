// A people search's name and spent figure: named for what it searches, and one total with the paid match
// of its organizations (issue 41 point 7).
import { describe, expect, it } from "vitest";
import { peopleSearchTitle } from "../../../src/server/find/run.ts";
import { spentWords } from "../../../src/server/jobs/run-people.ts";

const org = (input: { id: number } | { url: string } | { name: string }) => ({
  kind: "org" as const,
  input,
  key: "k",
});

describe("peopleSearchTitle", () => {
  it("names one organization as the person named it", () => {
    expect(peopleSearchTitle({ scope: [org({ url: "acme.com" })], listId: null })).toBe(
      "People search in acme.com",
    );
    expect(peopleSearchTitle({ scope: [org({ name: "Acme Corp" })], listId: 7 })).toBe(
      "People search in Acme Corp",
    );
    expect(peopleSearchTitle({ scope: [org({ id: 42 })], listId: null })).toBe(
      "People search in organization 42",
    );
  });
  it("counts several, names a list, and says a search by conditions alone is by filter", () => {
    expect(peopleSearchTitle({ scope: [org({ id: 1 }), org({ url: "b.com" })], listId: null })).toBe(
      "People search in 2 organizations",
    );
    expect(peopleSearchTitle({ scope: [], listId: 12 })).toBe("People search in organization list 12");
    expect(peopleSearchTitle({ scope: [], listId: null })).toBe("People search by filter");
  });
});

describe("spentWords", () => {
  it("is the search's total, the match said apart", () => {
    expect(spentWords({ creditsSpent: 25 })).toBe("25 credits");
    expect(spentWords({ creditsSpent: 25, matchCredits: 0 })).toBe("25 credits");
    expect(spentWords({ creditsSpent: 25, matchCredits: 1 })).toBe("26 credits (1 to find the organization)");
    expect(spentWords({ creditsSpent: 0, matchCredits: 3 })).toBe("3 credits (3 to find the organizations)");
  });
});
