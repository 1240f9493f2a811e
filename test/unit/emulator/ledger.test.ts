// Credits are taken once per request, all or nothing, and every charge lands in the ledger.
import { afterEach, describe, expect, it } from "vitest";
import { createAccount } from "../../../emulator/accounts.ts";
import { debit, requireBalance } from "../../../emulator/credits.ts";
import { HttpError } from "../../../emulator/http-error.ts";
import { createEmulatorState } from "../../../emulator/index.ts";
import { ROUTES } from "../../../emulator/router.ts";
import { call } from "../../../emulator/testing.ts";

const entry = { id: "r1", at: "2026-06-15T12:00:00.000Z", method: "POST", path: "/v9/organizations" };

describe("debit", () => {
  it("takes the amount and records the balance after it", () => {
    const account = createAccount({ apiKey: "k", credits: 10, crmSeat: false, icp: false });
    debit(account, 4, entry);
    expect(account.credits).toBe(6);
    expect(account.ledger).toEqual([{ ...entry, credits: 4, balance_after: 6 }]);
  });

  it("refuses a charge larger than the balance with a 402 and takes nothing", () => {
    const account = createAccount({ apiKey: "k", credits: 3, crmSeat: false, icp: false });
    expect(() => debit(account, 4, entry)).toThrow(
      new HttpError(
        402,
        "Insufficient credits: this request costs 4 credits and the account has 3. Add credits or request less.",
      ),
    );
    expect(account.credits).toBe(3);
    expect(account.ledger).toEqual([]);
  });

  it("records nothing for a free request and lets an exact balance go to zero", () => {
    const account = createAccount({ apiKey: "k", credits: 5, crmSeat: false, icp: false });
    debit(account, 0, entry);
    expect(account.ledger).toEqual([]);
    debit(account, 5, entry);
    expect(account.credits).toBe(0);
    expect(() => requireBalance(account, 1)).toThrow(HttpError);
  });
});

describe("charging through the core", () => {
  const added = { method: "POST", path: "/v9/__test/charge-then-fail", handler: () => ({ body: {} }) };
  afterEach(() => {
    const index = ROUTES.indexOf(added);
    if (index >= 0) ROUTES.splice(index, 1);
  });

  it("gives the credits back when a request fails after charging", () => {
    const state = createEmulatorState({ orgs: 200, rateLimit: false });
    added.handler = ((ctx: { charge(n: number): void }) => {
      ctx.charge(5);
      throw new Error("boom");
    }) as never;
    ROUTES.push(added);
    const before = state.accounts.get("demo-key-0123456789abcdef")!.credits;
    const response = call(state, "POST", "/v9/__test/charge-then-fail", { body: {} });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ detail: "Internal server error: boom" });
    const account = state.accounts.get("demo-key-0123456789abcdef")!;
    expect(account.credits).toBe(before);
    expect(account.ledger).toEqual([]);
  });

  it("charges a whole request once and ledgers it under the response id", () => {
    const state = createEmulatorState({ orgs: 200, rateLimit: false });
    call(state, "POST", "/__admin/accounts", { body: { api_key: "small", credits: 5 } });
    const ids = state.dataset.orgs.slice(0, 3).map((o) => ({ id: o.id }));
    const tooMuch = call(state, "POST", "/v9/organizations", {
      apiKey: "small",
      body: { organizations: ids, select: { attributes: ["employee_count"] } },
    });
    expect(tooMuch.status).toBe(402);
    expect(call(state, "GET", "/__admin/ledger", { query: { api_key: ["small"] } }).body).toEqual({
      api_key: "small",
      credits_remaining: 5,
      entries: [],
    });
    const ok = call(state, "POST", "/v9/organizations", {
      apiKey: "small",
      body: { organizations: ids.slice(0, 2), select: { attributes: ["employee_count"] } },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.credits_used).toBe(4);
    expect(ok.body.credits_remaining).toBe(1);
    const ledger = call(state, "GET", "/__admin/ledger", { query: { api_key: ["small"] } }).body;
    expect(ledger.entries).toEqual([
      {
        id: ok.body.id,
        at: expect.any(String),
        method: "POST",
        path: "/v9/organizations",
        credits: 4,
        balance_after: 1,
      },
    ]);
  });
});
