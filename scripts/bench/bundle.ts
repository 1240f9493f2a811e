// Bundle figures: size raw and gzipped, and the cold load time in a bare V8 context (each sample in a
// fresh Node process, so no compilation cache carries over — Apps Script loads the bundle per execution).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ADDON_COMMENT, FORMULA_API_COMMENT } from "../build.ts";

const PROBE = `
const vm = require("node:vm");
const code = require("node:fs").readFileSync(process.argv[1], "utf8");
const start = process.hrtime.bigint();
const context = vm.createContext({});
new vm.Script(code, { filename: "Code.js" }).runInContext(context);
const ms = Number(process.hrtime.bigint() - start) / 1e6;
process.stdout.write(String(ms));
`;

export interface BundleFigures {
  rawBytes: number;
  /** Bytes of the add-on part, kept in a comment that V8 skips: only a click or trigger evaluates them. */
  addonCommentBytes: number;
  /** Bytes of the formula part's API part (schemas, client), a comment evaluated when a formula buys. */
  formulaApiCommentBytes: number;
  /** What a formula cell's execution compiles: the file less both comments. */
  formulaCompiledBytes: number;
  gzipBytes: number;
  coldLoadMedianMs: number;
  samples: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function measureBundle(distDir: string, samples = 9): BundleFigures {
  const path = join(distDir, "Code.js");
  const code = readFileSync(path);
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    times.push(Number(execFileSync(process.execPath, ["-e", PROBE, path], { encoding: "utf8" })));
  }
  const text = code.toString("latin1");
  const addonCommentBytes = commentBytes(text, ADDON_COMMENT, path);
  const formulaApiCommentBytes = commentBytes(text, FORMULA_API_COMMENT, path);
  return {
    rawBytes: code.length,
    addonCommentBytes,
    formulaApiCommentBytes,
    formulaCompiledBytes: code.length - addonCommentBytes - formulaApiCommentBytes,
    gzipBytes: gzipSync(code).length,
    coldLoadMedianMs: median(times),
    samples,
  };
}

/** The bytes inside one of the build's comments, which V8 skips when it compiles the file. */
export function commentBytes(
  text: string,
  comment: { open: string; close: string },
  path = "dist/Code.js",
): number {
  const open = text.indexOf(comment.open);
  const close = text.indexOf(comment.close, open);
  if (open < 0 || close < 0)
    throw new Error(`${path} holds no "${comment.open}" comment; build it with npm run build.`);
  return close - open - comment.open.length;
}
