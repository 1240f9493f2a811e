// The start element carries the screen a menu item asked for from the server to the sidebar's script.
import { describe, expect, it } from "vitest";
import {
  DEFAULT_START,
  PAGES,
  parseStart,
  renderStart,
  START_ELEMENT_ID,
  TABS,
} from "../../../src/server/sidebar/contract.ts";

/** The element's text, as the browser's textContent gives it (a script element's text is not decoded). */
function textOf(html: string): string {
  const match = new RegExp(
    `^<script type="application/json" id="${START_ELEMENT_ID}">(.*)</script>$`,
    "s",
  ).exec(html);
  if (!match) throw new Error(`not a start element: ${html}`);
  return match[1]!;
}

describe("renderStart and parseStart", () => {
  it.each([...TABS, ...PAGES])("carries the %s screen", (screen) => {
    expect(parseStart(textOf(renderStart({ screen, notice: null })))).toEqual({ screen, notice: null });
  });

  it("carries a notice, and no value can close the element early", () => {
    const notice = "Use Edit ▸ Paste special </script><script>alert(1)</script> & more";
    const html = renderStart({ screen: "more", notice });
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(parseStart(textOf(html))).toEqual({ screen: "more", notice });
  });

  it.each([
    ["no element", null],
    ["an empty element", ""],
    ["text that is not JSON", "<?= start ?>"],
    ["JSON that is not an object", "42"],
    ["JSON null", "null"],
  ])("opens the default screen for %s", (_name, text) => {
    expect(parseStart(text)).toEqual(DEFAULT_START);
  });

  it("replaces an unknown screen and drops a blank or non-text notice", () => {
    expect(parseStart('{"screen":"billing","notice":"  "}')).toEqual(DEFAULT_START);
    expect(parseStart('{"screen":"help","notice":7}')).toEqual({ screen: "help", notice: null });
  });
});
