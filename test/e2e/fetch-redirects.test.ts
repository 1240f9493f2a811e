// A redirect never carries the key to another host: the harness's UrlFetchApp follows redirects with every
// header (the less forgiving reading), and the add-on asks it not to follow any.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { handle } from "../../emulator/core.ts";
import type { EmulatorRequest } from "../../emulator/types.ts";
import { createClock, createHarness } from "../../harness/index.ts";
import { addonWorld, BASE_URL } from "../support/addon-world.ts";

const PROBE_BUNDLE = fileURLToPath(new URL("../fixtures/harness/formulas.js", import.meta.url));
const ELSEWHERE = "http://attacker.invalid";
const redirect = (request: EmulatorRequest) => ({
  status: 302,
  headers: { location: `${ELSEWHERE}${request.path}` },
  body: "",
});

describe("the harness's UrlFetchApp and redirects", () => {
  it("follows a redirect to another host with every header unless followRedirects is false", async () => {
    const gas = await createHarness({
      bundlePath: PROBE_BUNDLE,
      clock: createClock(Date.UTC(2026, 0, 5, 9)),
      emulator: { baseUrl: "http://service.local", handle: redirect },
    });
    const fetchWith = (options: string) =>
      gas.run(
        "probe",
        `try { UrlFetchApp.fetch("http://service.local/v9/credits", { headers: { Authorization: "Bearer sk_secret" }${options} }).getResponseCode() } catch (e) { "threw" }`,
      );
    expect(fetchWith("")).toBe("threw");
    expect(gas.fetches.map((f) => [f.url, f.headers.authorization])).toEqual([
      ["http://service.local/v9/credits", "Bearer sk_secret"],
      [`${ELSEWHERE}/v9/credits`, "Bearer sk_secret"],
    ]);
    expect(fetchWith(", followRedirects: false")).toBe(302);
    expect(gas.fetches.slice(2).map((f) => [f.url, f.status])).toEqual([
      ["http://service.local/v9/credits", 302],
    ]);
  });
});

describe("the add-on and a service that redirects", () => {
  const message = (status: number, path: string) =>
    `The enrichment service redirected this request (HTTP ${status}) to ${ELSEWHERE}${path}. The add-on does not follow redirects, so your key goes nowhere but the configured address: check the script property API_BASE_URL.`;

  async function redirectingWorld(status: number) {
    const w = await addonWorld({
      harness: {
        emulator: {
          baseUrl: BASE_URL,
          handle: (request) =>
            request.path.startsWith("/v9/") ? { ...redirect(request), status } : handle(request, w.state),
        },
      },
    });
    return w;
  }

  it("never sends the key to the other host from a formula, and says why the cell is empty", async () => {
    const w = await redirectingWorld(307);
    w.gas.sheet().set("A2", [[w.state.dataset.orgs[0]!.domain]]);
    const cell = w.gas.formula("B2", '=ORG_ATTR(A2, "industry")');
    expect([cell.display, cell.error]).toEqual(["#ERROR!", message(307, "/v9/organizations")]);
    expect(w.gas.fetches.map((f) => [f.method, f.url, f.status, f.headers.authorization])).toEqual([
      ["POST", `${BASE_URL}/v9/organizations`, 307, `Bearer ${DEMO_API_KEY}`],
    ]);
    expect(w.charged()).toBe(0);
  });

  it("never sends the key to the other host from the sidebar", async () => {
    const w = await redirectingWorld(302);
    const status = w.gas.run("checkService") as { ok: boolean; message: string };
    expect(status).toEqual({ ok: false, message: message(302, "/v9/signals/configs") });
    expect(w.gas.fetches.map((f) => [f.method, f.url, f.status])).toEqual([
      ["POST", `${BASE_URL}/v9/signals/configs`, 302],
    ]);
  });
});
