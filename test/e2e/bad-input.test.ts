// Every bad-input case through the user's path (bundle in the harness, or the emulator): the exact
// message, nothing echoed at length, no credit spent; and docs/bad-input.md is the table of these cases.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { badInputWorld, CASES, KINDS } from "../bad-input/cases.ts";
import { DOC_PATH, renderBadInputDoc } from "../bad-input/render.ts";
import { ledgerTotal } from "./bulk-world.ts";

describe("bad input", () => {
  it.each(CASES.map((c) => [`${c.entry}: ${c.kind}, ${c.tried}`, c] as const))("%s", async (_name, c) => {
    const world = await badInputWorld();
    c.setup?.(world);
    const before = ledgerTotal(world.emulator);
    const message = c.attempt(world);
    expect(message).toBe(c.message);
    // No run of more than 100 repeated characters: a huge input is never echoed whole.
    expect(message).not.toMatch(/(.)\1{100}/u);
    expect(ledgerTotal(world.emulator)).toBe(before);
  });

  it("covers at least 25 cases, every kind of bad input, and formulas, sidebar and endpoints", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(25);
    expect(new Set(CASES.map((c) => c.kind))).toEqual(new Set(KINDS));
    expect(CASES.some((c) => c.entry.startsWith("="))).toBe(true);
    expect(CASES.some((c) => c.entry.includes("›"))).toBe(true);
    expect(CASES.some((c) => /^(GET|POST) \/v9\//.test(c.entry))).toBe(true);
  });

  it(`${DOC_PATH} is the table of these cases (run npm run docs:bad-input after changing them)`, () => {
    const committed = readFileSync(join(import.meta.dirname, "../..", DOC_PATH), "utf8");
    expect(committed).toBe(renderBadInputDoc());
  });
});
