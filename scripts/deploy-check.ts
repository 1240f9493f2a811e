// `npm run deploy`'s gate: refuses to push without a clasp project for dist/, a service address, and (with
// --built) a manifest that allows that service. Prints what to do and exits 1 when something is missing.
import { join } from "node:path";
import { deployChecks } from "./deploy/deploy-checks.ts";
import { serviceAllowlistPrefix } from "./deploy/url-allowlist.ts";

const root = join(import.meta.dirname, "..");
const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== "--built");
if (unknown.length > 0) {
  console.error(`Unknown argument ${JSON.stringify(unknown[0]!.slice(0, 100))}; the only one is --built.`);
  process.exit(2);
}
const built = args.includes("--built");
const result = deployChecks({ root, dist: join(root, "dist"), built });
if (result.problems.length > 0) {
  console.error(`npm run deploy stopped before pushing anything:\n\n${result.problems.join("\n\n")}`);
  process.exit(1);
}
const base = result.config!.apiBaseUrl;
console.log(
  built
    ? `Deploy check: dist/appsscript.json allows ${serviceAllowlistPrefix(base)}; pushing dist/ to script ${result.scriptId}.`
    : `Deploy check: script ${result.scriptId}, service ${base}; now lint, type-check, test and build.`,
);
