// The most a lost call can have cost, for the log's possibly-charged rows.
import { describe, expect, it } from "vitest";
import { mostCreditsFor } from "../../../src/api/pricing.ts";

describe("mostCreditsFor", () => {
  it("prices the paid calls whose cost the request tells, and says 0 for the rest", () => {
    expect(
      mostCreditsFor("organizations", {
        organizations: [{ url: "a.com" }, { url: "b.com" }],
        select: { attributes: ["industry"] },
      }),
    ).toBe(4);
    expect(mostCreditsFor("signals", { limit: 100 })).toBe(100);
    expect(mostCreditsFor("intelligenceBrief", undefined)).toBe(50);
    expect(mostCreditsFor("organizationLists", undefined)).toBe(0);
    expect(mostCreditsFor("people", null)).toBe(0);
  });
});
