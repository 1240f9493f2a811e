// `npm run deploy` stops before pushing without a clasp project for dist/, a service address, or a manifest
// that allows that service; each refusal says what to do.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { CLASP_EXAMPLE, SCRIPT_ID_PLACEHOLDER } from "../../../scripts/deploy/clasp-project.ts";
import { deployChecks, serviceUrls } from "../../../scripts/deploy/deploy-checks.ts";
import { parseDeployConfig } from "../../../scripts/deploy/deploy-config.ts";
import { buildManifest } from "../../../scripts/deploy/manifest.ts";
import { ENDPOINTS } from "../../../src/api/contract/endpoints.ts";

const repo = join(import.meta.dirname, "../../..");
const SCRIPT_ID = "1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcdefghijklmnop";

let root: string;
let dist: string;

function write(name: string, data: unknown): void {
  writeFileSync(join(root, name), typeof data === "string" ? data : JSON.stringify(data));
}

function writeManifest(urlFetchWhitelist?: string[]): void {
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, "appsscript.json"), JSON.stringify({ runtimeVersion: "V8", urlFetchWhitelist }));
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "deploy-checks-"));
  dist = join(root, "dist");
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("deployChecks before the build", () => {
  it("passes with a clasp project that pushes dist/ and a service address", () => {
    write(".clasp.json", { scriptId: SCRIPT_ID, rootDir: "dist" });
    write("deploy.config.json", { apiBaseUrl: "https://api.example.com/" });
    const result = deployChecks({ root, dist, built: false });
    expect(result.problems).toEqual([]);
    expect(result.scriptId).toBe(SCRIPT_ID);
    expect(result.config).toEqual({ apiBaseUrl: "https://api.example.com" });
  });

  it("says how to create .clasp.json, bound or standalone, and how to create deploy.config.json", () => {
    const { problems } = deployChecks({ root, dist, built: false });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain("npx clasp login");
    expect(problems[0]).toContain("npx clasp create-script --type sheets");
    expect(problems[0]).toContain("npx clasp create-script --type standalone");
    expect(problems[0]).toContain(`cp ${CLASP_EXAMPLE} .clasp.json`);
    expect(problems[1]).toContain("cp deploy.config.example.json deploy.config.json");
  });

  it("refuses the example's placeholder script id and a rootDir other than dist", () => {
    write(".clasp.json", { scriptId: SCRIPT_ID_PLACEHOLDER, rootDir: "src" });
    write("deploy.config.json", { apiBaseUrl: "https://api.example.com" });
    const { problems } = deployChecks({ root, dist, built: false });
    expect(problems).toEqual([
      expect.stringContaining('has no script id: set "scriptId"'),
      expect.stringContaining('"rootDir" is "src": set it to "dist"'),
    ]);
  });

  it("refuses a clasp project with no rootDir, which would push the whole repository", () => {
    write(".clasp.json", { scriptId: SCRIPT_ID });
    write("deploy.config.json", { apiBaseUrl: "https://api.example.com" });
    expect(deployChecks({ root, dist, built: false }).problems).toEqual([
      expect.stringContaining('"rootDir" is not set'),
    ]);
  });

  it("refuses a .clasp.json that is not JSON", () => {
    write(".clasp.json", "{ scriptId: ");
    write("deploy.config.json", { apiBaseUrl: "https://api.example.com" });
    expect(deployChecks({ root, dist, built: false }).problems).toEqual([
      ".clasp.json is not a JSON object. Start again from .clasp.example.json.",
    ]);
  });
});

