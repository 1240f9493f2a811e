// The day's UrlFetch quota used up by other work of the same account: every entry point says so in Google's
// terms and when it renews, never "check API_BASE_URL" (the address is fine; the quota is not).
import { describe, expect, it } from "vitest";
import { addonWorld } from "../support/addon-world.ts";

describe("the day's UrlFetch quota used up elsewhere", () => {
  it("a formula says the daily limit is used up and when it renews, not to check the address", async () => {
    const w = await addonWorld();
    const { gas } = w;
    gas.quotas.spend("urlFetch", 20_000 - gas.quotas.use().urlFetch);
    gas.sheet().set("A2", w.state.dataset.orgs[0]!.domain);
    const cell = gas.formula("B2", '=ORG_ATTR(A2,"industry")');
    expect(cell.error).toBe(
      "Google Apps Script's daily limit of requests to outside services for your account is used up. It renews 24 hours after its first use today. No credits were spent.",
    );
    expect(w.charged()).toBe(0);
  });
});
