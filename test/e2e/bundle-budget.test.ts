// The bundle on a budget: dist/Code.js, raw and gzipped, stays within scripts/budgets/bundle.json, and is
// ASCII only, which V8 keeps as a one-byte string: one character past Latin-1 makes the whole source two-byte,
// and compiling it then takes measurably longer on every load.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { commentBytes } from "../../scripts/bench/bundle.ts";
import { ADDON_COMMENT, FORMULA_API_COMMENT } from "../../scripts/build.ts";

const root = join(import.meta.dirname, "../..");
const budget = JSON.parse(readFileSync(join(root, "scripts/budgets/bundle.json"), "utf8")) as {
  rawBytes: number;
  gzipBytes: number;
  formulaCompiledBytes: number;
};
const code = readFileSync(join(root, "dist/Code.js"));

describe("the bundle's budget", () => {
  it("keeps dist/Code.js within its raw, gzip and formula-compiled budget (raising one is a commit that says why)", () => {
    const text = code.toString("latin1");
    const sizes = {
      rawBytes: code.length,
      gzipBytes: gzipSync(code, { level: 9 }).length,
      // What every formula cell compiles: the file less the comments V8 skips (issue 42).
      formulaCompiledBytes:
        code.length - commentBytes(text, ADDON_COMMENT) - commentBytes(text, FORMULA_API_COMMENT),
    };
    expect(
      Object.entries(sizes)
        .filter(([key, bytes]) => bytes > budget[key as keyof typeof sizes])
        .map(([key, bytes]) => `${key}: ${bytes} > ${budget[key as keyof typeof sizes]}`),
    ).toEqual([]);
  });

  it("is ASCII only, so V8 compiles it from a one-byte string", () => {
    const text = code.toString("utf8");
    const outside = [...text.matchAll(/[^\t\n\r -~]/g)].map(
      (match) =>
        `${JSON.stringify(match[0])} at ${text.slice(0, match.index).split("\n").length}:${match.index - text.lastIndexOf("\n", match.index)}`,
    );
    expect(outside).toEqual([]);
  });
});
