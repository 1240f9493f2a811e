// Builds dist/: Code.js, appsscript.json (with the configured service allowed, see scripts/deploy/manifest.ts)
// and the sidebar HTML — the folder clasp pushes. Code.js holds three parts and the top-level stubs: the formula
// part (the custom functions' modules only, global `Formulas`, compiled with the file), its API part and the
// whole add-on, each kept in a comment evaluated on first use, so a formula cell compiles a seventh of the file
// (issue 42; docs/architecture.md, "The three-part bundle").
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { build, type BuildOptions as EsbuildOptions, type Metafile, type Plugin } from "esbuild";
import { DEPLOY_CONFIG_FILE, DeployConfigError, readDeployConfig } from "./deploy/deploy-config.ts";
import { buildManifest, type Manifest } from "./deploy/manifest.ts";
import { isFormula, readEntryPoints, renderStubs } from "./lib/entry-points.ts";
import {
  apiEntry,
  exportNames,
  FORMULA_API_CACHE,
  FORMULA_API_NAME,
  FORMULA_API_URL,
  forwards,
  lazyApiPlugin,
  NOT_HANDED_OVER,
  namesRead,
  SHARED_MEMBER,
  sharedEntry,
  sharedPlugin,
  zodReaching,
} from "./lib/lazy-api.ts";
import { purchasePath } from "./lib/purchase-path.ts";

