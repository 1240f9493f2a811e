// Reads what the harness needs from the bundle's appsscript.json: the script time zone and the scopes.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

export function readManifest(dir: string): { timeZone: string | null; scopes: string[] } {
  const path = join(dir, "appsscript.json");
  if (!existsSync(path)) return { timeZone: null, scopes: [] };
  const manifest = JSON.parse(readFileSync(path, "utf8")) as { timeZone?: string; oauthScopes?: string[] };
  return { timeZone: manifest.timeZone ?? null, scopes: manifest.oauthScopes ?? [] };
}
