// The sidebar builds into one self-contained HTML file that HtmlService can serve as it is.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSidebar, renderSidebarHtml } from "../../../scripts/build-sidebar.ts";
import { PRODUCT_NAME, renderStart, SIDEBAR_FILE } from "../../../src/server/sidebar/contract.ts";

describe("buildSidebar", () => {
  let dir: string;
  let html: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "sidebar-build-"));
    await buildSidebar(dir);
    html = readFileSync(join(dir, `${SIDEBAR_FILE}.html`), "utf8");
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("writes one file, named as the server opens it", () => {
    expect(readdirSync(dir)).toEqual([`${SIDEBAR_FILE}.html`]);
  });

  it("inlines exactly one script and one style sheet and loads nothing from elsewhere", () => {
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    expect(html.match(/<style>/g)).toHaveLength(1);
    expect(html).not.toMatch(/<script[^>]+src=|<link|<img|@import|url\(/i);
  });

  it("has the product name as its title and the element the app renders into", () => {
    expect(html).toContain(`<title>${PRODUCT_NAME}</title>`);
    expect(html).toContain('<div id="app"></div>');
  });

  it("ends inside the body, so the start element the server appends lands in the document", () => {
    expect(html).not.toMatch(/<\/body>|<\/html>/);
    const served = html + renderStart({ screen: "settings", notice: null });
    expect(served.indexOf('id="sidebar-start"')).toBeGreaterThan(served.indexOf("</script>"));
  });
});

describe("renderSidebarHtml", () => {
  it("keeps inlined code from closing its own element", () => {
    const page = renderSidebarHtml({
      script: 'const s = "</script><b>";',
      styles: 'a::after{content:"</style>"}',
    });
    expect(page.match(/<\/script>/g)).toHaveLength(1);
    expect(page.match(/<\/style>/g)).toHaveLength(1);
    expect(page).toContain('const s = "<\\/script><b>";');
  });
});
