// Reads .clasp.json the way `npm run deploy` needs it: a real script id, and `rootDir` pointing at dist/.
import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

export const CLASP_FILE = ".clasp.json";
export const CLASP_EXAMPLE = ".clasp.example.json";
/** The scriptId of .clasp.example.json, so a copy that was never filled in is recognised. */
export const SCRIPT_ID_PLACEHOLDER = "PASTE_YOUR_SCRIPT_ID_HERE";
const TITLE = "Enrichment for Sheets";

/** What to run when there is no .clasp.json; the same text is in docs/deploy.md. */
export const CREATE_CLASP_PROJECT = [
  `There is no ${CLASP_FILE}, so clasp does not know which Apps Script project to push to. Log in once`,
  "(npx clasp login), then make one of:",
  `  - a new spreadsheet with a script bound to it (one team's spreadsheet):`,
  `      npx clasp create-script --type sheets --title "${TITLE}" --rootDir dist`,
  "  - a standalone script (to test, then publish, as an Editor add-on):",
  `      npx clasp create-script --type standalone --title "${TITLE}" --rootDir dist`,
  "  - a link to a script that already exists (the spreadsheet's Extensions > Apps Script,",
  "    Project Settings > IDs > Script ID):",
  `      cp ${CLASP_EXAMPLE} ${CLASP_FILE}   and put that id in "scriptId"`,
  "docs/deploy.md walks through each.",
].join("\n");

export interface ClaspProject {
  scriptId: string;
}

/** Problems with the project's .clasp.json (none: it names a script and pushes dist/). */
export function claspProblems(
  root: string,
  dist: string,
): { project: ClaspProject | null; problems: string[] } {
  const path = join(root, CLASP_FILE);
  if (!existsSync(path)) return { project: null, problems: [CREATE_CLASP_PROJECT] };
  let data: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, "utf8"));
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    data = parsed as Record<string, unknown>;
  } catch {
    return {
      project: null,
      problems: [`${CLASP_FILE} is not a JSON object. Start again from ${CLASP_EXAMPLE}.`],
    };
  }
  const problems: string[] = [];
  const scriptId = data["scriptId"];
  if (typeof scriptId !== "string" || scriptId === SCRIPT_ID_PLACEHOLDER || !/^[\w-]{20,}$/.test(scriptId)) {
    problems.push(
      `${CLASP_FILE} has no script id: set "scriptId" to your project's (Apps Script editor > Project Settings > IDs > Script ID).`,
    );
  }
  const rootDir = data["rootDir"] ?? data["srcDir"];
  const pushes = typeof rootDir === "string" ? resolve(root, rootDir) : root;
  if (pushes !== resolve(dist)) {
    const shown = typeof rootDir === "string" ? JSON.stringify(rootDir.slice(0, 100)) : "not set";
    problems.push(
      `${CLASP_FILE} "rootDir" is ${shown}: set it to "${relative(root, dist)}", the folder the build writes, or clasp pushes the wrong files.`,
    );
  }
  return { project: problems.length === 0 ? { scriptId: scriptId as string } : null, problems };
}
