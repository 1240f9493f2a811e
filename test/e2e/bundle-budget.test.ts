// The bundle on a budget: dist/Code.js, raw and gzipped, stays within scripts/budgets/bundle.json, and is
// ASCII only, which V8 keeps as a one-byte string: one character past Latin-1 makes the whole source two-byte,
// and compiling it then takes measurably longer on every load.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const budget = JSON.parse(readFileSync(join(root, "scripts/budgets/bundle.json"), "utf8")) as {
  rawBytes: number;
  gzipBytes: number;
};
const code = readFileSync(join(root, "dist/Code.js"));

describe("the bundle's budget", () => {
  it("keeps dist/Code.js within its raw and gzip budget (raising one is a commit that says why)", () => {
    const sizes = { rawBytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
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
