// Links from briefs and from the service: only web and mail links become hrefs, however the scheme hides.
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, it } from "vitest";
import { ServiceLink } from "../../../sidebar/components/service-link.tsx";
import { renderInline, renderMarkdown } from "../../../sidebar/lib/markdown.ts";
import { safeUrl } from "../../../sidebar/lib/safe-url.ts";

const HOSTILE = [
  "javascript:alert(1)",
  "javascript:alert(1)//http://a",
  "JaVaScRiPt:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "DATA:text/html,<script>alert(1)</script>",
  "vbscript:msgbox(1)",
  "VBScript:msgbox(1)",
  "jav&#x61;script:alert(1)",
  "&#106;avascript:alert(1)",
  "java\tscript:alert(1)",
  "java\nscript:alert(1)",
  " javascript:alert(1)",
  "\u0001javascript:alert(1)",
  "\u0000https://a.example",
  " https://a.example",
  "https://a.example\u0000",
  'https://a.example/" onmouseover="alert(1)',
  "https://a.example/<script>",
  "//evil.example/x",
  "mailto:a@b.example?body=javascript:alert(1)",
  "",
];

describe("safeUrl", () => {
  it("keeps web and mail links whole", () => {
    for (const url of [
      "https://app.example/signals/12?x=1#top",
      "http://a.example",
      "mailto:ops@a.example",
    ]) {
      expect(safeUrl(url)).toBe(url);
    }
  });

  it("refuses every other scheme, however it is cased, encoded or padded", () => {
    for (const url of HOSTILE) expect(safeUrl(url), JSON.stringify(url)).toBeNull();
  });

  it("refuses what is not text, and text too long to be a link", () => {
    for (const value of [
      null,
      undefined,
      12,
      {},
      ["https://a.example"],
      `https://a.example/${"x".repeat(2_000)}`,
    ]) {
      expect(safeUrl(value)).toBeNull();
    }
  });
});

describe("ServiceLink (signal configs, priority signals)", () => {
  it("draws a link for a web address", () => {
    expect(renderToString(h(ServiceLink, { href: "https://app.example/c/1" }, "Open"))).toBe(
      '<a class="item-link" href="https://app.example/c/1" target="_blank" rel="noopener noreferrer">Open</a>',
    );
  });

  it("draws nothing for any other address", () => {
    for (const url of HOSTILE) expect(renderToString(h(ServiceLink, { href: url }, "Open"))).toBe("");
  });
});

describe("links in brief Markdown", () => {
  it("renders no href for a hostile link: the text stays text", () => {
    // Markdown drops NUL before anything else, so "\u0000https://…" is a plain web link there; the rest
    // that fit a link's parentheses must stay text.
    for (const url of HOSTILE.filter((u) => u && !u.includes("\u0000") && !/[\s()[\]]/.test(u))) {
      const html = renderInline(`[x](${url})`);
      expect(html, url).not.toContain("<a ");
      expect(html).not.toMatch(/href=/i);
    }
    expect(renderMarkdown("[x](javascript:alert(1)//http://a)")).not.toContain("href");
    expect(renderMarkdown("[x](JAVASCRIPT:alert(1))")).not.toContain("href");
    expect(renderMarkdown("[x](data:text/html,hi)")).not.toContain("href");
  });

  it("renders web links", () => {
    expect(renderInline("[site](https://a.example/x)")).toBe(
      '<a href="https://a.example/x" target="_blank" rel="noopener noreferrer">site</a>',
    );
  });
});
