// Adding a column to an organization list: cells read as ids, slugs or neither, header labels told
// from data, requests within the list-mode size, and each row's status from the service's answers.
import { describe, expect, it } from "vitest";
import {
  ADDED,
  addRequests,
  listAddStatuses,
  NOT_FOUND_ID,
  NOT_FOUND_MATCH,
  NOT_FOUND_SLUG,
  planListAdd,
} from "../../../src/server/lists/rows.ts";
import { isHeaderCell, readIdCell, readListCell } from "../../../src/server/sidebar/cells.ts";

describe("readListCell", () => {
  it("reads numbers and digit text as ids, and slug-shaped text as slugs", () => {
    expect(readListCell(100003)).toEqual({ kind: "id", id: 100003 });
    expect(readListCell(" 100003 ")).toEqual({ kind: "id", id: 100003 });
    expect(readListCell("acme-corp")).toEqual({ kind: "slug", slug: "acme-corp" });
    expect(readListCell("\u200Bnorthwave")).toEqual({ kind: "slug", slug: "northwave" });
  });

  it("reads domains, web addresses, e-mails and names as organizations to match", () => {
    expect(readListCell("acme.com")).toEqual({
      kind: "match",
      read: { kind: "org", input: { url: "acme.com" }, key: "url:acme.com" },
    });
    expect(readListCell("https://www.acme.com/about")).toMatchObject({
      kind: "match",
      read: { key: "url:acme.com" },
    });
    expect(readListCell("jo@acme.com")).toMatchObject({ kind: "match", read: { key: "url:acme.com" } });
    expect(readListCell("Acme Corp")).toMatchObject({
      kind: "match",
      read: { input: { name: "Acme Corp" } },
    });
  });

  it("says why other cells are not sent", () => {
    expect(readListCell(-4)).toEqual({
      kind: "other",
      reason: "-4 is not an organization id (ids are positive whole numbers).",
    });
    expect(readListCell(1.5)).toEqual({
      kind: "other",
      reason: "1.5 is not an organization id (ids are whole numbers).",
    });
    expect(readListCell(true)).toEqual({ kind: "other", reason: "TRUE/FALSE is not an organization." });
    expect(readListCell("#N/A")).toEqual({ kind: "other", reason: "The cell holds the error #N/A." });
    expect(readListCell("  ")).toEqual({ kind: "blank" });
    expect(readListCell(null)).toEqual({ kind: "blank" });
  });

  it("takes only positive safe whole numbers as ids", () => {
    expect(readIdCell(0)).toBeNull();
    expect(readIdCell(2 ** 60)).toBeNull();
    expect(readIdCell("12a")).toBeNull();
    expect(readIdCell(7)).toBe(7);
  });
});

describe("isHeaderCell", () => {
  it("takes labels for headers", () => {
    for (const label of [
      "Organization id",
      "Slug",
      "slug",
      "id",
      "person_id",
      "Company",
      "org-id".replace("-", " "),
    ]) {
      expect(isHeaderCell(label), label).toBe(true);
    }
  });

  it("takes ids, slug-shaped data, domains, web addresses and e-mails for data", () => {
    for (const value of [
      100003,
      "100003",
      "acme-corp",
      "northwave",
      "Acme.com",
      "https://x.io",
      "Jo@Acme.com",
      "",
      null,
    ]) {
      expect(isHeaderCell(value), String(value)).toBe(false);
    }
  });
});

describe("planListAdd and addRequests", () => {
  it("sends each id and slug once, in the order the rows name them", () => {
    const plan = planListAdd([5, "acme", 5, "7", "acme", "", "x.com"]);
    expect(plan.ids).toEqual([5, 7]);
    expect(plan.slugs).toEqual(["acme"]);
    expect(addRequests(plan)).toEqual([{ organization_ids: [5, 7], organization_slugs: ["acme"] }]);
  });

  it("matches each domain and name once, then sends the ids found after those given", () => {
    const plan = planListAdd(["x.com", 5, "https://x.com", "Acme Corp"]);
    expect(plan.toMatch.map((read) => read.key)).toEqual(["url:x.com", "name:acme corp"]);
    plan.matched = new Map([
      ["url:x.com", 9],
      ["name:acme corp", 5],
    ]);
    expect(addRequests(plan)).toEqual([{ organization_ids: [5, 9] }]);
  });

  it("splits large columns into requests of the given size, ids first", () => {
    const plan = planListAdd([1, 2, 3, "a", "b"]);
    expect(addRequests(plan, 2)).toEqual([
      { organization_ids: [1, 2] },
      { organization_ids: [3], organization_slugs: ["a"] },
      { organization_slugs: ["b"] },
    ]);
  });
});

describe("listAddStatuses", () => {
  it("gives every row its status, counting added, not found and skipped rows", () => {
    const plan = planListAdd([5, "acme", 9, "gone", "", "x.com", 5, "y.com", true]);
    plan.matched = new Map([["url:y.com", 12]]);
    const result = listAddStatuses(plan, [
      { failed_ids: [9], failed_slugs: [] },
      { failed_ids: [], failed_slugs: ["gone"] },
    ]);
    expect(result.statuses).toEqual([
      ADDED,
      ADDED,
      NOT_FOUND_ID,
      NOT_FOUND_SLUG,
      "",
      NOT_FOUND_MATCH,
      ADDED,
      ADDED,
      "TRUE/FALSE is not an organization.",
    ]);
    expect(result).toMatchObject({ added: 4, notFound: 3, skipped: 1 });
  });
});
