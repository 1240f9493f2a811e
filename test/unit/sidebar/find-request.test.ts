// The Find form as the server's request: the query from the rows or typed raw, the scope of each kind,
// and people looked up with contact reveals.
import { describe, expect, it } from "vitest";
import { entries, findRequest, formReady, newForm } from "../../../sidebar/lib/find-request.ts";
import type { FindKindView } from "../../../sidebar/lib/find-types.ts";

const kind = (patch: Partial<FindKindView>): FindKindView =>
  ({
    kind: "organizations",
    label: "",
    noun: ["", ""],
    queryFields: [],
    scope: "none",
    listScope: false,
    attributes: [],
    attributePrice: 1,
    defaultAttributes: ["industry"],
    orderColumns: [],
    includeClosed: true,
    ...patch,
  }) as FindKindView;

const organizations = kind({});
const people = kind({ kind: "people", scope: "required", listScope: true, includeClosed: false });
const jobs = kind({ kind: "jobs", scope: "optional", listScope: true, includeClosed: false });

describe("findRequest", () => {
  it("sends an organization search with its query, columns, limit, order and include closed", () => {
    const form = {
      ...newForm(organizations, 25),
      rows: [
        {
          id: 1,
          field: "technology" as const,
          match: "any" as const,
          items: [{ value: "python", label: "Python" }],
        },
      ],
      orderBy: "employee_count",
      includeClosed: true,
    };
    expect(findRequest("organizations", organizations, form)).toEqual({
      kind: "organizations",
      query: "technology EQ 'python'",
      attributes: ["industry"],
      limit: "25",
      orderBy: "employee_count",
      direction: "DESC",
      includeClosed: true,
    });
  });

  it("sends the raw query as typed when Raw query is on", () => {
    const form = { ...newForm(organizations, 10), raw: true, rawText: "  country EQ 'US' " };
    expect(findRequest("organizations", organizations, form)["query"]).toBe("country EQ 'US'");
  });

  it("sends a people search by organization with its scope and list", () => {
    const form = { ...newForm(people, 10), organizations: "acme.com\n\n 42 \nAcme, Inc.", listId: "7" };
    expect(findRequest("people", people, form)).toEqual({
      kind: "people",
      attributes: ["industry"],
      limit: "10",
      organizations: ["acme.com", "42", "Acme, Inc."],
      organizationListId: "7",
    });
  });

  it("sends people to look up with the reveals and nothing of the search by organization", () => {
    const form = {
      ...newForm(people, 10),
      peopleBy: "people" as const,
      people: "123\njane@example.com",
      organizations: "acme.com",
      reveal: { email: true, phone: false },
    };
    expect(findRequest("people", people, form)).toEqual({
      kind: "people",
      attributes: ["industry"],
      people: ["123", "jane@example.com"],
      reveal: { email: true, phone: false },
    });
  });
});

describe("formReady", () => {
  it("waits for what each kind needs", () => {
    expect(formReady("organizations", organizations, newForm(organizations, 10))).toBe(false);
    expect(formReady("people", people, { ...newForm(people, 10), listId: "3" })).toBe(true);
    expect(formReady("people", people, { ...newForm(people, 10), peopleBy: "people" })).toBe(false);
    // A jobs query alone waits for where to search: organizations, a list, or All organizations ticked.
    const query = { ...newForm(jobs, 10), raw: true, rawText: "country EQ 'US'" };
    expect(formReady("jobs", jobs, query)).toBe(false);
    expect(formReady("jobs", jobs, { ...query, everywhere: true })).toBe(true);
    expect(formReady("jobs", jobs, { ...query, organizations: "acme.com" })).toBe(true);
  });

  it("sends everywhere only while nothing narrower is named", () => {
    const form = { ...newForm(jobs, 10), raw: true, rawText: "country EQ 'US'", everywhere: true };
    expect(findRequest("jobs", jobs, form)).toMatchObject({ everywhere: true });
    expect(findRequest("jobs", jobs, { ...form, organizations: "acme.com" })).not.toHaveProperty(
      "everywhere",
    );
  });
});

describe("entries", () => {
  it("reads one entry per line, keeping commas inside names", () => {
    expect(entries(" a.com \n\nAcme, Inc.;b.com")).toEqual(["a.com", "Acme, Inc.", "b.com"]);
  });
});
