// A spreadsheet whose formulas just paid once, their log row not yet on the Enrichment log.
import { expect } from "vitest";
import { type AddonWorld, addonWorld } from "../support/addon-world.ts";
import { logFacts } from "./log-rows.ts";

/** Formulas over five active domains: one paid batch, its log row kept in the document's properties. */
export async function formulasPaid(seed?: number): Promise<AddonWorld> {
  const w = await addonWorld(seed === undefined ? {} : { harness: { seed } });
  const domains = w.state.dataset.orgs.filter((o) => o.status === "active").map((o) => o.domain);
  w.gas.sheet().set(
    "A2",
    domains.slice(0, 5).map((d) => [d]),
  );
  w.gas.formula("B2", '=ORG_ATTR(A2:A6, "industry")');
  expect(logFacts(w.gas)).toEqual([]);
  return w;
}
