// Requests that outlive what the add-on saw: the emulator's ledger still shows what the service charged.
import { describe, expect, it } from "vitest";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";

const orgFault = (w: Awaited<ReturnType<typeof addonWorld>>, fault: Record<string, unknown>) =>
  expect(w.admin("POST", "/__admin/faults", { path: "/v9/organizations", count: 1, ...fault }).status).toBe(
    200,
  );

describe("a paid request whose answer the add-on never reads", () => {
  it("is charged when its custom function is killed at 30 s with the request in flight", async () => {
    const w = await addonWorld();
    const org = w.state.dataset.orgs[0]!;
    w.gas.sheet().set("A2", [[org.domain]]);
    orgFault(w, { delay_ms: 31_000 });
    const cell = w.gas.formula("B2", '=ORG_ATTR(A2,"employee_count")');
    expect(cell.value).toBe("#ERROR!");
    expect(cell.error).toBe("Exceeded maximum execution time (line 0)");
    const run = w.gas.executions.at(-1)!;
    expect(run).toMatchObject({ status: "failed", durationMs: 30_000 });
    expect(w.gas.fetches.filter((f) => f.url === `${BASE_URL}/v9/organizations`)).toHaveLength(1);
    expect(w.charged()).toBeGreaterThan(0);
    // The execution died with the request out: its intent, written before sending, stays. A later
    // recalculation does not buy it again by itself.
    w.gas.clock.advance("1m");
    w.gas.recalculate();
    expect(w.gas.cell("B2").error).toBe(
      "The last request for this organization lost its answer after it was sent and may have been charged, so it is not sent again by itself. Press Ask again in Settings ▸ Cached results to buy it again.",
    );
    expect(w.gas.fetches.filter((f) => f.url === `${BASE_URL}/v9/organizations`)).toHaveLength(1);
  });

  it("is charged when the answer comes after UrlFetch's deadline: the fetch throws Timeout", async () => {
    const w = await addonWorld({ harness: { fetchDeadlineMs: 20_000 } });
    const org = w.state.dataset.orgs[1]!;
    w.gas.sheet().set("A2", [[org.domain]]);
    orgFault(w, { delay_ms: 25_000 });
    const cell = w.gas.formula("B2", '=ORG_ATTR(A2,"employee_count")');
    const fetch = w.gas.fetches.find((f) => f.url === `${BASE_URL}/v9/organizations`)!;
    expect(fetch.error).toBe(`Timeout: ${BASE_URL}/v9/organizations`);
    expect(cell.error).not.toBeNull();
    expect(w.charged()).toBeGreaterThan(0);
  });

  it("is charged when the answer arrives truncated", async () => {
    const w = await addonWorld();
    const org = w.state.dataset.orgs[2]!;
    w.gas.sheet().set("A2", [[org.domain]]);
    orgFault(w, { body: "truncated" });
    const cell = w.gas.formula("B2", '=ORG_ATTR(A2,"employee_count")');
    expect(cell.value).toBe("#ERROR!");
    expect(cell.error).toMatch(/could not read .*may have charged/);
    expect(w.gas.fetches.filter((f) => f.url === `${BASE_URL}/v9/organizations`)).toHaveLength(1);
    // Recalculating, reopening a week later: the lost answer is never bought again by itself.
    w.gas.recalculate();
    w.gas.clock.advance("7d");
    w.gas.reopen();
    expect(w.gas.cell("B2").error).toBe(
      "The last request for this organization lost its answer after it was sent and may have been charged, so it is not sent again by itself. Press Ask again in Settings ▸ Cached results to buy it again.",
    );
    expect(w.gas.fetches.filter((f) => f.url === `${BASE_URL}/v9/organizations`)).toHaveLength(1);
    // Clearing cached results is the user saying so: the next recalculation buys it again, once.
    w.gas.run("clearFormulaCache");
    w.gas.recalculate();
    expect(w.gas.cell("B2").error).toBeNull();
    expect(w.gas.fetches.filter((f) => f.url === `${BASE_URL}/v9/organizations`)).toHaveLength(2);
    expect(w.charged()).toBeGreaterThan(0);
  });
});
