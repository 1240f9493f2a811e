// What the "Refresh now" menu item says, with and without scheduled refreshes.
import { describe, expect, it } from "vitest";
import { refreshNowNotice } from "../../../src/server/menu/handlers.ts";

describe("refreshNowNotice", () => {
  it("explains how to schedule one when there is none", () => {
    expect(refreshNowNotice(0)).toBe(
      "This spreadsheet has no scheduled refreshes yet. Enrich a selection, then choose “Save as scheduled refresh…”. Formulas fetch fresh values by themselves once their cache lifetime (Settings) has passed.",
    );
  });
  it("counts the rules and sends the user to their estimates", () => {
    expect(refreshNowNotice(1)).toBe(
      "This spreadsheet has one scheduled refresh. Choose Refresh now beside one under Scheduled refreshes: it shows what it may cost before it runs.",
    );
    expect(refreshNowNotice(3)).toMatch(/^This spreadsheet has 3 scheduled refreshes\./);
  });
});
