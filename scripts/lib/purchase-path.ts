// The modules a custom function runs only when it buys (issue 42): the build leaves them, beside src/api's
// modules that reach zod, to the formula part's lazy API part, so a formula its caches answer compiles none.
import type { Metafile } from "esbuild";

/**
 * By path, each with what it does for a purchase. A module here that a cache hit does run would evaluate the
 * API part in every cell: test/e2e/formula-lazy-parts.test.ts fails then (a cell its cache answers must
 * evaluate nothing).
 */
export const PURCHASE_PATH: readonly string[] = [
  // Buying what the cache lacks (org-cached.ts is what a hit runs).
  "src/functions/org-fetch.ts",
  // The service's errors: a formula meets one only when it has called the service, or failed to for want of a
  // key or address (their stand-ins tell an error apart without evaluating the API part).
  "src/api/errors.ts",
  // What a paid request must pass and leave behind: the spend guard, the pace, the intents, the day's
  // allowances, the money record, and the deferred log rows.
  "src/core/spending/spend-guard.ts",
  "src/core/spending/throttle.ts",
  "src/core/spending/formula-intents.ts",
  "src/core/spending/fetch-allowance.ts",
  "src/core/spending/money-record.ts",
  "src/core/spending/storage-budget.ts",
  "src/platform/money-store.ts",
  "src/platform/deferred-log-store.ts",
  // Writing paid answers into the durable cache's buckets (reading them is bucket-read.ts).
  "src/core/caches/bucket-room.ts",
  "src/core/caches/bucket-rounds.ts",
  "src/core/caches/bucket-merge.ts",
  "src/core/caches/bucket-union.ts",
  // The other formulas' organizations, bought with a purchase so each is paid once.
  "src/core/formulas/siblings.ts",
  "src/core/formulas/census.ts",
  "src/core/formulas/sheet-read.ts",
  // The log rows' dates, in the spreadsheet's time zone.
  "src/platform/spreadsheet-time.ts",
  "src/core/text/when.ts",
];

/** PURCHASE_PATH as the formula part's build found it; a module no custom function reaches any more is an error. */
export function purchasePath(meta: Metafile): string[] {
  const gone = PURCHASE_PATH.filter((path) => !(path in meta.inputs));
  if (gone.length > 0) {
    throw new Error(
      `scripts/lib/purchase-path.ts names ${gone.join(", ")}, which no custom function reaches any more: remove ${gone.length === 1 ? "it" : "them"} there.`,
    );
  }
  return [...PURCHASE_PATH];
}
