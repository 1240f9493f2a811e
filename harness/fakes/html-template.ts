// Compiles HtmlService template scriptlets into a function run in the execution's own vm context.
import vm, { type Context } from "node:vm";

export type TemplateReadResult = { ok: true; source: string } | { ok: false; error: string };

/** The JavaScript an HtmlTemplate evaluates: a function of (data, escape) returning the page text. */
export function compileTemplate(raw: string): TemplateReadResult {
  const body: string[] = [];
  let at = 0;
  while (at < raw.length) {
    const open = raw.indexOf("<?", at);
    if (open === -1) {
      body.push(`output.append(${JSON.stringify(raw.slice(at))});`);
      break;
    }
    if (open > at) body.push(`output.append(${JSON.stringify(raw.slice(at, open))});`);
    const close = raw.indexOf("?>", open + 2);
    if (close === -1) return { ok: false, error: "Unterminated scriptlet: a <? has no closing ?>." };
    const inner = raw.slice(open + 2, close);
    if (inner.startsWith("!=")) body.push(`output.append(${inner.slice(2)});`);
    else if (inner.startsWith("=")) body.push(`output.appendUntrusted(${inner.slice(1)});`);
    else body.push(inner);
    body.push("\n");
    at = close + 2;
  }
  // Sloppy mode on purpose: `with` makes the template's properties plain variables, as in Apps Script.
  const source = `(function (__data, __escape) {
  var __parts = [];
  var output = {
    append: function (v) { __parts.push(v === null || v === undefined ? "" : String(v)); return output; },
    appendUntrusted: function (v) { __parts.push(__escape(v === null || v === undefined ? "" : String(v))); return output; },
    clear: function () { __parts.length = 0; return output; },
    getContent: function () { return __parts.join(""); }
  };
  with (__data) {
${body.join("")}
  }
  return __parts.join("");
})`;
  return { ok: true, source };
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** A program evaluating to `(data) => page text`: the compiled source with its escaping built in. */
export function templateProgram(source: string): string {
  return `(function () {
  var __escape = ${escapeHtml.toString()};
  var __run = ${source};
  return function (data) { return String(__run(data, __escape)); };
})()`;
}

/** Runs compiled template source in `context` with `data` as its variables. */
export function evaluateTemplate(
  source: string,
  context: Context | null,
  data: Record<string, unknown>,
): string {
  const program = vm.runInContext(templateProgram(source), context ?? vm.createContext({})) as (
    data: Record<string, unknown>,
  ) => string;
  return program(data);
}
