// The brief dialog's Markdown renderer: the Markdown a brief uses becomes HTML, and nothing from the text
// can become markup of its own (script, handlers, javascript: links).
import { describe, expect, it } from "vitest";
import { escapeHtml, renderInline, renderMarkdown } from "../../../sidebar/lib/markdown.ts";

describe("renderMarkdown", () => {
  it("renders headings, paragraphs and lists", () => {
    const html = renderMarkdown(
      "# Acme\n\nA company that\nmakes things.\n\n## Angle\n- first\n- second\n\n1. one\n2. two",
    );
    expect(html).toBe(
      [
        "<h1>Acme</h1>",
        "<p>A company that makes things.</p>",
        "<h2>Angle</h2>",
        "<ul><li>first</li><li>second</li></ul>",
        "<ol><li>one</li><li>two</li></ol>",
      ].join("\n"),
    );
  });

  it("moves heading levels down by the offset, never past h6", () => {
    expect(renderMarkdown("# Title\n###### Deep", { headingOffset: 1 })).toBe(
      "<h2>Title</h2>\n<h6>Deep</h6>",
    );
  });

  it("renders bold, italic, code and safe links inline", () => {
    expect(renderInline("**bold** and *italic* and __also bold__ and _also italic_")).toBe(
      "<strong>bold</strong> and <em>italic</em> and <strong>also bold</strong> and <em>also italic</em>",
    );
    expect(renderInline("run `a < b && c`")).toBe("run <code>a &lt; b &amp;&amp; c</code>");
    expect(renderInline("see [the *site*](https://acme.com/a?b=1&c=2)")).toBe(
      'see <a href="https://acme.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">the <em>site</em></a>',
    );
    expect(renderInline("[mail](mailto:a@acme.com)")).toContain('href="mailto:a@acme.com"');
  });

  it("leaves underscores inside words and URLs alone", () => {
    expect(renderInline("snake_case_name and http://x.com/a_b_c")).toBe(
      "snake_case_name and http://x.com/a_b_c",
    );
  });

  it("renders fenced code, quotes and rules", () => {
    expect(renderMarkdown("```\n<b>x</b>\n```\n> quoted *text*\n\n---")).toBe(
      "<pre><code>&lt;b&gt;x&lt;/b&gt;</code></pre>\n<blockquote><p>quoted <em>text</em></p></blockquote>\n<hr>",
    );
  });

  it("continues a list item on indented lines", () => {
    expect(renderMarkdown("- first line\n  goes on\n- second")).toBe(
      "<ul><li>first line goes on</li><li>second</li></ul>",
    );
  });

  it("escapes script tags, event handlers and HTML in every position", () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\n# <img src=x onerror="alert(1)">\n\n- <iframe src="https://evil">\n\n**<svg onload=alert(1)>**',
    );
    expect(html).not.toMatch(/<script|<img|<iframe|<svg/i);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(html).toContain("<strong>&lt;svg onload=alert(1)&gt;</strong>");
  });

  it("keeps javascript:, data: and relative links as plain text", () => {
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "/relative",
    ]) {
      const html = renderInline(`[click](${url})`);
      expect(html).not.toContain("<a");
      expect(html).toBe(`[click](${escapeHtml(url)})`);
    }
  });

  it("does not let a quote in a link's address break out of the attribute", () => {
    const html = renderInline('[x](https://acme.com/"onmouseover="alert(1))');
    expect(html).not.toContain('" onmouseover');
    expect(html).not.toMatch(/<a[^>]*onmouseover/);
  });

  it("ignores the placeholder character a text could use to forge rendered pieces", () => {
    expect(renderInline("a \u00000\u0000 b")).toBe("a 0 b");
    expect(renderMarkdown("x\u00000\u0000 [y](https://a.com)")).toBe(
      '<p>x0 <a href="https://a.com" target="_blank" rel="noopener noreferrer">y</a></p>',
    );
  });
});
