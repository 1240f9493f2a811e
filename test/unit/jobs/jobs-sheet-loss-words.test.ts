// What the sidebar says of rules and runs brought back after a person deleted or edited the jobs sheet.
import { describe, expect, it } from "vitest";
import { jobsSheetLost, ruleBroughtBack } from "../../../src/server/jobs/rules-copy.ts";
import { rebuiltMessage } from "../../../src/server/jobs/runs-back.ts";

describe("the jobs sheet lost, in words", () => {
  it("names what the person did", () => {
    expect(jobsSheetLost("deleted")).toBe('the hidden sheet "Enrichment jobs" was deleted');
    expect(jobsSheetLost("edited")).toBe(
      'a row of the hidden sheet "Enrichment jobs" was typed over or cleared',
    );
    expect(ruleBroughtBack("edited")).toBe(
      'Brought back: a row of the hidden sheet "Enrichment jobs" was typed over or cleared, and this scheduled refresh with it. The add-on kept a copy, so it runs as before; bringing it back bought nothing.',
    );
  });

  it("says of a rebuilt run what it bought and what Resume costs, deleted by default", () => {
    expect(rebuiltMessage(2, 6, 0, 3)).toBe(
      'Done: the hidden sheet "Enrichment jobs" was deleted, and this run with it; it was rebuilt from the purchase record, which shows the 2 organizations it bought (6 credits, in the Enrichment log).',
    );
    expect(rebuiltMessage(1, 3, 4, 3, "edited")).toBe(
      'Stopped: a row of the hidden sheet "Enrichment jobs" was typed over or cleared, and this run with it; it was rebuilt from the purchase record. The 1 organization it bought (3 credits, in the Enrichment log) are kept: Resume writes them without buying them again, then buys only what no run bought, at most 4 organizations (12 credits).',
    );
  });
});
