// Diagnostics compares the scopes granted with the manifest's: its list must be the manifest's, one fact.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MANIFEST_SCOPES } from "../../src/server/diagnostics/rows";

describe("Diagnostics' expected scopes", () => {
  it("are appsscript.json's oauthScopes", () => {
    const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../../appsscript.json"), "utf8"));
    expect([...MANIFEST_SCOPES].sort()).toEqual([...manifest.oauthScopes].sort());
  });
});
