// Search results of any shape become a sheet table: nested objects as "parent.child" columns, lists
// joined, every field a column, formula-like text kept as text.
import { describe, expect, it } from "vitest";
import { flattenRecord, toTable } from "../../../src/server/find/flatten.ts";

describe("flattenRecord", () => {
  it("turns nested objects into dotted columns and joins lists, objects in lists by their names", () => {
    const cells = flattenRecord({
      team_id: 7,
      organization: { organization_id: 1, name: "Acme", hq: { country: "US" } },
      technology_list: [{ name: "Python", slug: "python" }, { slug: "go" }],
      tags: ["b2b", "saas"],
      breadcrumbs: [],
      score: null,
      used: true,
    });
    expect(Object.fromEntries(cells)).toEqual({
      team_id: 7,
      "organization.organization_id": 1,
      "organization.name": "Acme",
      "organization.hq.country": "US",
      technology_list: "Python, go",
      tags: "b2b, saas",
      breadcrumbs: "",
      score: "",
      used: true,
    });
  });

  it("writes text that Sheets would read as a formula as plain text", () => {
    expect(flattenRecord({ title: "=HYPERLINK(1)", note: ["@me"] }).get("title")).toBe("'=HYPERLINK(1)");
    expect(flattenRecord({ note: ["-x", "y"] }).get("note")).toBe("'-x, y");
  });

  it("names an object without a name by its JSON", () => {
    expect(flattenRecord({ list: [{ a: 1 }] }).get("list")).toBe('{"a":1}');
  });
});

describe("toTable", () => {
  it("gives every field any record has a column, leading and trailing ones in place", () => {
    const table = toTable(
      [
        { service_url: "https://x/1", name: "A", extra: 1 },
        { name: "B", other: { deep: 2 }, service_url: "https://x/2" },
      ],
      { leading: ["id", "name"], trailing: ["service_url"] },
    );
    expect(table).toEqual({
      header: ["name", "extra", "other.deep", "service_url"],
      rows: [
        ["A", 1, "", "https://x/1"],
        ["B", "", 2, "https://x/2"],
      ],
    });
  });

  it("keeps asked-for columns the service left out of every record", () => {
    expect(toTable([{ name: "A" }], { always: ["name", "industry"] })).toEqual({
      header: ["name", "industry"],
      rows: [["A", ""]],
    });
  });

  it("has only the asked-for columns and no rows for no records", () => {
    expect(toTable([], { leading: ["name"] })).toEqual({ header: [], rows: [] });
  });
});
