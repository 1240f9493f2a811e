// `npm run mutate -- --changed`: a -U0 diff read as the lines a change added or modified, kept in the paid paths.
import { describe, expect, it } from "vitest";
import {
  changedLines,
  isPaid,
  lineRangeEntries,
  mergeRanges,
  paidChanges,
} from "../../../scripts/mutate/changed-lines.ts";
import { PAID_PATHS } from "../../../stryker.config.mjs";

const DIFF = `diff --git a/src/core/spending/formula-intents.ts b/src/core/spending/formula-intents.ts
index 6e1670d..d7d57ef 100644
--- a/src/core/spending/formula-intents.ts
+++ b/src/core/spending/formula-intents.ts
@@ -193 +193,4 @@ export class FormulaIntents {
-/** Deletes every formula intent. */
+/**
+ * Deletes every formula intent
+ * from the properties as last read.
+ */
@@ -195 +198 @@ export function clearFormulaIntents(properties: IntentProperties): number {
-  const keys = Object.keys(properties.read()).filter(isIntentKey);
+  const keys = Object.keys(properties.recent() ?? properties.read()).filter(isIntentKey);
@@ -230,3 +232,0 @@ function gone() {
-  a;
-  b;
-  c;
@@ -240,0 +240,2 @@ function added() {
+  d;
+  e;
diff --git a/src/server/settings/view.ts b/src/server/settings/view.ts
--- a/src/server/settings/view.ts
+++ b/src/server/settings/view.ts
@@ -10,2 +10,3 @@
+x
diff --git a/src/functions/old.ts b/src/functions/old.ts
deleted file mode 100644
--- a/src/functions/old.ts
+++ /dev/null
@@ -1,4 +0,0 @@
-gone
diff --git a/src/functions/new.ts b/src/functions/new.ts
new file mode 100644
--- /dev/null
+++ b/src/functions/new.ts
@@ -0,0 +1,7 @@
+new
`;

describe("changedLines", () => {
  it("reads each hunk's new lines, skips pure deletions and deleted files", () => {
    expect(Object.fromEntries(changedLines(DIFF))).toEqual({
      "src/core/spending/formula-intents.ts": [
        { start: 193, end: 196 },
        { start: 198, end: 198 },
        { start: 240, end: 241 },
      ],
      "src/server/settings/view.ts": [{ start: 10, end: 12 }],
      "src/functions/new.ts": [{ start: 1, end: 7 }],
    });
  });

  it("reads nothing from an empty diff", () => {
    expect(changedLines("").size).toBe(0);
  });
});

describe("mergeRanges", () => {
  it("sorts, and joins overlapping and touching ranges", () => {
    expect(
      mergeRanges([
        { start: 20, end: 25 },
        { start: 1, end: 3 },
        { start: 4, end: 4 },
        { start: 22, end: 30 },
        { start: 32, end: 32 },
      ]),
    ).toEqual([
      { start: 1, end: 4 },
      { start: 20, end: 30 },
      { start: 32, end: 32 },
    ]);
  });
});

describe("isPaid", () => {
  it("takes the config's folders' TypeScript files and its single files, nothing else", () => {
    expect(isPaid("src/core/spending/formula-intents.ts", PAID_PATHS)).toBe(true);
    expect(isPaid("src/server/bulk/run/step.ts", PAID_PATHS)).toBe(true);
    expect(isPaid("src/api/request.ts", PAID_PATHS)).toBe(true);
    expect(isPaid("src/api/retry/deadline.ts", PAID_PATHS)).toBe(false);
    expect(isPaid("src/server/settings/view.ts", PAID_PATHS)).toBe(false);
    expect(isPaid("src/core/spending/README.md", PAID_PATHS)).toBe(false);
    expect(isPaid("src/core-extra/x.ts", PAID_PATHS)).toBe(false);
    expect(isPaid("test/unit/core/formula-intents.test.ts", PAID_PATHS)).toBe(false);
  });

  it("refuses a pattern shape it cannot read, so it never disagrees with the config", () => {
    expect(() => isPaid("src/a.ts", ["src/*/x.ts"])).toThrow("Paid path pattern not understood: src/*/x.ts");
    expect(() => isPaid("src/a.ts", ["src/{a,b}/**/*.ts"])).toThrow(
      "Paid path pattern not understood: src/{a,b}/**/*.ts",
    );
  });
});

describe("paidChanges and lineRangeEntries", () => {
  it("keeps the paid files, in path order, as Stryker's file:start-end entries", () => {
    const paid = paidChanges(changedLines(DIFF), PAID_PATHS);
    expect([...paid.keys()]).toEqual(["src/core/spending/formula-intents.ts", "src/functions/new.ts"]);
    expect(lineRangeEntries(paid)).toEqual([
      "src/core/spending/formula-intents.ts:193-196",
      "src/core/spending/formula-intents.ts:198-198",
      "src/core/spending/formula-intents.ts:240-241",
      "src/functions/new.ts:1-7",
    ]);
  });
});
