// Adding a column to an organization list: cells read as ids, slugs or neither, header labels told
// from data, requests within the list-mode size, and each row's status from the service's answers.
import { describe, expect, it } from "vitest";
import {
  ADDED,
  addRequests,
  listAddStatuses,
  NOT_FOUND_ID,
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

  it("says why other cells are not sent", () => {
    expect(readListCell("acme.com")).toEqual({
      kind: "other",
      reason: "A domain: lists take organization ids or slugs",
    });
    expect(readListCell("Acme Corp")).toEqual({ kind: "other", reason: "Not an organization id or slug" });
    expect(readListCell(-4)).toEqual({ kind: "other", reason: "Not an organization id or slug" });
    expect(readListCell(1.5)).toEqual({ kind: "other", reason: "Not an organization id or slug" });
    expect(readListCell(true)).toEqual({ kind: "other", reason: "Not an organization id or slug" });
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

  it("takes ids and slug-shaped data for data", () => {
    for (const value of [100003, "100003", "acme-corp", "northwave", "", null]) {
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
    const plan = planListAdd([5, "acme", 9, "gone", "", "x.com", 5]);
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
      "A domain: lists take organization ids or slugs",
      ADDED,
    ]);
    expect(result).toMatchObject({ added: 3, notFound: 2, skipped: 1 });
  });
});
