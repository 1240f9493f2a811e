// When cached results were last cleared travels with the formula settings: a stored time is kept, anything
// else (never cleared, or a hand-edited property) reads as none, and the person's form never sets it.
import { describe, expect, it } from "vitest";
import { PROPERTY, readFormulaSettings, validateFormulaSettings } from "../../../src/core/settings.ts";

const CHOSEN = { killSwitch: false, dailyCap: null, cacheLifetimeSeconds: 3600 };
const stored = (value: unknown) => ({
  get: (key: string) => (key === PROPERTY.formulaSettings ? JSON.stringify(value) : null),
  put: () => {},
});

describe("formula settings' recordFrom", () => {
  it("is none when the settings never named it", () => {
    expect(validateFormulaSettings(CHOSEN)).toEqual({ ...CHOSEN, recordFrom: 0 });
  });

  it("keeps a stored time, and reads anything else as none", () => {
    expect(readFormulaSettings(stored({ ...CHOSEN, recordFrom: 1_795_251_600_020 })).recordFrom).toBe(
      1_795_251_600_020,
    );
    for (const bad of [-5, 1.5, "1795251600020", null, Number.MAX_SAFE_INTEGER + 2])
      expect(readFormulaSettings(stored({ ...CHOSEN, recordFrom: bad })).recordFrom).toBe(0);
  });
});
