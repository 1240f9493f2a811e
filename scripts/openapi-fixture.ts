// Regenerates test/fixtures/real-openapi-v9.json from the real service's published OpenAPI document:
// `npm run fixture:openapi -- path/to/real-openapi-v9.json`. Keeps schemas and examples, drops prose.
import { readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

export const FIXTURE = join(import.meta.dirname, "../test/fixtures/real-openapi-v9.json");

/** Prose the tests never read: dropping it keeps the fixture small and its diffs about the contract. */
const PROSE = new Set(["description", "summary", "externalDocs", "x-codeSamples"]);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function stripProse(value: Json, key?: string): Json {
  if (Array.isArray(value)) return value.map((item) => stripProse(item));
  if (value === null || typeof value !== "object") return value;
  const out: { [key: string]: Json } = {};
  for (const [k, v] of Object.entries(value)) {
    // A property *named* "description" inside a schema's properties is data, not prose: keep it.
    if (PROSE.has(k) && key !== "properties") continue;
    out[k] = stripProse(v, k);
  }
  return out;
}

/** The fixture the tests read: the document's paths and component schemas, without prose. */
export function openApiFixture(document: { [key: string]: Json }, source: string): { [key: string]: Json } {
  return {
    "x-source": `${source}: the real service's published OpenAPI, descriptions stripped by scripts/openapi-fixture.ts`,
    openapi: document.openapi ?? null,
    paths: stripProse(document.paths ?? {}),
    components: { schemas: stripProse((document.components as { [key: string]: Json })?.schemas ?? {}) },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = process.argv[2];
  if (!path) {
    console.error("Usage: npm run fixture:openapi -- path/to/real-openapi-v9.json");
    process.exit(2);
  }
  const document = JSON.parse(readFileSync(path, "utf8")) as { [key: string]: Json };
  writeFileSync(FIXTURE, `${JSON.stringify(openApiFixture(document, basename(path)), null, 1)}\n`);
  console.log(`wrote ${FIXTURE}`);
}
