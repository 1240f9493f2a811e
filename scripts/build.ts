// Builds dist/: Code.js (one IIFE under a single global plus top-level stubs), appsscript.json
// and the sidebar HTML — the folder clasp pushes.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { readEntryPoints, renderStubs } from "./lib/entry-points.ts";

export const GLOBAL_NAME = "Lib";
const root = join(import.meta.dirname, "..");
const dist = join(root, "dist");
export const meta = join(root, "dist-meta");

export async function buildAddon(): Promise<void> {
  mkdirSync(dist, { recursive: true });
  const result = await build({
    entryPoints: [join(root, "src/main.ts")],
    bundle: true,
    format: "iife",
    globalName: GLOBAL_NAME,
    target: "es2020",
    platform: "neutral",
    mainFields: ["module", "main"],
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: true,
    legalComments: "none",
    // Stack positions in Apps Script's execution log point into the minified bundle; this map reads them.
    outfile: join(dist, "Code.js"),
    sourcemap: "external",
    metafile: true,
    write: false,
    logLevel: "warning",
  });
  const bundle = result.outputFiles.find((file) => file.path.endsWith(".js"))!.text;
  const map = result.outputFiles.find((file) => file.path.endsWith(".map"))!.text;
  // Outside dist/, which clasp pushes whole: what the bundle weighs (for `npm run bench`) and its map.
  mkdirSync(meta, { recursive: true });
  writeFileSync(join(meta, "metafile.json"), JSON.stringify(result.metafile));
  writeFileSync(join(meta, "Code.js.map"), map);
  const points = readEntryPoints(readFileSync(join(root, "src/main.ts"), "utf8"));
  const header = "// Enrichment for Sheets — built bundle. Do not edit: run `npm run build`.\n";
  writeFileSync(join(dist, "Code.js"), `${header}${bundle}\n${renderStubs(points, GLOBAL_NAME)}`);
  writeFileSync(join(dist, "appsscript.json"), readFileSync(join(root, "appsscript.json")));
  const sidebarBuild = join(root, "scripts/build-sidebar.ts");
  if (existsSync(sidebarBuild)) {
    const { buildSidebar } = (await import(sidebarBuild)) as { buildSidebar: (out: string) => Promise<void> };
    await buildSidebar(dist);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAddon();
  console.log("built dist/Code.js, dist/appsscript.json");
}
