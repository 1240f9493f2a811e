// Which kind of record each property key holds, as Settings ▸ Storage counts them.
import { describe, expect, it } from "vitest";
import { storageKind } from "../../../src/core/spending/storage-budget.ts";

describe("storageKind", () => {
  it.each([
    ["dc:b12", "cachedResults"],
    ["paid:intents", "journals"],
    ["paid:settled:abc-1", "journals"],
    ["paid:logrow:000abc-2", "journals"],
    ["FORMULA_SPEND", "journals"],
    ["urlfetch_day", "journals"],
    ["job:42", "jobs"],
    ["rule:7", "rules"],
    ["sidebar.feed", "sidebar"],
    ["API_KEY", "settings"],
    ["something-else", "other"],
  ])("counts %s as %s", (key, kind) => {
    expect(storageKind(key)).toBe(kind);
  });
});
