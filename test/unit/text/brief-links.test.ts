// A brief's links as a cell holds them: the cell's plain text (briefText's, word for word) and a link over
// each web link's words, or over a lone address; only http(s) addresses become links.
import { describe, expect, it } from "vitest";
import { briefLinkedText, briefText } from "../../../src/core/text/brief-text.ts";

/** Each link as the words it covers and its address. */
const covered = (markdown: string) => {
  const { text, links } = briefLinkedText(markdown);
  return links.map((link) => [text.slice(link.start, link.end), link.url]);
};

describe("briefLinkedText", () => {
  it("puts a link over a link's words, its address kept after them", () => {
    expect(briefLinkedText("See [the web app](https://x.io/o?a_b=1) now")).toEqual({
      text: "See the web app (https://x.io/o?a_b=1) now",
      links: [{ start: 4, end: 15, url: "https://x.io/o?a_b=1" }],
    });
  });

  it("puts a link over a lone address: no words, words that are the address, an autolink", () => {
    expect(briefLinkedText("[](https://x.io) and <http://y.io/p>")).toEqual({
      text: "https://x.io and http://y.io/p",
      links: [
        { start: 0, end: 12, url: "https://x.io" },
        { start: 17, end: 30, url: "http://y.io/p" },
      ],
    });
    expect(covered("[https://x.io](https://x.io)")).toEqual([["https://x.io", "https://x.io"]]);
  });

  it("counts offsets over the whole brief: headings, bullets, numbers, quotes, marks dropped before", () => {
    const markdown = [
      "## **Acme** [news](https://a.io/n)",
      "",
      "- *big* [deal](https://a.io/d)",
      "1. [one](HTTPS://a.io/1)",
      "> quoted [q](https://a.io/q)",
      "  - nested [n](https://a.io/x_y_)",
    ].join("\n");
    const { text } = briefLinkedText(markdown);
    expect(text).toBe(briefText(markdown));
    expect(text).toBe(
      "Acme news (https://a.io/n)\n\n• big deal (https://a.io/d)\n1. one (HTTPS://a.io/1)\n    quoted q (https://a.io/q)\n  • nested n (https://a.io/x_y_)",
    );
    expect(covered(markdown)).toEqual([
      ["news", "https://a.io/n"],
      ["deal", "https://a.io/d"],
      ["one", "HTTPS://a.io/1"],
      ["q", "https://a.io/q"],
      ["n", "https://a.io/x_y_"],
    ]);
  });

  it("keeps bold words in a link and code beside it, with the link over the words as shown", () => {
    expect(covered("`a_b` [**Acme** Inc](https://x.io)")).toEqual([["Acme Inc", "https://x.io"]]);
  });

  it("makes only web addresses links: mail, script and relative addresses stay text", () => {
    const markdown =
      "<mailto:a@x.io> [x](javascript:alert(1)) [r](/relative) [f](ftp://x.io) [w](https://w.io)";
    expect(briefLinkedText(markdown).links).toEqual([
      {
        start: briefText(markdown).indexOf("w (https"),
        end: briefText(markdown).indexOf("w (https") + 1,
        url: "https://w.io",
      },
    ]);
    expect(briefLinkedText("[x](https://)").links).toEqual([]);
    expect(briefLinkedText("[x](http://a.io)").links).toHaveLength(1);
  });

  it("has no links for a brief without any, and ignores link marks the brief itself holds", () => {
    expect(briefLinkedText("plain **text**")).toEqual({ text: "plain text", links: [] });
    const forged = "a\uE002b\uE003https://evil.io\uE004c";
    expect(briefLinkedText(forged)).toEqual({ text: "abhttps://evil.ioc", links: [] });
    expect(briefLinkedText(`\`\`\`\n${forged}\n\`\`\``)).toEqual({ text: "abhttps://evil.ioc", links: [] });
  });
});
