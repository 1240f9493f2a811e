// A spreadsheet's life under fixed seeds: random sequences of people's acts, time, faults and kills against
// the reference model (model.ts), every check after every command (check.ts). Commands that trigger bugs
// known today stay off here (README: KNOWN_BUGS); their shrunk sequences are in regressions/.
import { describe, expect, it } from "vitest";
import { checkLife } from "./life.ts";

const SEEDS = [11, 22, 33];

describe("a spreadsheet's life against the reference model", () => {
  for (const seed of SEEDS) {
    it(`keeps the ledger at the price list's minimum, the log equal to it and every row right (seed ${seed})`, async () => {
      const tally = { sequences: 0, commands: 0 };
      await checkLife({ seed, numRuns: 8, tally });
      expect(tally.sequences).toBe(8);
      expect(tally.commands).toBeGreaterThan(8);
    });
  }
});
