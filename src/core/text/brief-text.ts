// A brief's Markdown as text a cell reads: headings, lists and quotes kept as lines, marks dropped, links kept.

/** Emphasis marks, undone once code and addresses are set aside (so neither loses a "*" or "_"). */
const INLINE: ReadonlyArray<[RegExp, string]> = [
  [/\*\*(?=\S)([\s\S]*?\S)\*\*/g, "$1"],
  [/(^|[^\w\\])__(?=\S)([\s\S]*?\S)__(?!\w)/g, "$1$2"],
  [/(^|[^\w\\*])\*(?=[^\s*])([^*]*?[^\s*\\])\*(?![\w*])/g, "$1$2"],
  [/(^|[^\w\\])_(?=\S)([^_]*?\S)_(?!\w)/g, "$1$2"],
  [/~~(?=\S)([\s\S]*?\S)~~/g, "$1"],
];

/** One line's inline Markdown as plain text: links as "words (address)", an address alone once. */
export function inlineText(markdown: string): string {
  // Code spans and addresses are kept word for word: set aside, put back after the marks are undone.
  const kept: string[] = [];
  const keep = (text: string) => {
    kept.push(text);
    return `\uE000${kept.length - 1}\uE001`;
  };
  // The set-aside marks (private-use characters) cannot come from the brief itself.
  let text = markdown
    .replace(/[\uE000\uE001]/g, "")
    .replace(/`+([^`]+?)`+/g, (_all, code: string) => keep(code))
    // ![alt](url "title") and [words](url "title"): the words, then the address (nothing lost).
    .replace(/!?\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, (_all, words: string, url: string) =>
      words === "" || words === url ? keep(url) : `${words} (${keep(url)})`,
    )
    // <https://…> and <mailto:…> autolinks.
    .replace(/<((?:https?:\/\/|mailto:)[^>\s]+)>/g, (_all, url: string) => keep(url));
  for (const [pattern, replacement] of INLINE) text = text.replace(pattern, replacement);
  text = text.replace(/\\([\\`*_{}[\]()#+\-.!>~|])/g, "$1");
  return text.replace(/\uE000(\d+)\uE001/g, (_all, i: string) => kept[Number(i)] as string);
}

/**
 * A brief's Markdown as plain text: a heading is its words on their own line, a list item starts "• "
 * (numbered items keep their numbers), a quote is indented, a rule is a line of dashes, code blocks keep
 * their lines; bold, italics and code marks are dropped, links read "words (address)". Blank lines stay
 * as one, so the sections still read apart.
 */
export function briefText(markdown: string): string {
  const out: string[] = [];
  let inCode = false;
  for (const raw of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    if (/^\s*(```|~~~)/.test(raw)) {
      inCode = !inCode;
      continue;
    }
    if (inCode) {
      out.push(raw);
      continue;
    }
    out.push(blockLine(raw));
  }
  return out
    .join("\n")
    .replace(/[ \t]+$/gm, "")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^\n+|\n+$/g, "");
}

function blockLine(raw: string): string {
  const line = raw.trimEnd();
  const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?$/.exec(line);
  if (heading) return inlineText(heading[1] as string);
  if (/^\s{0,3}([-*_])(?:\s*\1){2,}$/.test(line)) return "———";
  const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(line);
  if (bullet) return `${indent(bullet[1] as string)}• ${inlineText(bullet[2] as string)}`;
  const numbered = /^(\s*)(\d{1,9})[.)]\s+(.*)$/.exec(line);
  if (numbered) return `${indent(numbered[1] as string)}${numbered[2]}. ${inlineText(numbered[3] as string)}`;
  const quote = /^\s{0,3}>\s?(.*)$/.exec(line);
  if (quote) return `    ${blockLine(quote[1] as string)}`;
  return inlineText(line.trim());
}

/** A nested list item's indent: two spaces a level, however the Markdown indented it. */
function indent(spaces: string): string {
  return "  ".repeat(Math.floor(spaces.replace(/\t/g, "    ").length / 2));
}
