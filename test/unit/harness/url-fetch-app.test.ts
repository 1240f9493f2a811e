// UrlFetchApp against an in-process backend: requests, error texts, latency, fetchAll, the log.
import { describe, expect, it } from "vitest";
import type { EmulatorRequest, EmulatorResponse } from "../../../emulator/types.ts";
import { FetchQuota } from "../../../harness/fakes/fetch-quota.ts";
import { URL_MAX_CHARS } from "../../../harness/fakes/fetch-request.ts";
import { createUrlFetchApp, type FetchRecord } from "../../../harness/fakes/url-fetch-app.ts";
import { GAS } from "../../../harness/index.ts";
import { bareExecution, fixtureHarness, START, thrown } from "./support.ts";

const BASE = "http://emulator.test";

function setup(
  answer: (req: EmulatorRequest) => EmulatorResponse,
  options: { latencyMs?: number; perDay?: number } = {},
) {
  const seen: EmulatorRequest[] = [];
  const log: FetchRecord[] = [];
  const exec = bareExecution();
  const fetcher = createUrlFetchApp(exec, {
    backend: {
      baseUrl: BASE,
      handle: (req) => {
        seen.push(req);
        return answer(req);
      },
    },
    latencyMs: options.latencyMs ?? 20,
    httpTimeoutMs: 1_000,
    fetchDeadlineMs: 60_000,
    log,
    quota: new FetchQuota(options.perDay ?? 20_000),
  });
  return { seen, log, exec, fetcher };
}

const ok = (body: unknown, extra: Partial<EmulatorResponse> = {}): EmulatorResponse => ({
  status: 200,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
  ...extra,
});

