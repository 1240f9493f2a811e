// A filled-down column of more organizations than one cell may fetch for its siblings (5,000, five requests
// well inside a custom function's 30 seconds): one execution buys 5,000, and the rest are bought by the
// cells that still miss, each organization once.
import { describe, expect, it } from "vitest";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";

describe("a formula filled down 5,001 distinct organizations", () => {
  it("has no execution send more than five requests, and buys each organization once", async () => {
    const rows = 5_001;
    const w = await addonWorld({ emulator: { orgs: 5_100 } });
    const domains = w.state.dataset.orgs.slice(0, rows).map((o) => o.domain);
    w.gas.sheet().set(
      "A2",
      domains.map((d) => [d]),
    );
    w.gas.fill(`B2:B${rows + 1}`, '=ORG_ATTR(A2,"industry")');
    const requests = w.gas.fetches.filter((f) => f.url === `${BASE_URL}/v9/organizations`);
    const perExecution = new Map<number, number>();
    for (const f of requests) perExecution.set(f.executionId, (perExecution.get(f.executionId) ?? 0) + 1);
    expect(Math.max(...perExecution.values())).toBe(5);
    const asked = requests.flatMap((f) =>
      JSON.parse(f.body).organizations.map((o: unknown) => JSON.stringify(o)),
    );
    expect(asked).toHaveLength(rows);
    expect(new Set(asked).size).toBe(rows);
    // 1 base + industry, each organization once.
    expect(w.charged()).toBe(rows * 2);
    expect(w.gas.cell(`B${rows + 1}`).error).toBeNull();
  }, 180_000);
});
