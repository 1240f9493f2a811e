// Issue 19, point 6 in Chromium: bulk columns from the Enrich tab get friendly headers with the API name
// in a note, the service's dates as real dates in one format, and identifiers Sheets would parse
// ("00123", "TRUE", "50%") kept as the text the service sent.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CellView } from "../../playground/protocol.ts";
import { sampleOrganizations } from "../../playground/server/sample-sheets.ts";
import {
  answerEnrich,
  cell,
  openMenuItem,
  openSidebarPage,
  type SidebarPage,
  selectRange,
} from "./support/sidebar-page.ts";

describe("headers and formats of bulk columns", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  });

  afterAll(async () => {
    await world?.close();
  });

  it("names columns for people, notes the API name, writes dates as dates and identifiers as text", async () => {
    const { page, sidebar, api } = world;
    const orgs = sampleOrganizations(world.playground.emulator!.state.dataset.orgs, 50).filter(
      (o) => o.funding,
    );
    const [a, b, c] = orgs as [(typeof orgs)[0], (typeof orgs)[0], (typeof orgs)[0]];
    // What the service may send as text that Sheets would otherwise read as a number, a boolean, a percentage.
    a.name = "00123";
    b.name = "TRUE";
    c.funding!.lastRoundType = "50%";
    await api.post("/api/cells", {
      sheet: "Companies",
      a1: "A1",
      values: [["Domain"], [a.domain], [b.domain], [c.domain]],
    });
    await cell(page, "A4").filter({ hasText: c.domain }).waitFor();
    await selectRange(page, "A1:A4");
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    for (const label of [/^Name/, /^HQ country/, /^Last round type/, /^Last round date/]) {
      await sidebar.getByRole("checkbox", { name: label }).check();
    }
    const enrich = sidebar.getByRole("button", { name: "Enrich 3 rows" });
    await expect.poll(() => enrich.isEnabled()).toBe(true);
    await enrich.click();
    await answerEnrich(sidebar);
    await sidebar.getByText("Enrichment finished").waitFor();

    const { sheet } = await api.state("Companies");
    const header = (label: string): CellView => {
      const found = sheet.cells.find((x) => x.row === 1 && x.display === label);
      if (!found)
        throw new Error(`no header "${label}" in ${JSON.stringify(sheet.cells.filter((x) => x.row === 1))}`);
      return found;
    };
    const column = (label: string) =>
      [2, 3, 4].map((row) => sheet.cells.find((x) => x.row === row && x.col === header(label).col));
    expect(header("HQ country").note).toBe("headquarters_country");
    // Round types are written in words; the note keeps the API name and how to read a value back.
    expect(header("Last round type").note).toBe(
      'funding_last_round_type\nValues in words; the API value is the words in lower case joined by "_" ("Series E" is series_e).',
    );
    expect(header("Last round date").note).toBe("funding_last_round_date");
    expect(header("Name").note).toBe("name");

    expect(column("Name").map((x) => [x?.kind, x?.display])).toEqual([
      ["text", "00123"],
      ["text", "TRUE"],
      ["text", c.name],
    ]);
    expect(column("Last round type")[2]).toMatchObject({ kind: "text", display: "50%" });
    for (const date of column("Last round date")) {
      expect(date).toMatchObject({ kind: "date", format: "yyyy-mm-dd" });
      expect(date?.display).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
