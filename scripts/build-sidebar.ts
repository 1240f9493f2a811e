// Builds the sidebar into one self-contained dist/Sidebar.html: the Preact bundle and the styles inlined,
// no external resources (HtmlService serves the file as it is).
import { writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { build } from "esbuild";
import { PRODUCT_NAME, SIDEBAR_FILE } from "../src/server/sidebar/contract.ts";

const root = join(import.meta.dirname, "..");

/** The only module under src/ whose values the sidebar may bundle: it is pure and imports nothing. */
const SHARED_WITH_SIDEBAR = "src/server/sidebar/contract.ts";

async function bundleScript(): Promise<string> {
  const result = await build({
    entryPoints: [join(root, "sidebar/main.tsx")],
    bundle: true,
    format: "iife",
    target: "es2020",
    platform: "browser",
    minify: true,
    legalComments: "none",
    tsconfig: join(root, "tsconfig.sidebar.json"),
    jsx: "automatic",
    jsxImportSource: "preact",
    metafile: true,
    write: false,
    logLevel: "warning",
  });
  const fromSrc = Object.keys(result.metafile.inputs)
    .map((path) => relative(root, join(root, path)))
    .filter((path) => path.startsWith("src/") && path !== SHARED_WITH_SIDEBAR);
  if (fromSrc.length > 0) {
    throw new Error(
      `The sidebar bundle may take values only from ${SHARED_WITH_SIDEBAR}; it pulled in ${fromSrc.join(", ")}. Import types from src/ with "import type".`,
    );
  }
  return result.outputFiles[0]!.text;
}

async function bundleStyles(): Promise<string> {
  const result = await build({
    entryPoints: [join(root, "sidebar/styles.css")],
    bundle: true,
    minify: true,
    write: false,
    logLevel: "warning",
  });
  return result.outputFiles[0]!.text;
}

/** Inline code must not close its own element early; "<\/" is the same text to the JavaScript parser. */
function inlineSafe(code: string, tag: "script" | "style"): string {
  return code.replace(new RegExp(`</(${tag})`, "gi"), "<\\/$1");
}

/**
 * The page ends inside <body> on purpose: the server appends the start element after it (see
 * src/server/sidebar/contract.ts), and the script reads that element once the document is parsed.
 */
export function renderSidebarHtml({ script, styles }: { script: string; styles: string }): string {
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<base target="_blank">',
    `<title>${PRODUCT_NAME}</title>`,
    `<style>${inlineSafe(styles.trim(), "style")}</style>`,
    "</head>",
    "<body>",
    '<div id="app"></div>',
    `<script>${inlineSafe(script.trim(), "script")}</script>`,
    "",
  ].join("\n");
}

export async function buildSidebar(distDir: string): Promise<void> {
  const [script, styles] = await Promise.all([bundleScript(), bundleStyles()]);
  writeFileSync(join(distDir, `${SIDEBAR_FILE}.html`), renderSidebarHtml({ script, styles }));
}