/** The formula part's one global, compiled with the file. */
export const FORMULAS_NAME = "Formulas";
/** The script-scope function that returns the whole add-on, evaluating its source on the first call. */
export const ADDON_NAME = "Lib";
/** The add-on source's name in stack traces (its `//# sourceURL`) and its map's, in dist-meta/. */
export const ADDON_URL = "Addon.js";
/** What opens and closes the comment that holds the add-on part; the bench weighs what lies between. */
export const ADDON_COMMENT = { open: "const ADDON_SOURCE=function(){/*", close: "*/};\n" } as const;
const HEADER = "// Enrichment for Sheets: built bundle. Do not edit: run `npm run build`.\n";
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
  const points = readEntryPoints(readFileSync(join(root, "src/main.ts"), "utf8"));
  const formulas = points.filter(isFormula).map((point) => point.name);
  // The formula part: main.ts's custom functions only, so esbuild keeps just the modules they reach.
  const formulaEntry = `export { ${formulas.join(", ")} } from "./src/main.ts";\n`;
  const { part, api } = await formulaParts(formulaEntry);
  const addon = await bundleModule({ entryPoints: [join(root, "src/main.ts")] });
  const formulaPart = wrapModule(part.esm, part.map, FORMULAS_NAME, SHARED_MEMBER);
  const apiPart = wrapModule(api.esm, api.map, null);
  const addonPart = wrapModule(addon.esm, addon.map, null);
  // Outside dist/, which clasp pushes whole: what the bundle weighs (for `npm run bench`) and the maps that
  // read stack positions from Apps Script's execution log: Code.js:<line> for a formula, Addon.js:<line> else.
  mkdirSync(meta, { recursive: true });
  writeFileSync(join(meta, "metafile.json"), JSON.stringify(addon.metafile));
  writeFileSync(join(meta, "formulas-metafile.json"), JSON.stringify(part.metafile));
  writeFileSync(join(meta, "Code.js.map"), shiftMap(formulaPart.map, HEADER.split("\n").length - 1));
  writeFileSync(join(meta, `${ADDON_URL}.map`), addonPart.map);
  writeFileSync(join(meta, `${FORMULA_API_URL}.map`), apiPart.map);
  writeFileSync(
    join(dist, "Code.js"),
    `${HEADER}${formulaPart.bundle}\n${lazyFormulaApi(apiPart.bundle)}\n${lazyAddon(addonPart.bundle)}\n` +
      renderStubs(points, FORMULAS_NAME, ADDON_NAME),
  );
  writeFileSync(join(dist, "appsscript.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const sidebarBuild = join(root, "scripts/build-sidebar.ts");
  if (existsSync(sidebarBuild)) {
    const { buildSidebar } = (await import(sidebarBuild)) as { buildSidebar: (out: string) => Promise<void> };
    await buildSidebar(dist);
  }
  return manifest;
}

/**
 * The formula part and its lazy API part. A first build finds the lazy modules: src/api's modules that reach
 * zod, and the purchase path (scripts/lib/purchase-path.ts). The formula part is built again with each import
 * of them read lazily from the API part, which exports of each just the members the formula part reads. The
 * API part takes the modules the formula part already holds from it (an error class thrown by the client must
 * be the one a formula's `instanceof` checks), and the formula part hands over just the members it reads.
 */
async function formulaParts(formulaEntry: string): Promise<{ part: Bundled; api: Bundled }> {
  const stdin = (contents: string, sourcefile = "formulas.ts") => ({
    stdin: { contents, resolveDir: root, sourcefile, loader: "ts" as const },
  });
  const whole = await bundleModule(stdin(formulaEntry));
  const lazyExports = await exportNames(root, [
    ...zodReaching(whole.metafile),
    ...purchasePath(whole.metafile),
  ]);
  const eager = await bundleModule(stdin(formulaEntry), [lazyApiPlugin(root, { names: lazyExports })]);
  const lazy = namesRead(eager.esm, lazyExports);
  const apiSource = apiEntry(root, lazy);
  const alone = await bundleModule(stdin(apiSource, "formula-api.ts"));
  const inEager = new Set(Object.keys(outputInputs(eager.metafile)));
  const sharedPaths = Object.keys(outputInputs(alone.metafile)).filter(
    (path) => path.startsWith("src/") && inEager.has(path),
  );
  const api = await bundleModule(stdin(apiSource, "formula-api.ts"), [
    sharedPlugin(root, FORMULAS_NAME, new Set(sharedPaths)),
  ]);
  const shared = namesRead(api.esm, await exportNames(root, sharedPaths));
  const part = await bundleModule(stdin(`${formulaEntry}${sharedEntry(root, shared)}`), [
    lazyApiPlugin(root, { names: lazyExports, forwards: forwards(root, lazy) }),
  ]);
  // A member the first build found unread, kept by what the shared members added: the API part lacks it.
  const unread = part.esm.match(new RegExp(`${NOT_HANDED_OVER} [^"]+`, "g"));
  if (unread)
    throw new Error(`The formula part uses what its API part does not export: ${unread.join("; ")}.`);
  return { part, api };
}

/** The inputs that made it into a build's one JavaScript output. */
function outputInputs(metafile: Metafile): Record<string, unknown> {
  return Object.entries(metafile.outputs).find(([path]) => path.endsWith(".js"))![1].inputs;
}

interface Bundled {
  esm: string;
  map: string;
  metafile: Metafile;
}

/** Bundles one entry as minified ES2020 ESM; its external map comes back as text, nothing is written. */
async function bundleModule(
  entry: Pick<EsbuildOptions, "entryPoints" | "stdin">,
  plugins: Plugin[] = [],
): Promise<Bundled> {
  const result = await build({
    ...entry,
    plugins,
    absWorkingDir: root,
    bundle: true,
    // ESM, wrapped below into an IIFE: esbuild's own IIFE hands each export out through a getter
    // that loading has to build and copy, for every formula cell, click and trigger.
    format: "esm",
    target: "es2020",
    platform: "neutral",
    mainFields: ["module", "main"],
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: true,
    legalComments: "none",
    // Stack positions in Apps Script's execution log point into the minified bundle; the map reads them.
    outfile: join(root, "dist/Code.js"),
    sourcemap: "external",
    metafile: true,
    write: false,
    logLevel: "warning",
  });
  return {
    esm: result.outputFiles.find((file) => file.path.endsWith(".js"))!.text,
    map: result.outputFiles.find((file) => file.path.endsWith(".map"))!.text,
    metafile: result.metafile!,
  };
}

/** A part kept as a comment: its comment's opening and closing, its cache, its loader and its name in traces. */
interface LazyPart {
  comment: { open: string; close: string };
  cache: string;
  loader: string;
  url: string;
}

/**
 * A part kept as the text of a comment, evaluated by its loader on the loader's first call in an execution.
 * V8 skips a comment when it compiles the file, where it would pre-parse code (and scan, copy and hash a
 * string literal: measured, a 374 KB literal cost a formula's compile a third more than the same bytes in
 * a comment), so an execution pays only for the parts it calls. `Function.prototype.toString` gives back a
 * function's exact source text, comment included. The eval is indirect, `(0, eval)`: global code, strict by
 * the source's own directive, seeing none of this file's locals; its completion value is the part's frozen
 * exports.
 */
function lazyPart(part: LazyPart, source: string): string {
  const text = encodeComment(`${source}\n//# sourceURL=${part.url}`);
  const holder = part.comment.open.slice("const ".length, part.comment.open.indexOf("="));
  return [
    `${part.comment.open}${text}${part.comment.close}let ${part.cache}=null;`,
    `const ${part.loader}=()=>{if(${part.cache})return ${part.cache};const text=String(${holder});` +
      `return ${part.cache}=(0,eval)(${DECODE_COMMENT});};`,
  ].join("\n");
}

/** The whole add-on, evaluated by `Lib()` on the first call of any entry but a custom function. */
export function lazyAddon(source: string): string {
  return lazyPart({ comment: ADDON_COMMENT, cache: "addon", loader: ADDON_NAME, url: ADDON_URL }, source);
}

/** What opens and closes the comment that holds the formula part's API part (scripts/lib/lazy-api.ts). */
export const FORMULA_API_COMMENT = {
  open: "const FORMULA_API_SOURCE=function(){/*",
  close: "*/};\n",
} as const;

/**
 * The formula part's API part, evaluated by `FormulaApi()` the first time a formula reads one of its
 * modules: when it buys, never when its cache answers. The formula part has loaded by then: a formula module
 * that read an API member while loading would find no `Formulas` to share modules with, and every formula
 * would fail (test/e2e/bundle.test.ts loads the formula part and calls a formula).
 */
export function lazyFormulaApi(source: string): string {
  return lazyPart(
    {
      comment: FORMULA_API_COMMENT,
      cache: FORMULA_API_CACHE,
      loader: FORMULA_API_NAME,
      url: FORMULA_API_URL,
    },
    source,
  );
}

/**
 * Makes `text` safe inside a block comment: "@" doubles and "*" + "/" becomes "*@/", so the comment cannot
 * end early; DECODE_COMMENT undoes both in one left-to-right pass.
 */
export function encodeComment(text: string): string {
  return text.replace(/@/g, "@@").replace(/\*\//g, "*@/");
}

/** The expression that reads ADDON_SOURCE's comment back from `text`, the function's source. */
const DECODE_COMMENT =
  'text.slice(text.indexOf("/*")+2,text.lastIndexOf("*/")).replace(/@@|\\*@\\//g,m=>m==="@@"?"@":"*/")';

/** Moves a source map's mappings down `lines` lines, for lines the output holds above the mapped code. */
export function shiftMap(map: string, lines: number): string {
  const parsed = JSON.parse(map) as { mappings: string };
  parsed.mappings = `${";".repeat(lines)}${parsed.mappings}`;
  return JSON.stringify(parsed);
}

/**
 * Turns esbuild's ESM output into `"use strict";var Formulas=(()=>{…return Object.freeze({ORG_ATTR:…})})();`:
 * one global with read-only exports, as esbuild's IIFE gave, without a getter per export; with no global
 * name, into the expression `"use strict";(()=>{…})()`, whose value an eval returns. The opening is a line
 * of its own, so the source map moves down exactly one line.
 */
export function wrapModule(
  esm: string,
  map: string,
  globalName: string | null,
  hidden?: string,
): { bundle: string; map: string } {
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
  // A hidden member is kept off the enumerable exports (the formula part's are its custom functions only).
  const hiddenMember = hidden === undefined ? undefined : members.find((m) => m.startsWith(`${hidden}:`));
  const shown = members.filter((m) => m !== hiddenMember).join(",");
  const exports = hiddenMember
    ? `Object.defineProperty({${shown}},${JSON.stringify(hidden)},{value:${hiddenMember.slice(hidden!.length + 1)}})`
    : `{${shown}}`;
  const module = `(()=>{\n${body}return Object.freeze(${exports})})()`;
  return {
    bundle: globalName === null ? `"use strict";${module}` : `"use strict";var ${globalName}=${module};`,
    map: shiftMap(map, 1),
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
