// What each execution evaluates of the bundle's lazy parts (issue 42): a formula its caches answer evaluates
// none, the formula that buys for its column evaluates the API part once, and a click the add-on part.
import { describe, expect, it } from "vitest";
import { addonWorld } from "../support/addon-world.ts";

describe("the bundle's lazy parts, per execution", () => {
  it("are evaluated by the formula that buys only, never by a formula its cache answers", async () => {
    const w = await addonWorld();
    const domains = w.state.dataset.orgs.slice(0, 30).map((o) => o.domain);
    w.gas.sheet().set(
      "A2",
      domains.map((domain) => [domain]),
    );
    const filled = w.gas.fill("B2:B31", '=ORG_ATTR(A2,"industry")');
    const cells = filled.filter((e) => e.kind === "customFunction");
    expect(cells).toHaveLength(30);
    // One cell buys for the whole column; the others find its answers.
    expect(w.charged()).toBe(30 * 2);
    const evaluated = cells.map((e) => e.evaluated.join(",")).sort();
    expect(evaluated.filter((parts) => parts === "FormulaApi.js")).toHaveLength(1);
    expect(evaluated.filter((parts) => parts === "")).toHaveLength(29);

    const reopened = w.gas.reopen().filter((e) => e.kind === "customFunction");
    expect(reopened).toHaveLength(30);
    expect(reopened.filter((e) => e.evaluated.length > 0)).toEqual([]);
    expect(w.charged()).toBe(30 * 2);
  });

  it("is the add-on part alone for opening the file", async () => {
    const w = await addonWorld();
    const open = w.gas.open();
    expect([open?.functionName, open?.evaluated]).toEqual(["onOpen", ["Addon.js"]]);
  });
});
