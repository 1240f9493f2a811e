// HtmlService: outputs, files beside the bundle, templates with include(), and shown sidebars.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compileTemplate } from "../../../harness/fakes/html-template.ts";
import { FIXTURE, fixtureHarness, probe, thrown } from "./support.ts";

// HtmlService reads files beside the bundle; the linter cannot parse template HTML, so these are written
// next to a copy of the fixture bundle in a fresh temporary folder.
const dir = mkdtempSync(join(tmpdir(), "harness-html-"));
const bundlePath = join(dir, "Code.js");
copyFileSync(FIXTURE, bundlePath);
writeFileSync(join(dir, "Styles.html"), "<style>p{}</style>");
writeFileSync(
  join(dir, "Sidebar.html"),
  "<?!= include('Styles') ?>\n<p>Hello <?= user ?></p>\n<? for (var i = 0; i < items.length; i++) { ?><li><?= items[i] ?></li><? } ?>\n",
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("HtmlService", () => {
  it("builds an output and records it when a sidebar shows it", async () => {
    const gas = await fixtureHarness();
    probe(
      gas,
      `SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutput("<b>hi</b>").setTitle("Enrichment").setWidth(300).append("!")); 0`,
    );
    expect(gas.ui.sidebar).toMatchObject({
      kind: "sidebar",
      title: "Enrichment",
      html: { content: "<b>hi</b>!", width: 300 },
    });
  });

  it("evaluates a template with include(), escaped and raw printing, and template variables", async () => {
    const gas = await fixtureHarness({ bundlePath });
    const html = probe(
      gas,
      `globalThis.include = function (name) { return HtmlService.createHtmlOutputFromFile(name).getContent(); };
       var t = HtmlService.createTemplateFromFile("Sidebar");
       t.user = "<Ann>";
       t.items = ["a", "b"];
       t.evaluate().getContent()`,
    );
    expect(html).toBe("<style>p{}</style>\n<p>Hello &lt;Ann&gt;</p>\n<li>a</li><li>b</li>\n");
  });

  it("reports a missing file with Apps Script's message", async () => {
    const gas = await fixtureHarness({ bundlePath });
    expect(thrown(() => probe(gas, `HtmlService.createHtmlOutputFromFile("Nope")`))).toBe(
      "No HTML file named Nope was found.",
    );
  });

  it("refuses to show something that is not an HtmlOutput", async () => {
    const gas = await fixtureHarness();
    expect(thrown(() => probe(gas, `SpreadsheetApp.getUi().showSidebar("<p>raw</p>")`))).toBe(
      "The parameters (String) don't match the method signature for Ui.showSidebar.",
    );
  });

  it("reports an unterminated scriptlet", () => {
    expect(compileTemplate("<p><?= name </p>")).toEqual({
      ok: false,
      error: "Unterminated scriptlet: a <? has no closing ?>.",
    });
  });
});
