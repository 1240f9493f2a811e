// Every top-level function of the bundle can be typed into a cell by any editor, as Sheets allows; the ones
// that are not formulas must then refuse before touching anything: no request, no store written, one sentence.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readEntryPoints } from "../../scripts/lib/entry-points.ts";
import { addonWorld } from "../support/addon-world.ts";

const root = join(import.meta.dirname, "../..");
const points = readEntryPoints(readFileSync(join(root, "src/main.ts"), "utf8"));
const notFormulas = points.filter((p) => !p.jsdoc?.includes("@customfunction"));
const SENTENCE = "This is a sidebar function; it cannot be used in a cell.";

describe("a sidebar, menu or trigger function typed into a cell", () => {
  it("covers the bundle's exports: the formulas are the @customfunction ones, everything else is guarded", () => {
    expect(points.length - notFormulas.length).toBe(6);
    expect(notFormulas.map((p) => p.name)).toEqual(
      expect.arrayContaining([
        "onOpen",
        "findTechnologies",
        "clearFormulaCache",
        "dispatchJobs",
        "checkService",
      ]),
    );
  });

  it("refuses in every cell: no request, no property or cache written, only the sentence shown", async () => {
    const w = await addonWorld();
    const { gas } = w;
    const owner = gas.user;
    // The owner (team key) has a formula cache worth emptying; a collaborator types the functions.
    gas.sheet().set("A1", [[w.state.dataset.orgs[0]!.domain]]);
    gas.formula("B1", '=ORG_ATTR(A1, "industry")');
    const fetches = gas.fetches.length;
    const charged = w.charged();
    const stores = () => ({
      script: gas.properties.script.snapshot(),
      user: gas.properties.user(owner).snapshot(),
      document: gas.properties.document().snapshot(),
      userCache: gas.caches.user(owner).snapshot(gas.clock.now()),
      documentCache: gas.caches.document().snapshot(gas.clock.now()),
      scriptCache: gas.caches.script.snapshot(gas.clock.now()),
    });
    const before = stores();
    expect(Object.keys(before.documentCache).length).toBeGreaterThan(0);
    gas.setUser("editor@example.com");

    notFormulas.forEach((point, i) => {
      const a1 = `D${i + 1}`;
      const executions = gas.executions.length;
      const args = point.params.map(() => "A1").join(", ");
      const cell = gas.formula(a1, `=${point.name}(${args})`);
      expect([cell.display, cell.error], point.name).toEqual(["#ERROR!", SENTENCE]);
      const ran = gas.executions.slice(executions);
      expect(
        ran.map((e) => [e.functionName, e.kind, e.authMode]),
        point.name,
      ).toEqual([[point.name, "customFunction", "CUSTOM_FUNCTION"]]);
      // The refusal asks the platform one thing (is there a UI?) and calls nothing else.
      expect(ran[0]!.calls, point.name).toEqual({ "SpreadsheetApp.getUi": 1 });
    });
    expect(gas.fetches).toHaveLength(fetches);
    expect(w.charged()).toBe(charged);
    expect(stores()).toEqual(before);
  });
});
