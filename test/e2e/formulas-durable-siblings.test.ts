// Formula columns of different attributes over the same 2,000 organizations share the durable cache's
// buckets with the intents of the requests in flight: every answer bought must stay there, so a reopen
// after the 6-hour cache is gone buys nothing (issue: formula columns bought again at the third open).
import { describe, expect, it } from "vitest";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";

type World = Awaited<ReturnType<typeof addonWorld>>;
const orgRequests = (w: World) =>
  w.gas.fetches.filter((f) => f.url === `${BASE_URL}/v9/organizations`).length;

describe("three formula columns over 2,000 organizations (the day bench's first spreadsheet, smaller)", () => {
  it("keep every field durably: reopened after the 6-hour cache is gone, nothing is bought", async () => {
    // 2,000 organizations with three fields fill the durable buckets enough for a request's intents not
    // to fit beside them: before the fix those intents pushed 1,374 credits of answers out.
    const rows = 2_000;
    const w = await addonWorld({ harness: { latency: "apps-script", latencyMs: 1_000 } });
    w.gas.sheet().set(
      "A2",
      w.state.dataset.orgs.slice(0, rows).map((o) => [o.domain]),
    );
    w.gas.run("saveFormulaSettings", {
      killSwitch: false,
      dailyCap: null,
      cacheLifetimeSeconds: 30 * 86_400,
    });
    w.gas.open();
    w.gas.fill(`B2:B${rows + 1}`, '=ORG_ATTR(A2,"industry")');
    w.gas.formula("C2", `=ORG_ATTR(A2:A${rows + 1}, "name")`);
    w.gas.formula("D2", `=ORG_ATTR(A2:A${rows + 1}, "employee_count")`);
    // Every organization bought once with its three fields (5 credits each), nothing more.
    expect(w.charged()).toBe(10_000);
    const requests = orgRequests(w);
    w.gas.clock.advance("7h");
    w.gas.reopen();
    expect(w.charged()).toBe(10_000);
    expect(orgRequests(w)).toBe(requests);
  }, 180_000);
});
