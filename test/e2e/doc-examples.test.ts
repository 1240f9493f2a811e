// Every formula example the README and Help show, run through the bundle against the emulator: an example
// that stops working (the README once showed a job function the service does not know) fails here.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HELP_FORMULAS } from "../../sidebar/lib/help-formulas.ts";
import { addonWorld } from "../support/addon-world.ts";

const root = join(import.meta.dirname, "../..");
const readmeExamples = [
  ...readFileSync(join(root, "README.md"), "utf8").matchAll(/`(=[A-Z_]+\([^`]*\))`/g),
].map((m) => m[1]!);
const helpExamples = HELP_FORMULAS.flatMap(([formulas]) => formulas.split(/,\s*(?==)/));
const TITLES = ["Senior Data Engineer", "VP of Sales", "Account Executive", "CTO"];

describe("formula examples in the docs", () => {
  it("finds the examples it runs", () => {
    expect(readmeExamples.length).toBeGreaterThanOrEqual(6);
    expect(helpExamples.length).toBe(7);
  });

  it.each([...new Set([...readmeExamples, ...helpExamples])])("%s works", async (formula) => {
    const w = await addonWorld();
    const titles = /^=JOB_(FUNCTION|LEVEL)\(/.test(formula);
    const column = titles ? TITLES : w.state.dataset.orgs.slice(0, 20).map((o) => o.domain);
    w.gas.sheet().set(
      "A2",
      column.map((value) => [value]),
    );
    w.gas.sheet().set("B1", [["python", "react", "kubernetes", "snowflake"]]);
    const cell = w.gas.formula("H2", formula);
    expect(cell.error).toBeNull();
    expect(cell.values.flat().some((value) => value !== "")).toBe(true);
  });
});
