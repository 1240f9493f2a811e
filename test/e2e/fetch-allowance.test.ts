// The add-on counts its own UrlFetch calls: at the daily allowance formulas stop with when they can go on.
import { describe, expect, it } from "vitest";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";

const orgRequests = (w: Awaited<ReturnType<typeof addonWorld>>) =>
  w.gas.fetches.filter((f) => f.url === `${BASE_URL}/v9/organizations`);

describe("the daily UrlFetch allowance", () => {
  it("is counted across executions, and a formula past it sends nothing and says when to try again", async () => {
    const w = await addonWorld({
      scriptProperties: {
        API_BASE_URL: BASE_URL,
        API_KEY: "demo-key-0123456789abcdef",
        URLFETCH_DAILY_LIMIT: "3",
      },
    });
    const orgs = w.state.dataset.orgs;
    w.gas.sheet().set("A2", [[orgs[0]!.domain], [orgs[1]!.domain], [orgs[2]!.domain], [orgs[3]!.domain]]);
    for (const row of [2, 3, 4])
      expect(w.gas.formula(`B${row}`, `=ORG_ATTR(A${row},"name")`).error).toBeNull();
    expect(orgRequests(w)).toHaveLength(3);
    const refused = w.gas.formula("B5", '=ORG_ATTR(A5,"name")');
    expect(refused.error).toBe(
      "Apps Script allows 3 UrlFetch calls a day for this account, and today's are used up: nothing was sent. Formulas and the sidebar can fetch again after 09:00 (UTC).",
    );
    expect(orgRequests(w)).toHaveLength(3);
    // A day after the first call the count starts again.
    w.gas.clock.advance("24h");
    w.gas.recalculate();
    expect(w.gas.cell("B5").error).toBeNull();
    expect(orgRequests(w)).toHaveLength(4);
  });
});
