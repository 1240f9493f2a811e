// A brief's Markdown as text a cell reads: headings, lists and quotes kept as lines, marks dropped, links kept
// as "words (address)", and where each link's words are in that text, so the cell can make them real links.
import type { LinkedText } from "../sheet/port";

/**
 * Around a link's words while the text is made: LINK_OPEN words LINK_URL address LINK_CLOSE. Private-use
 * characters, which cannot come from the brief itself (they are removed from it first).
 */
const LINK_OPEN = "\uE002";
const LINK_URL = "\uE003";
const LINK_CLOSE = "\uE004";
const LINK_MARK = /\uE002([^\uE002-\uE004]*)\uE003([^\uE002-\uE004]*)\uE004/g;
/** Only web addresses become links in a cell (never mailto:, javascript: or anything else). */
const WEB_ADDRESS = /^https?:\/\/[^\s]+$/i;

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
  return withoutLinkMarks(markedInline(markdown)).text;
}

/** inlineText with each link's words (or lone address) marked, for the links' spans. */
function markedInline(markdown: string): string {
  // Code spans and addresses are kept word for word: set aside, put back after the marks are undone.
  const kept: string[] = [];
  const keep = (text: string) => {
    kept.push(text);
    return `\uE000${kept.length - 1}\uE001`;
  };
  // The set-aside marks (private-use characters) cannot come from the brief itself.
  let text = markdown
    .replace(/[\uE000-\uE004]/g, "")
    .replace(/`+([^`]+?)`+/g, (_all, code: string) => keep(code))
    // ![alt](url "title") and [words](url "title"): the words, then the address (nothing lost).
    .replace(/!?\[([^\]]*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, (_all, words: string, url: string) =>
      words === "" || words === url
        ? linked(keep(url), keep(url))
        : `${linked(words, keep(url))} (${keep(url)})`,
    )
    // <https://…> and <mailto:…> autolinks.
    .replace(/<((?:https?:\/\/|mailto:)[^>\s]+)>/g, (_all, url: string) => linked(keep(url), keep(url)));
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
  return briefLinkedText(markdown).text;
}

/**
 * The brief as briefText makes it, with a link over each web link's words (or its address alone): what a
 * cell shows as real links. Addresses stay in the text, so nothing is lost where links are not followed.
 */
export function briefLinkedText(markdown: string): LinkedText {
  return withoutLinkMarks(markedBriefText(markdown));
}

function markedBriefText(markdown: string): string {
  const out: string[] = [];
  let inCode = false;
  for (const raw of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    if (/^\s*(```|~~~)/.test(raw)) {
      inCode = !inCode;
      continue;
    }
    if (inCode) {
      out.push(raw.replace(/[\uE000-\uE004]/g, ""));
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
  if (heading) return markedInline(heading[1] as string);
  if (/^\s{0,3}([-*_])(?:\s*\1){2,}$/.test(line)) return "———";
  const bullet = /^(\s*)[-*+]\s+(.*)$/.exec(line);
  if (bullet) return `${indent(bullet[1] as string)}• ${markedInline(bullet[2] as string)}`;
  const numbered = /^(\s*)(\d{1,9})[.)]\s+(.*)$/.exec(line);
  if (numbered)
    return `${indent(numbered[1] as string)}${numbered[2]}. ${markedInline(numbered[3] as string)}`;
  const quote = /^\s{0,3}>\s?(.*)$/.exec(line);
  if (quote) return `    ${blockLine(quote[1] as string)}`;
  return markedInline(line.trim());
}

/** A nested list item's indent: two spaces a level, however the Markdown indented it. */
function indent(spaces: string): string {
  return "  ".repeat(Math.floor(spaces.replace(/\t/g, "    ").length / 2));
}

function linked(words: string, url: string): string {
  return `${LINK_OPEN}${words}${LINK_URL}${url}${LINK_CLOSE}`;
}

/** The text without the marks, and a link over each marked stretch whose address is a web address. */
function withoutLinkMarks(marked: string): LinkedText {
  const links: LinkedText["links"] = [];
  let text = "";
  let from = 0;
  for (const match of marked.matchAll(LINK_MARK)) {
    text += marked.slice(from, match.index);
    const words = match[1] as string;
    const url = match[2] as string;
    if (words !== "" && WEB_ADDRESS.test(url))
      links.push({ start: text.length, end: text.length + words.length, url });
    text += words;
    from = (match.index as number) + match[0].length;
  }
  return { text: text + marked.slice(from), links };
}
