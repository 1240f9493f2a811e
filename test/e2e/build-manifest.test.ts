// `npm run build` with a deploy config writes the service into dist/appsscript.json's urlFetchWhitelist,
// which is what lets the pushed add-on fetch from it; without one the manifest stays as committed.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtManifestProblems } from "../../scripts/deploy/deploy-checks.ts";
import { allowlistCovers } from "../../scripts/deploy/url-allowlist.ts";
import { ENDPOINTS } from "../../src/api/contract/endpoints.ts";

const root = join(import.meta.dirname, "../..");
const run = promisify(execFile);
const BASE = "https://enrichment.acme-data.example/api";

function build(args: string[]) {
  return run(process.execPath, ["--import", "tsx", join(root, "scripts/build.ts"), ...args], { cwd: root });
}

describe("the build's manifest", () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "build-manifest-"));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("allows a custom service base URL, and only its v9 path, in urlFetchWhitelist", async () => {
    const config = join(dir, "deploy.config.json");
    writeFileSync(config, JSON.stringify({ apiBaseUrl: `${BASE}/` }));
    const out = join(dir, "custom");
    const { stdout } = await build(["--out", out, "--deploy-config", config]);
    expect(stdout).toContain(`urlFetchWhitelist: ${BASE}/v9/`);

    const manifest = JSON.parse(readFileSync(join(out, "appsscript.json"), "utf8"));
    expect(manifest.urlFetchWhitelist).toEqual([`${BASE}/v9/`]);
    const committed = JSON.parse(readFileSync(join(root, "appsscript.json"), "utf8"));
    expect(manifest.oauthScopes).toEqual(committed.oauthScopes);
    for (const endpoint of Object.values(ENDPOINTS)) {
      expect(allowlistCovers(manifest.urlFetchWhitelist, `${BASE}${endpoint.path}`)).toBe(true);
    }
    expect(allowlistCovers(manifest.urlFetchWhitelist, "https://enrichment.acme-data.example/admin")).toBe(
      false,
    );
    expect(builtManifestProblems(out, { apiBaseUrl: BASE })).toEqual([]);
    expect(builtManifestProblems(out, { apiBaseUrl: "https://api.example.com" })[0]).toMatch(
      /^Refusing to deploy/,
    );
    expect(readFileSync(join(out, "Code.js"), "utf8")).toContain("function onOpen(");
  });

  it("asks a bound deployment for spreadsheets.currentonly, an add-on for spreadsheets", async () => {
    const committed = JSON.parse(readFileSync(join(root, "appsscript.json"), "utf8"));
    const scopes: Record<string, string[]> = {};
    for (const deployment of ["bound", "addon"]) {
      const config = join(dir, `${deployment}.json`);
      writeFileSync(config, JSON.stringify({ apiBaseUrl: BASE, deployment }));
      const out = join(dir, deployment);
      await build(["--out", out, "--deploy-config", config]);
      scopes[deployment] = JSON.parse(readFileSync(join(out, "appsscript.json"), "utf8")).oauthScopes;
    }
    const full = "https://www.googleapis.com/auth/spreadsheets";
    expect(scopes["addon"]).toEqual(committed.oauthScopes);
    expect(scopes["addon"]).toContain(full);
    expect(scopes["bound"]).toEqual(
      committed.oauthScopes.map((s: string) => (s === full ? `${full}.currentonly` : s)),
    );
  });

  it("has no allowlist without a deploy config", async () => {
    const out = join(dir, "plain");
    await build(["--out", out, "--deploy-config", join(dir, "absent.json")]);
    expect(JSON.parse(readFileSync(join(out, "appsscript.json"), "utf8")).urlFetchWhitelist).toBeUndefined();
  });

  it("stops with a sentence, and exit code 2, on an address Apps Script would refuse", async () => {
    const config = join(dir, "http.json");
    writeFileSync(config, JSON.stringify({ apiBaseUrl: "http://api.example.com" }));
    const failure = await build(["--out", join(dir, "refused"), "--deploy-config", config]).catch((e) => e);
    expect(failure.code).toBe(2);
    expect(failure.stderr).toContain("must use https://");
  });
});
