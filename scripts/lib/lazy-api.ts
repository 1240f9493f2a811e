// The formula part's lazy API part (issue 42): src/api's modules that reach zod (the schemas, the endpoint
// table, the client) leave the eagerly compiled formula part for a comment evaluated when a formula first
// touches one of them, which only buying does; a formula its cache answers compiles none of them.
import { join, relative } from "node:path";
import { build, type Metafile, type Plugin } from "esbuild";

/** The script-scope function that returns the API part, evaluating its source on the first call. */
export const FORMULA_API_NAME = "FormulaApi";
/** The API part's name in stack traces (its `//# sourceURL`) and its map's, in dist-meta/. */
export const FORMULA_API_URL = "FormulaApi.js";
/** The formula part's hidden member that hands the API part the modules both use, so each exists once. */
export const SHARED_MEMBER = "__shared";

/**
 * The inputs under src/api that import zod, directly or through other inputs: what the formula part leaves
 * to the API part. src/api has no import cycle (test/unit/architecture/import-cycles.test.ts).
 */
export function zodReaching(meta: Metafile): string[] {
  const known = new Map<string, boolean>();
  const reaches = (path: string): boolean => {
    // Anywhere in the path: a worktree whose node_modules is a link names it "../<elsewhere>/node_modules/zod/…".
    if (/(^|\/)node_modules\/zod\//.test(path)) return true;
    const seen = known.get(path);
    if (seen !== undefined) return seen;
    known.set(path, false);
    const result = (meta.inputs[path]?.imports ?? []).some((dependency) => reaches(dependency.path));
    known.set(path, result);
    return result;
  };
  return Object.keys(meta.inputs)
    .filter((path) => path.startsWith("src/api/") && reaches(path))
    .sort();
}

/** Each module's export names, as esbuild reads them (type-only exports erased). */
export async function exportNames(root: string, paths: string[]): Promise<Map<string, string[]>> {
  const result = await build({
    entryPoints: paths.map((path) => join(root, path)),
    absWorkingDir: root,
    bundle: true,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    outdir: join(root, "dist-meta/export-names"),
    write: false,
    metafile: true,
    logLevel: "warning",
  });
  const names = new Map<string, string[]>();
  for (const output of Object.values(result.metafile.outputs)) {
    if (output.entryPoint) names.set(output.entryPoint, output.exports);
  }
  for (const path of paths) if (!names.has(path)) throw new Error(`No exports read for ${path}.`);
  return names;
}

/**
 * Resolves every import as esbuild would, and hands the ones that land on `paths` to `namespace`, keyed by
 * their path relative to the repository.
 */
function redirect(
  name: string,
  root: string,
  paths: ReadonlySet<string>,
  namespace: string,
  sideEffectFree = false,
): Plugin["setup"] {
  return (pluginBuild) => {
    pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
      if (args.namespace !== "file" || args.pluginData === name) return undefined;
      const resolved = await pluginBuild.resolve(args.path, {
        kind: args.kind,
        importer: args.importer,
        resolveDir: args.resolveDir,
        pluginData: name,
      });
      if (resolved.errors.length > 0) return undefined;
      const path = relative(root, resolved.path);
      if (paths.has(path)) return { path, namespace };
      // The formula part keeps a module of ours only for the exports it uses: main.ts imports every server
      // module for its other entries, and a module's constants read at load would otherwise keep it whole.
      return path.startsWith("src/") && sideEffectFree
        ? { path: resolved.path, sideEffects: false }
        : undefined;
    });
  };
}

/**
 * For the formula part: each import of a zod-reaching module becomes a CommonJS stand-in whose members read
 * the API part's module on first use. esbuild reads a CommonJS module's members when the code runs, not when
 * it loads, so nothing is evaluated until a formula uses one (buying, or a price).
 */
export function lazyApiPlugin(root: string, names: Map<string, string[]>): Plugin {
  return {
    name: "lazy-api",
    setup(pluginBuild) {
      redirect("lazy-api", root, new Set(names.keys()), "lazy-api", true)(pluginBuild);
      pluginBuild.onLoad({ filter: /.*/, namespace: "lazy-api" }, (args) => ({
        contents:
          `var m=null;function load(){return m||(m=${FORMULA_API_NAME}().${MODULES}[${JSON.stringify(args.path)}])}` +
          `${JSON.stringify(names.get(args.path))}.forEach(function(n){Object.defineProperty(exports,n,` +
          "{enumerable:true,get:function(){return load()[n]}})});",
        loader: "js",
      }));
    },
  };
}

/** The API part's one export: its modules by path. */
const MODULES = "modules";

/** For the API part: each import of a module the formula part holds reads the formula part's own instance. */
export function sharedPlugin(root: string, formulasName: string, shared: ReadonlySet<string>): Plugin {
  return {
    name: "formula-shared",
    setup(pluginBuild) {
      redirect("formula-shared", root, shared, "formula-shared")(pluginBuild);
      pluginBuild.onLoad({ filter: /.*/, namespace: "formula-shared" }, (args) => ({
        contents: `module.exports=${formulasName}.${SHARED_MEMBER}[${JSON.stringify(args.path)}];`,
        loader: "js",
      }));
    },
  };
}

/** The API part's entry: every zod-reaching module, by path. */
export function apiEntry(root: string, paths: string[]): string {
  const imports = paths.map((path, i) => `import * as m${i} from ${JSON.stringify(join(root, path))};`);
  const members = paths.map((path, i) => `${JSON.stringify(path)}: m${i}`);
  return `${imports.join("\n")}\nexport const ${MODULES} = { ${members.join(", ")} };\n`;
}

/** What the formula part's entry adds: the modules it shares with the API part, as one hidden member. */
export function sharedEntry(root: string, paths: string[]): string {
  const imports = paths.map((path, i) => `import * as s${i} from ${JSON.stringify(join(root, path))};`);
  const members = paths.map((path, i) => `${JSON.stringify(path)}: s${i}`);
  return `${imports.join("\n")}\nexport const ${SHARED_MEMBER} = { ${members.join(", ")} };\n`;
}