describe("deployChecks after the build", () => {
  beforeEach(() => {
    write(".clasp.json", { scriptId: SCRIPT_ID, rootDir: "dist" });
    write("deploy.config.json", { apiBaseUrl: "https://api.example.com" });
  });

  it("passes when the built manifest allows the service's v9 path", () => {
    writeManifest(["https://api.example.com/v9/"]);
    expect(deployChecks({ root, dist, built: true }).problems).toEqual([]);
  });

  it("refuses a deploy whose service is not in the built manifest's allowlist", () => {
    writeManifest(["https://other.example.com/v9/"]);
    const { problems } = deployChecks({ root, dist, built: true });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^Refusing to deploy: the service https:\/\/api\.example\.com is not in the built manifest's urlFetchWhitelist/,
    );
    expect(problems[0]).toContain("Run npm run build");
  });

  it("refuses a built manifest without an allowlist, and one that is missing", () => {
    writeManifest(undefined);
    expect(deployChecks({ root, dist, built: true }).problems[0]).toContain("urlFetchWhitelist\n(none)");
    rmSync(dist, { recursive: true });
    expect(deployChecks({ root, dist, built: true }).problems[0]).toMatch(/appsscript\.json is missing/);
  });
});

describe("parseDeployConfig", () => {
  it("reads the address as the add-on reads API_BASE_URL: no trailing slash, no /v9", () => {
    expect(parseDeployConfig('{"apiBaseUrl": " https://api.example.com/v9/ "}', "f").apiBaseUrl).toBe(
      "https://api.example.com",
    );
  });

  it.each([
    ["not JSON", "{", /not valid JSON/],
    ["no address", "{}", /needs "apiBaseUrl"/],
    [
      "an unknown setting",
      '{"apiBaseUrl":"https://a.example.com","scriptId":"x"}',
      /unknown setting "scriptId"/,
    ],
    ["plain http", '{"apiBaseUrl":"http://api.example.com"}', /must use https/],
    ["no full domain", '{"apiBaseUrl":"https://localhost:8787"}', /full domain/],
    ["not an address", '{"apiBaseUrl":"api.example.com"}', /must be the service's https:\/\/ address/],
    ["a query", '{"apiBaseUrl":"https://api.example.com/?k=1"}', /query or a fragment/],
  ])("refuses %s", (_name, text, message) => {
    expect(() => parseDeployConfig(text, "deploy.config.json")).toThrow(message);
  });

  it("echoes at most 100 characters of a bad address", () => {
    const long = `ftp://${"x".repeat(5000)}`;
    expect(() => parseDeployConfig(JSON.stringify({ apiBaseUrl: long }), "f")).toThrow(/^.{0,220}$/);
  });

  it("the committed example is a valid config", () => {
    expect(() =>
      parseDeployConfig(readFileSync(join(repo, "deploy.config.example.json"), "utf8"), "e"),
    ).not.toThrow();
  });
});

describe("buildManifest", () => {
  const committed = JSON.parse(readFileSync(join(repo, "appsscript.json"), "utf8"));

  it("adds the service's prefix, keeping the committed manifest and its least-privilege scopes", () => {
    const manifest = buildManifest(committed, { apiBaseUrl: "https://api.example.com" });
    expect(manifest).toEqual({ ...committed, urlFetchWhitelist: ["https://api.example.com/v9/"] });
  });

  it("leaves the manifest as committed without a config", () => {
    expect(buildManifest(committed, null)).toEqual(committed);
  });

  it("refuses a hand-written entry Apps Script would refuse", () => {
    expect(() => buildManifest({ urlFetchWhitelist: ["https://api.example.com"] }, null)).toThrow(
      /needs a path/,
    );
  });

  it("covers every endpoint the client can call", () => {
    const urls = serviceUrls("https://api.example.com");
    expect(urls).toHaveLength(Object.keys(ENDPOINTS).length);
    for (const url of urls) expect(url).toMatch(/^https:\/\/api\.example\.com\/v9\//);
  });
});

describe("the committed clasp example", () => {
  it("pushes dist/ and carries the placeholder the check recognises", () => {
    expect(JSON.parse(readFileSync(join(repo, CLASP_EXAMPLE), "utf8"))).toEqual({
      scriptId: SCRIPT_ID_PLACEHOLDER,
      rootDir: "dist",
    });
  });
});
