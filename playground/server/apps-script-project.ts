// The Apps Script project the playground runs: the add-on's dist/ files plus the playground's script file.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_BUNDLE } from "../../harness/index.ts";
import { loadBundle } from "../../harness/load-bundle.ts";

const PLAYGROUND_SCRIPT = fileURLToPath(new URL("./playground-script.js", import.meta.url));

export interface AppsScriptProject {
  /** The project's folder: the script, the HTML files and appsscript.json. */
  dir: string;
  /** The combined script the harness loads. */
  bundlePath: string;
  /** The add-on's own public top-level functions (google.script.run may call these, and nothing else). */
  addonFunctions: string[];
  /** Every top-level function of the combined script, as a cell may call them. */
  allFunctions: string[];
  remove(): void;
}

/** Builds the project from the add-on bundle at `addonBundle` (default dist/Code.js) and the files beside it. */
export function createAppsScriptProject(addonBundle: string = DEFAULT_BUNDLE): AppsScriptProject {
  const addon = loadBundle(addonBundle);
  // A folder of its own, so HtmlService finds the sidebar beside the combined bundle and dist/ stays untouched.
  const dir = mkdtempSync(join(tmpdir(), "enrichment-playground-"));
  for (const file of readdirSync(addon.dir)) {
    if (file.endsWith(".html") || file === "appsscript.json")
      copyFileSync(join(addon.dir, file), join(dir, file));
  }
  const bundlePath = join(dir, "Code.js");
  // Apps Script runs a project's files in one global scope, in order: concatenating them is the same.
  writeFileSync(
    bundlePath,
    `${readFileSync(addon.path, "utf8")}\n${readFileSync(PLAYGROUND_SCRIPT, "utf8")}`,
  );
  return {
    dir,
    bundlePath,
    addonFunctions: addon.functionNames.filter((name) => !name.endsWith("_")),
    allFunctions: loadBundle(bundlePath).functionNames,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
