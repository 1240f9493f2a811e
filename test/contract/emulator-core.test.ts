// The core's shared machinery through `handle`: auth, rate limit, routing, faults, api_version.
import { beforeEach, describe, expect, it } from "vitest";
import { createEmulatorState, DEMO_API_KEY, type EmulatorState } from "../../emulator/index.ts";
import { call, type ManualClock, manualClock } from "../../emulator/testing.ts";

let state: EmulatorState;
let clock: ManualClock;
let techsPath: string;
beforeEach(() => {
  clock = manualClock();
  state = createEmulatorState({ orgs: 300, now: clock.now });
  techsPath = `/v9/organizations/${state.dataset.orgs[0]!.id}/techs`;
});

describe("authentication", () => {
  it.each([
    [null, "Missing API key: send the header Authorization: Bearer <API_KEY>."],
    ["", "Missing API key: send the header Authorization: Bearer <API_KEY>."],
    ["wrong-key", "Invalid API key: no account has this key. Check the key you send as Bearer."],
  ])("answers 401 for the key %j", (apiKey, detail) => {
    const response = call(state, "GET", techsPath, { apiKey: apiKey === "" ? null : apiKey });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ detail });
    expect(response.headers["api_version"]).toBe("v9");
  });

  it("answers 401 for an Authorization header that is not a bearer token", () => {
    const response = call(state, "GET", techsPath, {
      apiKey: null,
      headers: { authorization: `Basic ${DEMO_API_KEY}` },
    });
    expect(response).toMatchObject({
      status: 401,
      body: { detail: "Malformed Authorization header: send Authorization: Bearer <API_KEY>." },
    });
  });

  it("checks the key before anything else, even on unknown paths", () => {
    expect(call(state, "GET", "/v9/nothing-here", { apiKey: null }).status).toBe(401);
  });
});

describe("rate limit", () => {
  it("answers 429 without Retry-After once a key spends its burst, and recovers at 10 per second", () => {
    const statuses = Array.from({ length: 25 }, () => call(state, "GET", techsPath).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    const limited = call(state, "GET", techsPath);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      detail: "Rate limit exceeded: at most 10 requests per second per API key. Wait and retry.",
    });
    expect(limited.headers["retry-after"]).toBeUndefined();
    clock.advance(100);
    expect(call(state, "GET", techsPath).status).toBe(200);
    expect(call(state, "GET", techsPath).status).toBe(429);
  });

  it("does not charge limited requests and limits each key separately", () => {
    for (let i = 0; i < 30; i++) call(state, "GET", techsPath);
    expect(state.accounts.get(DEMO_API_KEY)!.credits).toBe(1_000_000 - 20);
    call(state, "POST", "/__admin/accounts", { body: { api_key: "second", credits: 100 } });
    expect(call(state, "GET", techsPath, { apiKey: "second" }).status).toBe(200);
  });
});

describe("routing", () => {
  it("answers 404 for unknown paths and 405 for a known path with the wrong method", () => {
    expect(call(state, "GET", "/v9/nothing-here")).toMatchObject({
      status: 404,
      body: { detail: "Not Found" },
    });
    const wrong = call(state, "GET", "/v9/organizations");
    expect(wrong).toMatchObject({ status: 405, body: { detail: "Method Not Allowed" } });
    expect(wrong.headers["allow"]).toBe("POST");
  });

  it("answers 400 for another API version", () => {
    expect(call(state, "POST", "/v10/organizations", { body: {} })).toMatchObject({
      status: 400,
      body: { detail: "Invalid API version v10: this service answers v9 (paths start with /v9/)." },
    });
  });

  it("sends the api_version header on every response, admin ones included", () => {
    expect(call(state, "GET", techsPath).headers["api_version"]).toBe("v9");
    expect(call(state, "POST", "/v9/organizations", { body: {} }).headers["api_version"]).toBe("v9");
    expect(call(state, "POST", "/__admin/reset").headers["api_version"]).toBe("v9");
  });
});

describe("faults", () => {
  it("answers with the scheduled status and no charge, then returns to normal", () => {
    call(state, "POST", "/__admin/faults", { body: { path: "/v9/organizations/*", status: 500, count: 1 } });
    expect(call(state, "GET", techsPath)).toMatchObject({
      status: 500,
      body: { detail: "Internal server error." },
    });
    expect(state.accounts.get(DEMO_API_KEY)!.ledger).toEqual([]);
    expect(call(state, "GET", techsPath).status).toBe(200);
  });

  it("injects a 429 that, like the real one, has no Retry-After", () => {
    call(state, "POST", "/__admin/faults", { body: { status: 429 } });
    const response = call(state, "GET", techsPath);
    expect(response.status).toBe(429);
    expect(response.headers["retry-after"]).toBeUndefined();
  });

  it("asks for a delay, running and charging the request as usual", () => {
    call(state, "POST", "/__admin/faults", { body: { delay_ms: 1500 } });
    const response = call(state, "GET", techsPath);
    expect(response).toMatchObject({ status: 200, delayMs: 1500, body: { credits_used: 1 } });
  });

  it("truncates or garbles the body of a request that still ran and charged", () => {
    call(state, "POST", "/__admin/faults", { body: { body: "truncated" } });
    const truncated = call(state, "GET", techsPath);
    expect(truncated.status).toBe(200);
    expect(truncated.body).toBeUndefined();
    expect(truncated.text.startsWith('{"id":')).toBe(true);
    call(state, "POST", "/__admin/faults", { body: { body: "malformed", status: 502 } });
    const garbled = call(state, "GET", techsPath);
    expect(garbled.status).toBe(502);
    expect(garbled.text).toContain("<html>");
    expect(state.accounts.get(DEMO_API_KEY)!.ledger).toHaveLength(1);
  });

  it("runs after authentication, so a faulted path still answers 401 without a key", () => {
    call(state, "POST", "/__admin/faults", { body: { status: 503 } });
    expect(call(state, "GET", techsPath, { apiKey: null }).status).toBe(401);
    expect(call(state, "GET", techsPath).status).toBe(503);
  });
});

describe("bad input", () => {
  const weird: unknown[] = [
    null,
    [],
    "text",
    0,
    1.5,
    true,
    {},
    [null],
    { query: 5 },
    { operator: "XOR" },
    "((((",
  ];

  it("never answers 500, whatever the body", () => {
    const unlimited = createEmulatorState({ orgs: 300, rateLimit: false });
    const id = unlimited.dataset.orgs[5]!.id;
    const bodies = [
      ...weird,
      ...weird.map((v) => ({ organizations: v, select: {} })),
      ...weird.map((v) => ({ filter: v, select: {} })),
      ...weird.map((v) => ({ organizations: [{ id }], select: v })),
      ...weird.map((v) => ({
        organizations: [{ id }],
        select: { entities: [{ type: "advanced_query", term: v, metrics: "all" }] },
      })),
      ...weird.map((v) => ({ filter: { organization_ids: [id], query: v }, select: {} })),
      ...weird.map((v) => ({ request_id: v })),
    ];
    for (const body of bodies) {
      for (const path of ["/v9/organizations", "/v9/people"]) {
        const response = call(unlimited, "POST", path, { body });
        expect(response.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        if (response.status >= 400)
          expect(response.body.detail, `${path} ${JSON.stringify(body)}`).toBeDefined();
      }
    }
  });

  it("answers a malformed path parameter as a non-integer", () => {
    expect(call(state, "GET", "/v9/organizations/%zz/techs").body.detail[0]).toMatchObject({
      loc: ["path", "organization_id"],
      type: "int_parsing",
      input: "%zz",
    });
  });
});
