// Requests sent without an answer coming back hold what they asked back; Settings says how many, and Ask
// again forgets only them: the next recalculation buys what they held, and every kept answer stays kept.
import { describe, expect, it } from "vitest";
import { LOST_MESSAGE } from "../../src/functions/org-cached.ts";
import type { SettingsView } from "../../src/server/settings/view.ts";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";

type World = Awaited<ReturnType<typeof addonWorld>>;

const ORGS = "/v9/organizations";
const charges = (w: World) => w.ledger().map((e) => [e.path, e.credits]);
const settings = (w: World) => w.gas.run("getSettings") as SettingsView;
const orgFetches = (w: World) => w.gas.fetches.filter((f) => f.url === `${BASE_URL}${ORGS}`);

describe("Ask again, for requests without an answer", () => {
  it("forgets only them: the held organizations are bought on the next recalculation, the kept ones are not", async () => {
    const w = await addonWorld();
    const orgs = w.state.dataset.orgs.slice(0, 20);
    w.gas.sheet().set(
      "A2",
      orgs.map((o) => [o.domain]),
    );
    // Ten organizations bought and kept.
    w.gas.formula("B2", '=ORG_ATTR(A2:A11, "industry")');
    expect(charges(w)).toEqual([[ORGS, 20]]);
    // The other ten: the service answers after the custom function's 30 seconds, so the execution dies with
    // the request out, which may have been charged.
    w.admin("POST", "/__admin/faults", { path: ORGS, count: 1, delay_ms: 31_000 });
    w.gas.formula("B12", '=ORG_ATTR(A12:A21, "industry")');
    expect(charges(w)).toEqual([
      [ORGS, 20],
      [ORGS, 20],
    ]);
    w.gas.clock.advance("1m");
    w.gas.recalculate();
    expect(w.gas.sheet().values("B12:B21").flat()).toEqual(orgs.slice(10).map(() => LOST_MESSAGE));
    expect(orgFetches(w)).toHaveLength(2);
    expect(settings(w).unanswered).toEqual({ requests: 1, items: 10 });
    const kept = settings(w).kept;
    expect(kept.organizations).toBe(10);
    const first = w.gas.sheet().values("B2:B11");

    // The person presses Ask again: only the request's intent goes.
    expect(w.gas.run("forgetUnansweredRequests")).toEqual({ requests: 1, items: 10 });
    expect(settings(w).unanswered).toEqual({ requests: 0, items: 0 });
    expect(settings(w).kept).toEqual(kept);
    w.gas.recalculate();
    // One request for the ten held organizations; the ten kept are not bought again.
    expect(orgFetches(w)).toHaveLength(3);
    expect(
      (JSON.parse(orgFetches(w)[2]?.body ?? "{}") as { organizations: unknown[] }).organizations,
    ).toHaveLength(10);
    expect(charges(w)).toEqual([
      [ORGS, 20],
      [ORGS, 20],
      [ORGS, 20],
    ]);
    expect(w.gas.sheet().values("B2:B11")).toEqual(first);
    const held = w.gas.sheet().values("B12:B21").flat();
    expect(held.filter((v) => typeof v !== "string" || v === "" || v === LOST_MESSAGE)).toEqual([]);
  }, 120_000);

  it("with nothing unanswered, forgets nothing and keeps every answer", async () => {
    const w = await addonWorld();
    w.gas.sheet().set("A2", [[w.state.dataset.orgs[0]!.domain]]);
    w.gas.formula("B2", '=ORG_ATTR(A2, "industry")');
    expect(w.gas.run("forgetUnansweredRequests")).toEqual({ requests: 0, items: 0 });
    expect(settings(w).kept.organizations).toBe(1);
  });
});
