// The formula part's lazy API part (issue 42): src/api's modules that reach zod (the schemas, the endpoint
// table, the client) and the purchase path (purchase-path.ts) leave the eagerly compiled formula part for a
// comment evaluated when a formula first calls one of them, which only buying does; a formula its cache
// answers compiles none of them, and its stand-ins for them run nothing at load.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { build, type Metafile, type Plugin } from "esbuild";

/** The script-scope function that returns the API part, evaluating its source on the first call. */
export const FORMULA_API_NAME = "FormulaApi";
/** The script-scope variable that holds the API part once evaluated (null before). */
export const FORMULA_API_CACHE = "formulaApi";
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
 * For the formula part: each import of a lazy module becomes a stand-in that reads the API part's module on
 * first use. Given names, a CommonJS stand-in: esbuild reads its members when the code runs, but builds the
 * stand-in at load, so it serves only the first build, which finds the members read. Given forwards, a module
 * whose members are functions that read the API part when called (`standIn`): nothing of it runs at load.
 */
export function lazyApiPlugin(
  root: string,
  members:
    | { names: Map<string, readonly string[]> }
    | { names: Map<string, readonly string[]>; forwards: Map<string, readonly Forward[]> },
): Plugin {
  const paths = new Set(members.names.keys());
  const contents = (path: string) =>
    !("forwards" in members)
      ? `var m=null;function load(){return m||(m=${FORMULA_API_NAME}().${MODULES}[${JSON.stringify(path)}])}` +
        `${JSON.stringify(members.names.get(path))}.forEach(function(n){Object.defineProperty(exports,n,` +
        "{enumerable:true,get:function(){return load()[n]}})});"
      : standIn(path, members.forwards.get(path) ?? [], members.names.get(path)!);
  return {
    name: "lazy-api",
    setup(pluginBuild) {
      redirect("lazy-api", root, paths, "lazy-api", true)(pluginBuild);
      pluginBuild.onLoad({ filter: /.*/, namespace: "lazy-api" }, (args) => ({
        contents: contents(args.path),
        loader: "js",
      }));
    },
  };
}

/** How a stand-in hands over one member of a lazy module without evaluating the API part at load. */
export type Forward =
  | { name: string; kind: "function" | "class" }
  | { name: string; kind: "literal"; value: string };

/**
 * How each member the formula part reads of a lazy module is handed over, read from the module's source: a
 * function or class by a function that evaluates the API part when called, a string or number constant by
 * its literal. Anything else would have to be read at load, evaluating the API part in every cell: it is an
 * error that says to read it through a function, or to keep its module out of the lazy set.
 */
export function forwards(
  root: string,
  modules: ReadonlyMap<string, readonly string[]>,
): Map<string, Forward[]> {
  return new Map(
    [...modules].map(([path, names]) => {
      const source = readFileSync(join(root, path), "utf8");
      return [path, names.map((name) => forwardOf(source, path, name))];
    }),
  );
}

function forwardOf(source: string, path: string, name: string): Forward {
  const escaped = name.replace(/\$/g, "\\$");
  if (new RegExp(`^export (?:async )?function\\*? ${escaped}\\b`, "m").test(source))
    return { name, kind: "function" };
  if (new RegExp(`^export (?:abstract )?class ${escaped}\\b`, "m").test(source))
    return { name, kind: "class" };
  const literal = new RegExp(
    `^export const ${escaped}(?:: [\\w ]+)? = ("(?:[^"\\\\\\n]|\\\\.)*"|-?\\d[\\d_.]*);$`,
    "m",
  ).exec(source);
  const value = literal?.[1];
  if (value !== undefined)
    return { name, kind: "literal", value: value.startsWith('"') ? value : value.replace(/_/g, "") };
  throw new Error(
    `The formula part reads ${name} of ${path}, which is neither a function, a class nor a literal: reading it would evaluate the API part at load. Read it through a function, or leave ${path} out of scripts/lib/purchase-path.ts.`,
  );
}

