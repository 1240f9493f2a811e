// Writes docs/bad-input.md from the bad-input cases the e2e tests check (npm run docs:bad-input).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { DOC_PATH, renderBadInputDoc } from "../test/bad-input/render.ts";

const path = join(import.meta.dirname, "..", DOC_PATH);
writeFileSync(path, renderBadInputDoc());
console.log(`wrote ${DOC_PATH}`);
