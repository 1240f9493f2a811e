// Reads one top-level function call with cell, range and literal arguments.
import { type A1Ref, parseA1 } from "../a1.ts";

export type FormulaArg =
  | { kind: "range"; ref: A1Ref; text: string }
  | { kind: "literal"; value: string | number | boolean };

export interface FormulaCall {
  name: string;
  args: FormulaArg[];
}

export type ReadResult = { ok: true; call: FormulaCall } | { ok: false; reason: string };

const NAME = /[A-Za-z_][A-Za-z0-9_.]*/y;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

export function readFormula(formula: string): ReadResult {
  const text = formula.trim();
  if (!text.startsWith("=")) return { ok: false, reason: "a formula starts with =" };
  let at = 1;
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at]!)) at++;
  };
  skipSpace();
  NAME.lastIndex = at;
  const name = NAME.exec(text);
  if (!name) return { ok: false, reason: `expected a function name at position ${at + 1}` };
  at = NAME.lastIndex;
  skipSpace();
  if (text[at] !== "(") return { ok: false, reason: `expected "(" after ${name[0]}` };
  at++;
  const args: FormulaArg[] = [];
  skipSpace();
  if (text[at] === ")") {
    at++;
  } else {
    for (;;) {
      skipSpace();
      const arg = readArg();
      if ("reason" in arg) return { ok: false, reason: arg.reason };
      args.push(arg);
      skipSpace();
      if (text[at] === ",") {
        at++;
        continue;
      }
      if (text[at] === ")") {
        at++;
        break;
      }
      return { ok: false, reason: `expected "," or ")" at position ${at + 1}` };
    }
  }
  skipSpace();
  if (at !== text.length) {
    return { ok: false, reason: `only one function call is supported; unexpected "${text.slice(at)}"` };
  }
  return { ok: true, call: { name: name[0], args } };

  function readArg(): FormulaArg | { reason: string } {
    if (text[at] === '"') {
      let value = "";
      for (at++; at < text.length; at++) {
        if (text[at] === '"') {
          if (text[at + 1] === '"') {
            value += '"';
            at++;
            continue;
          }
          at++;
          return { kind: "literal", value };
        }
        value += text[at];
      }
      return { reason: "unterminated string" };
    }
    const start = at;
    if (text[at] === "'") {
      // A quoted sheet name may hold spaces and commas; '' is an escaped quote.
      for (at++; at < text.length; at++) {
        if (text[at] === "'" && text[at + 1] === "'") at++;
        else if (text[at] === "'") break;
      }
      at++;
    }
    while (at < text.length && !/[\s,()"]/.test(text[at]!)) at++;
    const word = text.slice(start, at);
    if (word.length === 0) return { reason: `expected an argument at position ${at + 1}` };
    if (NUMBER.test(word)) return { kind: "literal", value: Number(word) };
    const upper = word.toUpperCase();
    if (upper === "TRUE" || upper === "FALSE") return { kind: "literal", value: upper === "TRUE" };
    const ref = parseA1(word);
    if (ref) return { kind: "range", ref, text: word };
    return {
      reason: `cannot read the argument "${word}" (a cell, a range, a string, a number or TRUE/FALSE)`,
    };
  }
}
