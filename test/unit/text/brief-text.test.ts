// A brief's Markdown as a cell reads it: every word and address kept, no Markdown marks left.
import { describe, expect, it } from "vitest";
import { briefText, inlineText } from "../../../src/core/text/brief-text.ts";

describe("inlineText", () => {
  it.each([
    ["plain words stay", "Acme grows fast", "Acme grows fast"],
    ["bold", "**Ada Lovelace**, CTO", "Ada Lovelace, CTO"],
    ["bold with underscores", "a __big__ move", "a big move"],
    ["italic", "an *early* sign", "an early sign"],
    ["italic with underscores", "an _early_ sign", "an early sign"],
    ["bold and italic together", "***both***", "both"],
    ["struck", "~~old~~ new", "old new"],
    ["code kept word for word", "use `snake_case_name` and `**x**`", "use snake_case_name and **x**"],
    [
      "a link: its words, then the address",
      "See [the web app](https://x.io/o?a_b=1)",
      "See the web app (https://x.io/o?a_b=1)",
    ],
    ["a link whose words are its address", "[https://x.io](https://x.io)", "https://x.io"],
    ["a link without words", "[](https://x.io)", "https://x.io"],
    ["a link with a title", '[site](https://x.io "Acme")', "site (https://x.io)"],
    ["a link in angle brackets", "[site](<https://x.io/a>)", "site (https://x.io/a)"],
    ["an image: its alt text and address", "![logo](https://x.io/l.png)", "logo (https://x.io/l.png)"],
    ["bold words in a link", "[**Acme**](https://x.io)", "Acme (https://x.io)"],
    ["an address's stars and underscores are kept", "[a](https://x.io/*a*_b_)", "a (https://x.io/*a*_b_)"],
    ["an autolink", "<https://x.io/p>", "https://x.io/p"],
    ["a mail autolink", "<mailto:a@x.io>", "mailto:a@x.io"],
    ["other angle text stays", "<b>", "<b>"],
    ["escapes", "5 \\* 3 \\_x\\_ \\# \\[a\\]", "5 * 3 _x_ # [a]"],
    ["snake_case words stay", "salesforce_id and job_post_count", "salesforce_id and job_post_count"],
    ["a lone star stays", "5 * 3 = 15", "5 * 3 = 15"],
    ["set-aside marks in the text are dropped", "a\uE000b\uE001c", "abc"],
  ])("%s", (_name, markdown, text) => {
    expect(inlineText(markdown)).toBe(text);
  });
});

describe("briefText", () => {
  it("reads the service's brief as plain text: headings as lines, bullets, links kept", () => {
    const markdown = [
      "Acme intelligence brief",
      "",
      "This brief is also [available in the web app](https://app.example.com/o/acme/overview?intelligence_brief=1)",
      "",
      "## What's the Angle",
      "",
      "Acme is a software organization with about 1,200 employees.",
      "",
      "## Who To Contact First",
      "",
      "- **Ada Lovelace**, CTO (C-Level), London",
      "- **Grace Hopper**, VP Engineering (VP), New York",
      "",
      "",
      "",
      "## Recent Signals",
      "",
      "- 2026-11-20: Hiring Snowflake engineers",
    ].join("\n");
    expect(briefText(markdown)).toBe(
      [
        "Acme intelligence brief",
        "",
        "This brief is also available in the web app (https://app.example.com/o/acme/overview?intelligence_brief=1)",
        "",
        "What's the Angle",
        "",
        "Acme is a software organization with about 1,200 employees.",
        "",
        "Who To Contact First",
        "",
        "• Ada Lovelace, CTO (C-Level), London",
        "• Grace Hopper, VP Engineering (VP), New York",
        "",
        "Recent Signals",
        "",
        "• 2026-11-20: Hiring Snowflake engineers",
      ].join("\n"),
    );
  });

  it.each([
    ["every heading level, closing hashes dropped", "# One\n###### Six ##", "One\nSix"],
    ["a heading indented up to three spaces", "   ## Three", "Three"],
    ["a hash with no space is words", "#hashtag", "#hashtag"],
    ["bullets of every kind", "- a\n* b\n+ c", "• a\n• b\n• c"],
    [
      "nested bullets indent two spaces a level",
      "- a\n  - b\n    - c\n\t- d",
      "• a\n  • b\n    • c\n    • d",
    ],
    ["numbered items keep their numbers", "1. first\n2) second\n10. tenth", "1. first\n2. second\n10. tenth"],
    ["a nested numbered item", "1. a\n   2. b", "1. a\n  2. b"],
    ["a quote is indented", "> said **so**", "    said so"],
    ["a quoted bullet", "> - a", "    • a"],
    ["a quote's blank line", "a\n>\n> b", "a\n\n    b"],
    ["rules", "a\n\n---\n\n***\n\n_ _ _\n\nb", "a\n\n———\n\n———\n\n———\n\nb"],
    [
      "code blocks keep their lines",
      "```ts\nconst **a** = 1;\n  b\n```\nafter",
      "const **a** = 1;\n  b\nafter",
    ],
    ["tilde code fences", "~~~\n# not a heading\n~~~", "# not a heading"],
    ["Windows and old Mac line ends", "# A\r\n- b\rc", "A\n• b\nc"],
    ["trailing spaces and blank edges", "\n\n  text   \n\n", "text"],
    ["many blank lines read as one", "a\n\n\n\n\nb", "a\n\nb"],
    ["a line's own indent is dropped", "   words", "words"],
    ["empty", "", ""],
  ])("%s", (_name, markdown, text) => {
    expect(briefText(markdown)).toBe(text);
  });
});
