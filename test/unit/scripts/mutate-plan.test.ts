// git's view of a change (committed, staged, unstaged and untracked, numbered as the files are now) and
// Stryker's instrumenter counting the mutants of its lines, in a throwaway repository.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changesSince, coChangedTests, plannedMutants } from "../../../scripts/mutate/plan.ts";

let repo: string;
const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: repo, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const write = (file: string, lines: string[]) => {
  mkdirSync(join(repo, file, ".."), { recursive: true });
  writeFileSync(join(repo, file), `${lines.join("\n")}\n`);
};
const numbered = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i + 1} = ${i + 1};`);

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), "mutate-plan-"));
  git("init", "-q", "-b", "main");
  git("config", "user.email", "t@example.com");
  git("config", "user.name", "t");
  write("src/core/a.ts", numbered(10));
  write("test/unit/a.test.ts", ["// a's test"]);
  git("add", ".");
  git("commit", "-q", "-m", "base");
  git("checkout", "-q", "-b", "work");
  // Committed on the branch: line 8 changed.
  const committed = numbered(10);
  committed[7] = "export const v8 = 8 > 1 && 2 > 1;";
  write("src/core/a.ts", committed);
  write("test/unit/a.test.ts", ["// a's test, again"]);
  git("commit", "-qam", "work");
  // Uncommitted: two lines inserted at the top, so the committed change is now line 10.
  write("src/core/a.ts", ["// new", "export const w = true;", ...committed]);
  write("src/core/new.ts", ["export const n = 1;", "export const m = 2;", "export const o = 3;"]);
  // main moves on after the branch left it: not part of the change.
  git("stash", "-q", "-u");
  git("checkout", "-q", "main");
  write("src/core/b.ts", ["export const b = 1;"]);
  git("add", ".");
  git("commit", "-q", "-m", "main moves");
  git("checkout", "-q", "work");
  git("stash", "pop", "-q");
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe("changesSince", () => {
  it("numbers committed and uncommitted lines as the files are now, untracked files whole, main's own commits out", () => {
    expect(Object.fromEntries(changesSince(repo, "main"))).toEqual({
      "src/core/a.ts": [
        { start: 1, end: 2 },
        { start: 10, end: 10 },
      ],
      "src/core/new.ts": [{ start: 1, end: 3 }],
      "test/unit/a.test.ts": [{ start: 1, end: 1 }],
    });
  });

  it("says so when git knows no such base", () => {
    expect(() => changesSince(repo, "no-such-branch")).toThrow(
      "--changed no-such-branch: git knows no such commit or branch, or it shares no history with HEAD",
    );
  });
});

describe("coChangedTests", () => {
  it("names the tests changed in the commits that changed a file, newest first", () => {
    expect(coChangedTests(repo, ["src/core/a.ts"])).toEqual(["test/unit/a.test.ts"]);
    expect(coChangedTests(repo, ["src/core/none.ts"])).toEqual([]);
  });
});

describe("plannedMutants", () => {
  it("lists the mutants Stryker makes of the changed lines only, lines from 1 and columns from 0", async () => {
    const mutants = await plannedMutants(repo, new Map([["src/core/a.ts", [{ start: 10, end: 10 }]]]));
    expect(
      mutants.map(
        (m) =>
          `${m.start.line}:${m.start.column}-${m.end.line}:${m.end.column} ${m.mutatorName} ${m.replacement}`,
      ),
    ).toEqual([
      "10:18-10:32 ConditionalExpression true",
      "10:18-10:32 ConditionalExpression false",
      "10:18-10:32 LogicalOperator 8 > 1 || 2 > 1",
      "10:18-10:23 ConditionalExpression true",
      "10:18-10:23 EqualityOperator 8 >= 1",
      "10:18-10:23 EqualityOperator 8 <= 1",
      "10:27-10:32 ConditionalExpression true",
      "10:27-10:32 EqualityOperator 2 >= 1",
      "10:27-10:32 EqualityOperator 2 <= 1",
    ]);
    expect(mutants.every((m) => m.file === "src/core/a.ts")).toBe(true);
  });
});
