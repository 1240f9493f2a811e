// Nothing under src/ builds a Unicode-property regex (\p{…}) at load: V8 expands its Unicode tables when the
// literal is evaluated, which at a module's top level is in every formula cell, click and trigger (a fifth of
// the bundle's top-level time once). Such a pattern is built on first use, inside a function.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Lines at a module's top level (not indented, not a comment) holding a \p{…} or \P{…} escape. */
function loadTimeUnicodeRegexes(text: string): number[] {
  return text
    .split("\n")
    .flatMap((line, i) => (/^(?![\s/*])/.test(line) && /\\[pP]\{/.test(line) ? [i + 1] : []));
}

describe("Unicode-property regexes", () => {
  it("are found on a line at a module's top level, not inside a function or a comment", () => {
    expect(
      loadTimeUnicodeRegexes("const A = /[\\p{L}]/u;\nfunction f() {\n  return /\\p{N}/u;\n}\n// /\\p{L}/"),
    ).toEqual([1]);
  });

  it("are built on first use everywhere under src/", () => {
    const found = sourceFiles(join(root, "src")).flatMap((path) =>
      loadTimeUnicodeRegexes(readFileSync(path, "utf8")).map((line) => `${relative(root, path)}:${line}`),
    );
    expect(found).toEqual([]);
  });
});