/** What a stand-in's member the first build found unread says; the build fails if the formula part keeps one. */
export const NOT_HANDED_OVER = "lazy-api: not handed over:";

/**
 * A lazy module's stand-in in the formula part: each member reads the API part when first called. Every
 * other export of the module is a function that says so, for imports to link; tree shaking drops it unless
 * the formula part uses it, which the build then refuses.
 */
export function standIn(path: string, members: readonly Forward[], exports: readonly string[]): string {
  const load = `function load(){return ${FORMULA_API_NAME}().${MODULES}[${JSON.stringify(path)}]}`;
  const lines = members.map((m) => {
    if (m.kind === "literal") return `export const ${m.name}=${m.value};`;
    if (m.kind === "function")
      return `export function ${m.name}(){return load().${m.name}.apply(this,arguments)}`;
    // A class: \`new\` gets the real class's instance (a constructor that returns an object), and
    // \`instanceof\` asks the real class, once the API part is there: before, nothing can be an instance of
    // one of its classes, and a formula's error is checked without evaluating it.
    return (
      `export function ${m.name}(...args){return new (load().${m.name})(...args)}` +
      `Object.defineProperty(${m.name},Symbol.hasInstance,{value:(v)=>${FORMULA_API_CACHE}!==null&&v instanceof load().${m.name}});`
    );
  });
  const unread = exports.filter((name) => !members.some((m) => m.name === name));
  for (const name of unread)
    lines.push(
      `export function ${name}(){throw new Error(${JSON.stringify(`${NOT_HANDED_OVER} ${name} of ${path}`)})}`,
    );
  return `${load}\n${lines.join("\n")}\n`;
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

/**
 * A module's members by name, each a getter (an export may be a live binding), under an import of just those
 * names: a namespace import (`import * as`) would keep every export of the module in the part.
 */
function membersEntry(
  root: string,
  modules: ReadonlyMap<string, readonly string[]>,
  prefix: string,
  member: string,
): string {
  const imports: string[] = [];
  const objects: string[] = [];
  // A module none of whose members is read is left out: importing it for nothing would keep its load-time code.
  [...modules]
    .filter(([, names]) => names.length > 0)
    .forEach(([path, names], i) => {
      const local = (name: string) => `${prefix}${i}_${name}`;
      imports.push(
        `import { ${names.map((name) => `${name} as ${local(name)}`).join(", ")} } from ${JSON.stringify(join(root, path))};`,
      );
      objects.push(
        `${JSON.stringify(path)}: { ${names.map((name) => `get ${name}() { return ${local(name)}; }`).join(", ")} }`,
      );
    });
  return `${imports.join("\n")}\nexport const ${member} = { ${objects.join(", ")} };\n`;
}

/** The API part's entry: the lazy modules, by path, with the members the formula part reads of each. */
export function apiEntry(root: string, modules: ReadonlyMap<string, readonly string[]>): string {
  return membersEntry(root, modules, "m", MODULES);
}

/** What the formula part's entry adds: the members of the modules it shares that the API part reads, hidden. */
export function sharedEntry(root: string, modules: ReadonlyMap<string, readonly string[]>): string {
  return membersEntry(root, modules, "s", SHARED_MEMBER);
}

/**
 * The names of `exports` a part's built code reads: esbuild reads a CommonJS stand-in's member as `.name`,
 * a property name minifying keeps. A name read of something else as well is kept too, which costs bytes only;
 * the build checks the formula part it ends with reads no name left out.
 */
export function namesRead(
  code: string,
  exports: ReadonlyMap<string, readonly string[]>,
): Map<string, string[]> {
  const read = new Set(code.match(/\.[A-Za-z_$][\w$]*/g)?.map((access) => access.slice(1)));
  return new Map([...exports].map(([path, names]) => [path, names.filter((name) => read.has(name))]));
}
