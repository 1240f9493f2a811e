// What the repository must never track: installed packages, build output, local deploy settings, secrets.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const NEVER = /^(node_modules|dist|dist-meta)(\/|$)|^\.clasp\.json$|^deploy\.config\.json$|(^|\/)\.env(\.|$)/;

describe("tracked files", () => {
  it.skipIf(!existsSync(join(root, ".git")))(
    "include no installed packages, build output or local settings",
    () => {
      const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
        .split("\n")
        .filter(Boolean);
      expect(tracked.length).toBeGreaterThan(100);
      // node_modules once slipped in as a symlink, which "node_modules/" in .gitignore does not match.
      expect(tracked.filter((path) => NEVER.test(path))).toEqual([]);
    },
  );
});
