// `npm run bench`: prints the figures each issue names. Benchmarks print; tests never assert timings.
import { join } from "node:path";
import { measureBundle } from "./bench/bundle.ts";

const root = join(import.meta.dirname, "..");

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function section(title: string): void {
  console.log(`\n## ${title}`);
}

section("Bundle (dist/Code.js)");
const bundle = measureBundle(join(root, "dist"));
console.log(`size raw:              ${kb(bundle.rawBytes)} (${bundle.rawBytes} bytes)`);
console.log(`size gzip:             ${kb(bundle.gzipBytes)} (${bundle.gzipBytes} bytes)`);
console.log(
  `cold load, bare V8:    ${bundle.coldLoadMedianMs.toFixed(2)} ms median of ${bundle.samples} fresh processes`,
);