describe("UrlFetchApp (in-process)", () => {
  it("splits the URL into path and repeated query values, with lower-case headers", () => {
    const { fetcher, seen } = setup(() => ok({}));
    fetcher.fetch(`${BASE}/v9/organizations?id=1&id=2&q=a%20b`, { headers: { "X-Api-Key": "k1" } });
    expect(seen[0]).toEqual({
      method: "GET",
      path: "/v9/organizations",
      query: { id: ["1", "2"], q: ["a b"] },
      headers: { "user-agent": "Mozilla/5.0 (compatible; Google-Apps-Script)", "x-api-key": "k1" },
      body: "",
    });
  });

  it("sends a string payload with its content type, and form-encodes an object payload", () => {
    const { fetcher, seen } = setup(() => ok({}));
    fetcher.fetch(`${BASE}/v9/lists`, {
      method: "post",
      contentType: "application/json",
      payload: '{"a":1}',
    });
    fetcher.fetch(`${BASE}/form`, { method: "put", payload: { name: "A & B", n: 2 } });
    expect(seen.map((r) => [r.method, r.headers["content-type"], r.body])).toEqual([
      ["POST", "application/json", '{"a":1}'],
      ["PUT", "application/x-www-form-urlencoded", "name=A%20%26%20B&n=2"],
    ]);
  });

  it("returns the status, text and headers of the response", () => {
    const { fetcher } = setup(() =>
      ok({ ok: true }, { headers: { "content-type": "application/json", "retry-after": "3" } }),
    );
    const response = fetcher.fetch(`${BASE}/x`);
    expect(response.getResponseCode()).toBe(200);
    expect(JSON.parse(response.getContentText())).toEqual({ ok: true });
    expect(response.getHeaders()).toEqual({ "content-type": "application/json", "retry-after": "3" });
    expect(response.getContent().slice(0, 2)).toEqual([123, 34]);
  });

  it("throws Apps Script's text for an unmuted error status, with the body truncated to 100 characters", () => {
    const body = JSON.stringify({ detail: "x".repeat(200) });
    const { fetcher } = setup(() => ({ status: 401, headers: {}, body }));
    expect(thrown(() => fetcher.fetch(`${BASE}/v9/account`))).toBe(
      `Request failed for ${BASE} returned code 401. Truncated server response: ${body.slice(0, 100)}... (use muteHttpExceptions option to examine full response)`,
    );
  });

  it("names the error Exception, as Apps Script's service errors are", () => {
    const { fetcher } = setup(() => ({ status: 500, headers: {}, body: "down" }));
    let error: unknown;
    try {
      fetcher.fetch(`${BASE}/x`);
    } catch (caught) {
      error = caught;
    }
    expect(String(error)).toBe(
      `Exception: Request failed for ${BASE} returned code 500. Truncated server response: down (use muteHttpExceptions option to examine full response)`,
    );
  });

  it("returns error statuses as responses when muted", () => {
    const { fetcher } = setup(() => ({ status: 429, headers: {}, body: "slow down" }));
    const response = fetcher.fetch(`${BASE}/x`, { muteHttpExceptions: true });
    expect([response.getResponseCode(), response.getContentText()]).toEqual([429, "slow down"]);
  });

  it("moves the execution's clock by the latency plus any fault delay", () => {
    const { fetcher, exec, log } = setup(() => ok({}, { delayMs: 500 }), { latencyMs: 30 });
    fetcher.fetch(`${BASE}/a`);
    fetcher.fetch(`${BASE}/b`);
    expect(exec.cursor).toBe(START + 1_060);
    expect(log.map((r) => [r.start, r.durationMs, r.via])).toEqual([
      [START, 530, "in-process"],
      [START + 530, 530, "in-process"],
    ]);
  });

  it("loses the answer of a request slower than UrlFetch's deadline: the backend served it, the fetch times out", () => {
    const { fetcher, seen, exec, log } = setup(() => ok({ charged: true }, { delayMs: 70_000 }));
    const start = exec.cursor;
    expect(() => fetcher.fetch(`${BASE}/v9/organizations`, { method: "post", payload: "{}" })).toThrow(
      `Timeout: ${BASE}/v9/organizations`,
    );
    expect(seen).toHaveLength(1);
    expect(exec.cursor - start).toBe(60_000);
    expect(log[0]).toMatchObject({ status: null, error: `Timeout: ${BASE}/v9/organizations` });
  });

  it("runs fetchAll in parallel: the clock moves by the slowest request, responses keep their order", () => {
    const delays: Record<string, number> = { "/a": 100, "/b": 900, "/c": 300 };
    const { fetcher, exec, log } = setup((req) => ok({ path: req.path }, { delayMs: delays[req.path] ?? 0 }));
    const responses = fetcher.fetchAll([
      `${BASE}/a`,
      { url: `${BASE}/b`, method: "post", payload: "x" },
      `${BASE}/c`,
    ]);
    expect(responses.map((r) => JSON.parse(r.getContentText()).path)).toEqual(["/a", "/b", "/c"]);
    expect(exec.cursor).toBe(START + 920);
    expect(log.every((r) => r.start === START)).toBe(true);
  });

  it("throws for the first failing response of an unmuted fetchAll", () => {
    const { fetcher } = setup((req) =>
      req.path === "/bad" ? { status: 404, headers: {}, body: "no" } : ok({}),
    );
    expect(thrown(() => fetcher.fetchAll([`${BASE}/ok`, `${BASE}/bad`]))).toBe(
      GAS.requestFailed(BASE, 404, "no"),
    );
  });

  it("refuses malformed URLs and methods with Apps Script's messages", () => {
    const { fetcher } = setup(() => ok({}));
    expect(thrown(() => fetcher.fetch("not a url"))).toBe("Invalid argument: not a url");
    expect(thrown(() => fetcher.fetch("ftp://example.com/file"))).toBe(
      "Invalid argument: ftp://example.com/file",
    );
    expect(thrown(() => fetcher.fetch(`${BASE}/x`, { method: "teleport" }))).toBe("Invalid argument: method");
    expect(thrown(() => fetcher.fetch(`${BASE}/${"a".repeat(URL_MAX_CHARS)}`))).toBe(
      "Limit Exceeded: URLFetch URL Length.",
    );
    expect(thrown(() => fetcher.fetch(42 as unknown as string))).toBe(
      "The parameters (number,null) don't match the method signature for UrlFetchApp.fetch.",
    );
  });

  it("stops at the daily UrlFetch quota", () => {
    const { fetcher } = setup(() => ok({}), { perDay: 2 });
    fetcher.fetchAll([`${BASE}/a`, `${BASE}/b`]);
    expect(thrown(() => fetcher.fetch(`${BASE}/c`))).toBe(
      "Service invoked too many times for one day: urlfetch.",
    );
  });

  it("loses the response of a request that ends past the custom-function limit, after the backend saw it", async () => {
    let handled = 0;
    const gas = await fixtureHarness({
      emulator: {
        baseUrl: BASE,
        handle: () => {
          handled++;
          return ok({ names: ["Slow Inc"] }, { delayMs: 31_000 });
        },
      },
      scriptProperties: { API_BASE_URL: BASE },
    });
    const cell = gas.formula("B1", '=ORG_NAME("slow.com")');
    expect([cell.value, cell.error, handled]).toEqual([
      "#ERROR!",
      "Exceeded maximum execution time (line 0)",
      1,
    ]);
    expect(gas.executions.at(-1)!.durationMs).toBe(30_000);
  });

  it("sends the request to the backend with the clock at the request's start", async () => {
    const times: number[] = [];
    const gas = await fixtureHarness({
      emulator: {
        baseUrl: BASE,
        handle: () => {
          times.push(gas.clock.now());
          return ok({ names: ["A"] });
        },
      },
      scriptProperties: { API_BASE_URL: BASE },
    });
    gas.run(
      "probe",
      "Utilities.sleep(5000); UrlFetchApp.fetch(PropertiesService.getScriptProperties().getProperty('API_BASE_URL') + '/x'); 1",
    );
    expect(times).toEqual([START + 5_000]);
    expect(gas.clock.now()).toBe(START + 5_020);
  });
});
