// The HTTP shell over a real socket: auth, rate limit, the brief's header, bad bodies, faults, admin.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_API_KEY, type RunningEmulator, startEmulatorServer } from "../../emulator/index.ts";

let emulator: RunningEmulator;
let orgId: number;
const sleeps: number[] = [];
beforeAll(async () => {
  const sleep = (ms: number) => {
    sleeps.push(ms);
    return Promise.resolve();
  };
  emulator = await startEmulatorServer({ port: 0, orgs: 500, seed: 11, sleep });
  orgId = emulator.state.dataset.orgs.find((o) => o.jobsCount > 20)!.id;
});
afterAll(async () => {
  await emulator.close();
});

function send(path: string, init: { method?: string; body?: string; key?: string | null } = {}) {
  const key = init.key === undefined ? DEMO_API_KEY : init.key;
  return fetch(`${emulator.url}${path}`, {
    method: init.method ?? "GET",
    headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
}

describe("emulator over HTTP", () => {
  it("listens on a free port on the loopback interface", () => {
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(emulator.url).not.toMatch(/:8787$/);
  });

  it("answers 401 without a key, with the api_version header", async () => {
    const response = await send(`/v9/organizations/${orgId}/techs`, { key: null });
    expect(response.status).toBe(401);
    expect(response.headers.get("api_version")).toBe("v9");
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({
      detail: "Missing API key: send the header Authorization: Bearer <API_KEY>.",
    });
  });

  it("serves an organizations request end to end", async () => {
    const response = await send("/v9/organizations", {
      method: "POST",
      body: JSON.stringify({ organizations: [{ id: orgId }], select: { attributes: ["id", "name"] } }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as any;
    expect(body.organizations[0].attributes.id).toBe(orgId);
    expect(body.credits_used).toBe(1);
  });

  it("answers a malformed body with a 422 that says what to send", async () => {
    const response = await send("/v9/organizations", { method: "POST", body: '{"organizations": [' });
    expect(response.status).toBe(422);
    const body = (await response.json()) as any;
    expect(body.detail[0]).toMatchObject({
      type: "json_invalid",
      msg: "JSON decode error: the body is not valid JSON. Send a JSON object with Content-Type: application/json.",
    });
  });

  it("sends Retry-After with a pending brief", async () => {
    const response = await send(`/v9/organizations/${orgId}/intelligence-brief`);
    expect(response.status).toBe(202);
    expect(response.headers.get("retry-after")).toBe("2");
    expect(((await response.json()) as any).status).toBe("pending");
  });

  it("reads repeated query parameters", async () => {
    const response = await send(
      `/v9/organizations/${orgId}/signals?technology_slugs=python&technology_slugs=react`,
    );
    expect(response.status).toBe(200);
    expect(Array.isArray(((await response.json()) as any).signals)).toBe(true);
  });

  it("waits out a scheduled delay and truncates a scheduled body over the wire", async () => {
    await send("/__admin/faults", {
      method: "POST",
      key: null,
      body: JSON.stringify({ delay_ms: 300, body: "truncated" }),
    });
    const response = await send(`/v9/organizations/${orgId}/techs`);
    const text = await response.text();
    expect(sleeps).toEqual([300]);
    expect(response.status).toBe(200);
    expect(() => JSON.parse(text)).toThrow();
    expect(Number(response.headers.get("content-length"))).toBe(Buffer.byteLength(text));
  });

  it("answers 429 without Retry-After once a key exceeds its rate", async () => {
    await send("/__admin/accounts", {
      method: "POST",
      key: null,
      body: JSON.stringify({ api_key: "burst", credits: 1000 }),
    });
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => send(`/v9/organizations/${orgId}/techs`, { key: "burst" })),
    );
    const limited = responses.filter((r) => r.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(5);
    expect(limited[0]!.headers.get("retry-after")).toBeNull();
    await Promise.all(responses.map((r) => r.text()));
  });

  it("reports charges through the admin ledger", async () => {
    const response = await send(`/__admin/ledger?api_key=burst`, { key: null });
    const ledger = (await response.json()) as any;
    expect(ledger.api_key).toBe("burst");
    expect(ledger.entries.length).toBe(1000 - ledger.credits_remaining);
  });
});
