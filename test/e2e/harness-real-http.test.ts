// Real-HTTP mode against a server in another process: results, parallel fetchAll, failure texts.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClock, createHarness, GAS, type Harness } from "../../harness/index.ts";

const SERVER = fileURLToPath(new URL("../fixtures/harness/slow-server.ts", import.meta.url));
const BUNDLE = fileURLToPath(new URL("../fixtures/harness/formulas.js", import.meta.url));

let server: ChildProcess;
let base = "";

beforeAll(async () => {
  server = spawn(process.execPath, ["--import", "tsx", SERVER], { stdio: ["ignore", "pipe", "inherit"] });
  base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("the test server did not report its port within 15 s")),
      15_000,
    );
    server.stdout!.once("data", (chunk: Buffer) => {
      clearTimeout(timer);
      resolve(`http://127.0.0.1:${JSON.parse(chunk.toString()).port}`);
    });
    server.once("exit", (code) => reject(new Error(`the test server exited with ${code}`)));
  });
}, 20_000);

afterAll(() => {
  server?.kill("SIGTERM");
});

function harness(options: { httpTimeoutMs?: number } = {}): Promise<Harness> {
  return createHarness({
    bundlePath: BUNDLE,
    clock: createClock(Date.UTC(2026, 0, 5, 9)),
    httpTimeoutMs: 10_000,
    ...options,
  });
}

const fetchJson = (gas: Harness, code: string) => gas.run("probe", code);

describe("UrlFetchApp over real HTTP", () => {
  it("sends the request and returns status, headers and body", async () => {
    const gas = await harness();
    const answer = fetchJson(
      gas,
      `var r = UrlFetchApp.fetch("${base}/echo?x=1", { method: "post", contentType: "application/json", payload: '{"a":1}' });
       [r.getResponseCode(), r.getHeaders()["x-served-by"], JSON.parse(r.getContentText())]`,
    );
    expect(answer).toEqual([
      200,
      "slow-server",
      {
        method: "POST",
        path: "/echo",
        query: { x: "1" },
        contentType: "application/json",
        userAgent: "Mozilla/5.0 (compatible; Google-Apps-Script)",
        body: '{"a":1}',
      },
    ]);
    expect(gas.fetches.map((f) => [f.method, f.via, f.status])).toEqual([["POST", "http", 200]]);
  });

  it("runs fetchAll's requests in parallel and returns them in order", async () => {
    const gas = await harness();
    fetchJson(gas, `UrlFetchApp.fetch("${base}/reset").getResponseCode()`);
    const paths = fetchJson(
      gas,
      `UrlFetchApp.fetchAll(["${base}/one?delay=300", "${base}/two?delay=300", "${base}/three?delay=300"])
         .map(function (r) { return JSON.parse(r.getContentText()).path; })`,
    );
    expect(paths).toEqual(["/one", "/two", "/three"]);
    const stats = fetchJson(gas, `JSON.parse(UrlFetchApp.fetch("${base}/stats").getContentText())`);
    // The server saw all three requests at once: they overlapped rather than queued.
    expect(stats).toEqual({ maxInFlight: 3, total: 3 });
  });

  it("follows redirects unless told not to", async () => {
    const gas = await harness();
    expect(
      fetchJson(gas, `JSON.parse(UrlFetchApp.fetch("${base}/redirect").getContentText()).query`),
    ).toEqual({ redirected: "1" });
    expect(
      fetchJson(gas, `UrlFetchApp.fetch("${base}/redirect", { followRedirects: false }).getResponseCode()`),
    ).toBe(302);
  });

  it("throws Apps Script's text for an unmuted error status and returns it when muted", async () => {
    const gas = await harness();
    const body = JSON.stringify({
      method: "GET",
      path: "/status/404",
      query: {},
      contentType: null,
      userAgent: "Mozilla/5.0 (compatible; Google-Apps-Script)",
      body: "",
    });
    expect(() => fetchJson(gas, `UrlFetchApp.fetch("${base}/status/404")`)).toThrow(
      GAS.requestFailed(base, 404, body),
    );
    expect(GAS.requestFailed(base, 404, body)).toContain(`${body.slice(0, 100)}... (use muteHttpExceptions`);
    expect(
      fetchJson(
        gas,
        `UrlFetchApp.fetch("${base}/status/503", { muteHttpExceptions: true }).getResponseCode()`,
      ),
    ).toBe(503);
  });

  it("reports a refused connection, an unknown host and a timeout as Apps Script does", async () => {
    const gas = await harness({ httpTimeoutMs: 300 });
    const refused = "http://127.0.0.1:1/";
    expect(() => fetchJson(gas, `UrlFetchApp.fetch("${refused}")`)).toThrow(GAS.addressUnavailable(refused));
    const unknown = "http://no-such-host.invalid/";
    expect(() => fetchJson(gas, `UrlFetchApp.fetch("${unknown}")`)).toThrow(GAS.dnsError(unknown));
    const slow = `${base}/slow?delay=3000`;
    expect(() => fetchJson(gas, `UrlFetchApp.fetch("${slow}")`)).toThrow(`Timeout: ${slow}`);
    expect(gas.fetches.map((f) => f.error)).toEqual([
      `Address unavailable: ${refused}`,
      `DNS error: ${unknown}`,
      `Timeout: ${slow}`,
    ]);
  });
});
