// SpreadsheetApp.newRichTextValue(), its builder and the RichTextValue it builds, with links only (text
// styles are not faked), as Google documents them: offsets are 0-based, start inclusive, end exclusive;
// setText clears what was set before; a run is the longest stretch with one link (or none).
import { argTypes } from "../arg-types.ts";
import { GAS } from "../errors.ts";
import type { Execution } from "../execution.ts";

/** A link over text[start, end). */
export interface CellLink {
  start: number;
  end: number;
  url: string;
}

export interface RichText {
  text: string;
  links: CellLink[];
}

/** The data behind each RichTextValue handed to a script, so a Range can tell one from anything else. */
export const richTextOf = new WeakMap<object, RichText>();

/** One link per character (null for none): the form setLinkUrl edits and runs are cut from. */
function perCharacter(rich: RichText): (string | null)[] {
  const urls: (string | null)[] = Array.from({ length: rich.text.length }, () => null);
  for (const link of rich.links) for (let i = link.start; i < link.end; i++) urls[i] = link.url;
  return urls;
}

/** The links of a per-character form, each the longest stretch of one address. */
function linksOf(urls: readonly (string | null)[]): CellLink[] {
  const links: CellLink[] = [];
  urls.forEach((url, i) => {
    const last = links[links.length - 1];
    if (url === null) return;
    if (last && last.end === i && last.url === url) last.end = i + 1;
    else links.push({ start: i, end: i + 1, url });
  });
  return links;
}

/** The runs of a text: the longest stretches with one link or none, covering it all. */
function runsOf(rich: RichText): RichText[] {
  const urls = perCharacter(rich);
  const runs: RichText[] = [];
  let start = 0;
  for (let i = 1; i <= urls.length; i++) {
    if (i === urls.length || urls[i] !== urls[start]) {
      const url = urls[start] ?? null;
      runs.push({
        text: rich.text.slice(start, i),
        links: url === null ? [] : [{ start: 0, end: i - start, url }],
      });
      start = i;
    }
  }
  return runs;
}

/** The one address of a stretch, or null when it has none or more than one (as getLinkUrl answers). */
function linkBetween(rich: RichText, start: number, end: number): string | null {
  const urls = perCharacter(rich).slice(start, end);
  const first = urls[0] ?? null;
  return urls.length > 0 && urls.every((url) => url === first) ? first : null;
}

export function richTextValue(exec: Execution, rich: RichText, startIndex = 0): object {
  const checkOffsets = (start: unknown, end: unknown, method: string) => {
    if (!Number.isInteger(start) || !Number.isInteger(end))
      exec.fail(GAS.signature(argTypes([start, end]), `SpreadsheetApp.RichTextValue.${method}`));
    if ((start as number) < 0 || (end as number) > rich.text.length || (start as number) >= (end as number))
      exec.fail(GAS.richTextOffsets(start as number, end as number, rich.text.length));
  };
  const value = {
    getText: exec.method("RichTextValue.getText", () => rich.text),
    getStartIndex: exec.method("RichTextValue.getStartIndex", () => startIndex),
    getEndIndex: exec.method("RichTextValue.getEndIndex", () => startIndex + rich.text.length),
    getLinkUrl(start?: unknown, end?: unknown) {
      exec.call("RichTextValue.getLinkUrl");
      if (start === undefined) return linkBetween(rich, 0, rich.text.length);
      checkOffsets(start, end, "getLinkUrl");
      return linkBetween(rich, start as number, end as number);
    },
    getRuns() {
      exec.call("RichTextValue.getRuns");
      let at = startIndex;
      return exec.realm.list(
        runsOf(rich).map((run) => {
          const made = richTextValue(exec, run, at);
          at += run.text.length;
          return made;
        }),
      );
    },
    copy() {
      exec.call("RichTextValue.copy");
      return richTextBuilder(exec, { text: rich.text, links: rich.links.map((link) => ({ ...link })) });
    },
  };
  richTextOf.set(value, { text: rich.text, links: rich.links.map((link) => ({ ...link })) });
  return value;
}

export function richTextBuilder(exec: Execution, initial: RichText = { text: "", links: [] }): object {
  let text = initial.text;
  let urls = perCharacter(initial);
  const builder = {
    setText(value: unknown) {
      exec.call("RichTextValueBuilder.setText");
      if (typeof value !== "string")
        exec.fail(GAS.signature(argTypes([value]), "SpreadsheetApp.RichTextValueBuilder.setText"));
      // "Sets the text for this value and clears any existing text style."
      text = value as string;
      urls = Array.from({ length: text.length }, () => null);
      return builder;
    },
    setLinkUrl(...args: unknown[]) {
      exec.call("RichTextValueBuilder.setLinkUrl");
      const [start, end, url] = args.length === 1 ? [0, text.length, args[0]] : args;
      if (url !== null && typeof url !== "string")
        exec.fail(GAS.signature(argTypes(args), "SpreadsheetApp.RichTextValueBuilder.setLinkUrl"));
      if (!Number.isInteger(start) || !Number.isInteger(end))
        exec.fail(GAS.signature(argTypes(args), "SpreadsheetApp.RichTextValueBuilder.setLinkUrl"));
      const from = start as number;
      const to = end as number;
      if (args.length !== 1 && (from < 0 || to > text.length || from >= to))
        exec.fail(GAS.richTextOffsets(from, to, text.length));
      // A null link URL clears the stretch's link.
      for (let i = from; i < to; i++) urls[i] = (url as string | null) || null;
      return builder;
    },
    build() {
      exec.call("RichTextValueBuilder.build");
      return richTextValue(exec, { text, links: linksOf(urls) });
    },
  };
  return builder;
}
