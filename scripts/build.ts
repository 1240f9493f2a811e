// Builds dist/: Code.js (one IIFE under a single global plus top-level stubs), appsscript.json (with the
// configured service allowed, see scripts/deploy/manifest.ts) and the sidebar HTML — the folder clasp pushes.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { build } from "esbuild";
import { DEPLOY_CONFIG_FILE, DeployConfigError, readDeployConfig } from "./deploy/deploy-config.ts";
import { buildManifest, type Manifest } from "./deploy/manifest.ts";
import { readEntryPoints, renderStubs } from "./lib/entry-points.ts";

export const GLOBAL_NAME = "Lib";
const root = join(import.meta.dirname, "..");

export interface BuildOptions {
  /** Where to write. Default: dist/. */
  outDir?: string;
  /** The deploy config to read. Default: deploy.config.json in the repository (none is fine). */
  deployConfig?: string;
}

/** Builds the add-on; returns the manifest it wrote. */
export async function buildAddon(options: BuildOptions = {}): Promise<Manifest> {
  const dist = options.outDir ?? join(root, "dist");
  // Beside dist/ (dist-meta/), never inside it: clasp pushes dist/ whole.
  const meta = `${dist}-meta`;
  const config = readDeployConfig(options.deployConfig ?? join(root, DEPLOY_CONFIG_FILE));
  const manifest = buildManifest(JSON.parse(readFileSync(join(root, "appsscript.json"), "utf8")), config);
  mkdirSync(dist, { recursive: true });
  const result = await build({
    entryPoints: [join(root, "src/main.ts")],
    bundle: true,
    // ESM, wrapped below into the one IIFE: esbuild's own IIFE hands each export out through a getter
    // that loading has to build and copy, for every formula cell, click and trigger.
    format: "esm",
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
  const { bundle, map } = wrapModule(
    result.outputFiles.find((file) => file.path.endsWith(".js"))!.text,
    result.outputFiles.find((file) => file.path.endsWith(".map"))!.text,
  );
  // Outside dist/, which clasp pushes whole: what the bundle weighs (for `npm run bench`) and its map.
  mkdirSync(meta, { recursive: true });
  writeFileSync(join(meta, "metafile.json"), JSON.stringify(result.metafile));
  writeFileSync(join(meta, "Code.js.map"), map);
  const points = readEntryPoints(readFileSync(join(root, "src/main.ts"), "utf8"));
  const header = "// Enrichment for Sheets: built bundle. Do not edit: run `npm run build`.\n";
  writeFileSync(join(dist, "Code.js"), `${header}${bundle}\n${renderStubs(points, GLOBAL_NAME)}`);
  writeFileSync(join(dist, "appsscript.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const sidebarBuild = join(root, "scripts/build-sidebar.ts");
  if (existsSync(sidebarBuild)) {
    const { buildSidebar } = (await import(sidebarBuild)) as { buildSidebar: (out: string) => Promise<void> };
    await buildSidebar(dist);
  }
  return manifest;
}

/**
 * Turns esbuild's ESM output into `"use strict";var Lib=(()=>{…return Object.freeze({onOpen:…})})();`:
 * one global with read-only exports, as esbuild's IIFE gave, without a getter per export. The opening
 * is a line of its own, so the source map moves down exactly one line.
 */
export function wrapModule(esm: string, map: string): { bundle: string; map: string } {
  const exportClause = /\bexport\s*\{([^}]*)\};?\s*$/.exec(esm);
  if (!exportClause) throw new Error("The bundle does not end with one export clause; cannot wrap it.");
  const members = exportClause[1]!
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const [local, exported = local] = part.split(/\s+as\s+/);
      return `${exported}:${local}`;
    });
  const body = esm.slice(0, exportClause.index);
  const parsed = JSON.parse(map) as { mappings: string };
  parsed.mappings = `;${parsed.mappings}`;
  return {
    bundle: `"use strict";var ${GLOBAL_NAME}=(()=>{\n${body}return Object.freeze({${members.join(",")}})})();`,
    map: JSON.stringify(parsed),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { out: { type: "string" }, "deploy-config": { type: "string" } },
    strict: true,
  });
  try {
    const manifest = await buildAddon({
      ...(values.out ? { outDir: resolve(values.out) } : {}),
      ...(values["deploy-config"] ? { deployConfig: resolve(values["deploy-config"]) } : {}),
    });
    const allowed = manifest.urlFetchWhitelist;
    console.log(
      `built ${values.out ?? "dist"}/Code.js, appsscript.json (${allowed ? `urlFetchWhitelist: ${allowed.join(", ")}` : `no urlFetchWhitelist: no ${DEPLOY_CONFIG_FILE}`}), Sidebar.html`,
    );
  } catch (error) {
    if (!(error instanceof DeployConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 2;
  }
}
