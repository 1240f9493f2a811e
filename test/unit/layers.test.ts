// The layering the design asks for, checked on the source: the pure layers touch no Apps Script service,
// and only src/main.ts declares what becomes a global.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const SERVICES =
  /\b(SpreadsheetApp|PropertiesService|CacheService|LockService|UrlFetchApp|ScriptApp|HtmlService|Utilities|Session|Logger|DriveApp|GoogleAppsScript)\b/;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** The code without comments, so a comment that names a service for explanation does not count. */
function code(path: string): string {
  return readFileSync(path, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

describe("layers", () => {
  it.each(["src/core", "src/api", "src/functions"])("%s uses no Apps Script service", (dir) => {
    const offenders = files(join(root, dir))
      .filter((path) => SERVICES.test(code(path)))
      .map((path) => relative(root, path));
    expect(offenders).toEqual([]);
  });

  it("the pure layers import nothing from the platform, server or functions layers", () => {
    const offenders = [...files(join(root, "src/core")), ...files(join(root, "src/api"))]
      .filter((path) => /from "\.\.?\/(\.\.\/)*(platform|server|functions)\//.test(code(path)))
      .map((path) => relative(root, path));
    expect(offenders).toEqual([]);
  });

  it("src/api imports nothing of src outside itself: the contract layer knows no add-on logic", () => {
    const api = join(root, "src/api");
    const offenders = files(api).flatMap((path) =>
      [...code(path).matchAll(/from "(\.\.?\/[^"]+)"/g)]
        .map((m) => join(dirname(path), m[1]!))
        .filter((target) => relative(api, target).startsWith(".."))
        .map((target) => `${relative(root, path)} → ${relative(root, target)}`),
    );
    expect(offenders).toEqual([]);
  });

  it("src/core holds its code in folders by concern, each with a README saying what enters it", () => {
    const core = join(root, "src/core");
    const loose = readdirSync(core).filter((name) => !statSync(join(core, name)).isDirectory());
    expect(loose).toEqual(["settings.ts"]);
    const withoutReadme = readdirSync(core)
      .filter((name) => statSync(join(core, name)).isDirectory())
      .filter((name) => !readdirSync(join(core, name)).includes("README.md"));
    expect(withoutReadme).toEqual([]);
  });

  it("only src/main.ts exports the functions that become globals", () => {
    const declaring = files(join(root, "src"))
      .filter((path) => /^\s*(declare\s+global|globalThis\.\w+\s*=)/m.test(code(path)))
      .map((path) => relative(root, path));
    expect(declaring).toEqual([]);
  });

  it("src/server holds one folder per feature and only the shared runtime beside them", () => {
    const server = join(root, "src/server");
    const loose = readdirSync(server).filter((name) => !statSync(join(server, name)).isDirectory());
    expect(loose).toEqual(["runtime.ts"]);
    const withoutReadme = readdirSync(server)
      .filter((name) => statSync(join(server, name)).isDirectory())
      .filter((name) => !readdirSync(join(server, name)).includes("README.md"));
    expect(withoutReadme).toEqual([]);
  });

  it("no file name repeats its folder's name as a prefix (the folder says it)", () => {
    const repeating = ["src", "sidebar", "emulator", "harness"]
      .flatMap((dir) => files(join(root, dir)))
      .filter((path) => basename(path).startsWith(`${basename(dirname(path))}-`))
      .map((path) => relative(root, path));
    expect(repeating).toEqual([]);
  });

  it("src/main.ts reaches each server feature through its folder, not its files", () => {
    const deep = [...code(join(root, "src/main.ts")).matchAll(/from "(\.\/server\/[^"]+)"/g)]
      .map((m) => m[1]!)
      .filter((spec) => spec.split("/").length > 3);
    expect(deep).toEqual([]);
  });
});
