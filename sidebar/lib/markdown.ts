// A small, safe Markdown → HTML renderer for intelligence briefs: headings, paragraphs, lists, quotes,
// rules, bold and italic, code, and links. Everything from the text is escaped; only http(s) and mailto
// links become links, so no brief can put script, handlers or styles into the sidebar.
import { safeUrl } from "./safe-url";

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch]!);
}

// Stands for an already-rendered piece (code span, link) while the rest is escaped; stripped from input.
const MARK = "\u0000";

function emphasis(escaped: string): string {
  return escaped
    .replace(/\*\*(?=\S)([\s\S]*?\S)\*\*/g, "<strong>$1</strong>")
    .replace(/(^|[^\w])__(?=\S)([\s\S]*?\S)__(?!\w)/g, "$1<strong>$2</strong>")
    .replace(/\*(?=\S)([^*]*?\S)\*/g, "<em>$1</em>")
    .replace(/(^|[^\w])_(?=\S)([^_]*?\S)_(?!\w)/g, "$1<em>$2</em>");
}

/** One line or paragraph of inline Markdown. */
export function renderInline(text: string): string {
  const pieces: string[] = [];
  const hold = (html: string) => `${MARK}${pieces.push(html) - 1}${MARK}`;
  let out = text
    .split(MARK)
    .join("")
    .replace(/`([^`\n]+)`/g, (_m, code: string) => hold(`<code>${escapeHtml(code)}</code>`));
  out = out.replace(/\[([^\]\n]+)\]\(([^()\s]+)\)/g, (whole, label: string, url: string) =>
    safeUrl(url)
      ? hold(
          `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${emphasis(escapeHtml(label))}</a>`,
        )
      : whole,
  );
  out = emphasis(escapeHtml(out));
  // Pieces can hold pieces (a code span inside a link's label): restore until none is left.
  const token = new RegExp(`${MARK}(\\d+)${MARK}`, "g");
  while (token.test(out)) out = out.replace(token, (_m, index: string) => pieces[Number(index)] ?? "");
  return out;
}

const FENCE = /^\s*```/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^\s{0,3}(?:\*\s*){3,}$|^\s{0,3}(?:-\s*){3,}$|^\s{0,3}(?:_\s*){3,}$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/;
const QUOTE = /^\s{0,3}>\s?(.*)$/;
const BLANK = /^\s*$/;

function startsBlock(line: string): boolean {
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    RULE.test(line) ||
    BULLET.test(line) ||
    NUMBERED.test(line) ||
    QUOTE.test(line)
  );
}

export interface MarkdownOptions {
  /** Added to every heading level (1 makes "#" an h2), so a brief fits under the dialog's own title. */
  headingOffset?: number;
}

export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  const offset = options.headingOffset ?? 0;
  const lines = markdown.replace(/\r\n?/g, "\n").split(MARK).join("").split("\n");
  const html: string[] = [];
  let i = 0;
  const collect = (pattern: RegExp): string[] => {
    const items: string[] = [];
    while (i < lines.length && pattern.test(lines[i]!)) {
      let item = pattern.exec(lines[i]!)![1]!;
      i++;
      // Indented lines that follow continue the item.
      while (
        i < lines.length &&
        /^\s{2,}\S/.test(lines[i]!) &&
        !BULLET.test(lines[i]!) &&
        !NUMBERED.test(lines[i]!)
      ) {
        item += ` ${lines[i]!.trim()}`;
        i++;
      }
      items.push(`<li>${renderInline(item)}</li>`);
    }
    return items;
  };
  while (i < lines.length) {
    const line = lines[i]!;
    if (BLANK.test(line)) {
      i++;
    } else if (FENCE.test(line)) {
      const code: string[] = [];
      i++;
      while (i < lines.length && !FENCE.test(lines[i]!)) code.push(lines[i++]!);
      i++;
      html.push(`<pre><code>${escapeHtml(code.join("\n"))}</code></pre>`);
    } else if (HEADING.test(line)) {
      const [, hashes, text] = HEADING.exec(line)!;
      const level = Math.min(6, hashes!.length + offset);
      html.push(`<h${level}>${renderInline(text!)}</h${level}>`);
      i++;
    } else if (RULE.test(line)) {
      html.push("<hr>");
      i++;
    } else if (BULLET.test(line)) {
      html.push(`<ul>${collect(BULLET).join("")}</ul>`);
    } else if (NUMBERED.test(line)) {
      html.push(`<ol>${collect(NUMBERED).join("")}</ol>`);
    } else if (QUOTE.test(line)) {
      const quoted: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) quoted.push(QUOTE.exec(lines[i++]!)![1]!);
      html.push(`<blockquote>${renderMarkdown(quoted.join("\n"), options)}</blockquote>`);
    } else {
      const paragraph: string[] = [];
      while (
        i < lines.length &&
        !BLANK.test(lines[i]!) &&
        (paragraph.length === 0 || !startsBlock(lines[i]!))
      ) {
        paragraph.push(lines[i++]!.trim());
      }
      html.push(`<p>${renderInline(paragraph.join(" "))}</p>`);
    }
  }
  return html.join("\n");
}
