// Reads src/main.ts and lists its exported functions with their JSDoc and parameter names,
// so the build can emit the top-level stubs Apps Script and Sheets autocomplete need.

export interface EntryPoint {
  name: string;
  params: string[];
  jsdoc: string | null;
}

const EXPORT_FN = /(\/\*\*(?:(?!\*\/)[\s\S])*\*\/\s*)?export\s+function\s+([A-Za-z_$][\w$]*)\s*\(/g;

/** Splits a parameter list on top-level commas, ignoring commas inside brackets and strings. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  let quote: string | null = null;
  for (const ch of text) {
    if (quote) {
      current += ch;
      if (ch === quote) quote = null;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === "`") quote = ch;
    else if ("([{<".includes(ch)) depth++;
    else if (")]}>".includes(ch)) depth--;
    if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
    } else current += ch;
  }
  if (current.trim()) parts.push(current);
  return parts;
}

/** Returns the text between the parenthesis at `open` and its matching close. */
function balancedParams(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const ch = source[i];
    if (ch === "(") depth++;
    else if (ch === ")") {
      depth--;
      if (depth === 0) return source.slice(open + 1, i);
    }
  }
  throw new Error("unbalanced parameter list in src/main.ts");
}

export function readEntryPoints(source: string): EntryPoint[] {
  const points: EntryPoint[] = [];
  for (const match of source.matchAll(EXPORT_FN)) {
    const open = (match.index ?? 0) + match[0].length - 1;
    const params = splitTopLevel(balancedParams(source, open))
      .map((p) => p.trim().replace(/^\.\.\./, ""))
      .filter((p) => p.length > 0)
      .map((p) => {
        const name = /^[A-Za-z_$][\w$]*/.exec(p);
        if (!name) throw new Error(`cannot read a parameter name from "${p}" in src/main.ts`);
        return name[0];
      });
    const jsdoc = match[1] ? match[1].trim() : null;
    points.push({ name: match[2]!, params, jsdoc });
  }
  return points;
}

/** A custom function: its JSDoc carries @customfunction, the tag Sheets reads for autocomplete. */
export function isFormula(point: EntryPoint): boolean {
  return point.jsdoc !== null && /@customfunction\b/.test(point.jsdoc);
}

/**
 * One top-level function per entry point: a custom function forwards to the formula part's global, every
 * other entry to the whole add-on, which `addon()` evaluates on its first call.
 */
export function renderStubs(points: EntryPoint[], formulas: string, addon: string): string {
  return points
    .map((p) => {
      const doc = p.jsdoc ? `${p.jsdoc}\n` : "";
      const target = isFormula(p) ? formulas : `${addon}()`;
      return `${doc}function ${p.name}(${p.params.join(", ")}) {\n  return ${target}.${p.name}.apply(this, arguments);\n}\n`;
    })
    .join("\n");
}
