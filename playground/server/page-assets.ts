// Builds the page at start: its HTML and styles as written, its scripts bundled by esbuild in memory.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { SCRIPT_SHIM_PATH } from "../protocol.ts";

export interface PageAssets {
  files: Record<string, { type: string; body: string }>;
}

const page = (file: string) => fileURLToPath(new URL(`../page/${file}`, import.meta.url));

async function bundle(entry: string): Promise<string> {
  const result = await build({
    entryPoints: [page(entry)],
    bundle: true,
    format: "iife",
    target: "es2020",
    platform: "browser",
    write: false,
    logLevel: "warning",
  });
  return result.outputFiles[0]!.text;
}

export async function buildPageAssets(): Promise<PageAssets> {
  const [script, shim] = await Promise.all([bundle("main.ts"), bundle("script-shim.ts")]);
  const js = "text/javascript; charset=utf-8";
  return {
    files: {
      "/": { type: "text/html; charset=utf-8", body: readFileSync(page("index.html"), "utf8") },
      "/playground.css": { type: "text/css; charset=utf-8", body: readFileSync(page("styles.css"), "utf8") },
      "/playground.js": { type: js, body: script },
      [SCRIPT_SHIM_PATH]: { type: js, body: shim },
    },
  };
}
