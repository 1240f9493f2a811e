// rebuiltMessage: what the sidebar says of a run rebuilt from the purchase record after "Enrichment jobs" was
// deleted — what it bought and, when something is left, what Resume may still buy.
import { describe, expect, it } from "vitest";
import { goneRunMessage, rebuiltMessage } from "../../../src/server/jobs/runs-back";

describe("rebuiltMessage", () => {
  it("says a run with nothing left is done, with what it bought", () => {
    expect(rebuiltMessage(1, 3, 0, 3)).toBe(
      'Done: the hidden sheet "Enrichment jobs" was deleted, and this run with it; it was rebuilt from the purchase record, which shows the 1 organization it bought (3 credits, in the Enrichment log).',
    );
    expect(rebuiltMessage(1_200, 1, 0, 3)).toBe(
      'Done: the hidden sheet "Enrichment jobs" was deleted, and this run with it; it was rebuilt from the purchase record, which shows the 1,200 organizations it bought (1 credit, in the Enrichment log).',
    );
  });

  it("says a run done that bought nothing itself so, not as 0 organizations bought", () => {
    expect(rebuiltMessage(0, 0, 0, 3)).toBe(
      'Done: the hidden sheet "Enrichment jobs" was deleted, and this run with it; it was rebuilt from the purchase record. It bought nothing itself: other runs had bought its organizations.',
    );
  });

  it("says a run with organizations left is stopped, and what Resume buys at most: the rest times the unit", () => {
    expect(rebuiltMessage(4, 12, 2, 3)).toBe(
      'Stopped: the hidden sheet "Enrichment jobs" was deleted, and this run with it; it was rebuilt from the purchase record. The 4 organizations it bought (12 credits, in the Enrichment log) are kept: Resume writes them without buying them again, then buys only what no run bought, at most 2 organizations (6 credits).',
    );
    expect(rebuiltMessage(0, 0, 1, 1)).toBe(
      'Stopped: the hidden sheet "Enrichment jobs" was deleted, and this run with it; it was rebuilt from the purchase record. The 0 organizations it bought (0 credits, in the Enrichment log) are kept: Resume writes them without buying them again, then buys only what no run bought, at most 1 organization (1 credit).',
    );
  });
});

describe("goneRunMessage", () => {
  const withLog = { sheet: (name: string) => (name === "Enrichment log" ? ({} as never) : null) };
  const noLog = { sheet: () => null };

  it("says a run lost with the jobs sheet is gone and what to do, deleted or typed over", () => {
    expect(goneRunMessage("j1", "deleted", withLog)).toBe(
      'That run is gone: the hidden sheet "Enrichment jobs" was deleted, and the run could not be rebuilt from the purchase record. Enrich its rows again (the price comes first), then schedule the refresh from the new run.',
    );
    expect(goneRunMessage("j1", "edited", withLog)).toBe(
      'That run is gone: a row of the hidden sheet "Enrichment jobs" was typed over or cleared, and the run could not be rebuilt from the purchase record. Enrich its rows again (the price comes first), then schedule the refresh from the new run.',
    );
  });

  it("keeps the plain refusal where nothing was lost, or the spreadsheet never ran work (no log)", () => {
    expect(goneRunMessage("j1", null, withLog)).toBe('There is no job "j1" in this spreadsheet.');
    expect(goneRunMessage("j1", "deleted", noLog)).toBe('There is no job "j1" in this spreadsheet.');
  });
});
