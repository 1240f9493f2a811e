// Issue 19, point 4 in Chromium: a bulk run from the Enrich tab over rows the service does not know and
// cells that are no identifier keeps its value column to values and blanks, and one "Status" column says
// why per row.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CellView } from "../../playground/protocol.ts";
import {
  answerEnrich,
  cell,
  knownDomains,
  openMenuItem,
  openSidebarPage,
  type SidebarPage,
  selectRange,
} from "./support/sidebar-page.ts";

describe("row errors of a bulk run", () => {
  let world: SidebarPage;

  beforeAll(async () => {
    world = await openSidebarPage();
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("writes values only into the value column and each row's reason into one Status column", async () => {
    const { page, sidebar, api } = world;
    const [first, second] = knownDomains(world, 2);
    await api.post("/api/cells", {
      sheet: "Companies",
      a1: "A1",
      values: [["Domain"], [first], ["no-such-company-4711.example"], ["-7"], [second]],
    });
    await cell(page, "A5").filter({ hasText: second! }).waitFor();
    await selectRange(page, "A1:A5");
    await openMenuItem(page, "Enrich selection…");
    await sidebar.getByRole("button", { name: "Use selection" }).click();
    await sidebar.getByRole("checkbox", { name: /^Employee count/ }).check();
    const enrich = sidebar.getByRole("button", { name: "Enrich 4 rows" });
    await expect.poll(() => enrich.isEnabled()).toBe(true);
    await enrich.click();
    await answerEnrich(sidebar);
    // A row failed (the unreadable -7): the panel counts it, and is not a green "Enrichment finished".
    await sidebar.getByText("Finished: 1 row not enriched").waitFor();
    expect(await sidebar.locator(".banner-success").count()).toBe(0);
    expect(await sidebar.getByText("Enrichment finished").count()).toBe(0);

    const state = await api.state("Companies");
    const at = (a1: string): CellView | undefined =>
      state.sheet.cells.find((c) => `${String.fromCharCode(64 + c.col)}${c.row}` === a1);
    // The value column: numbers where the service knows the organization, blanks elsewhere, no words.
    expect(at("B1")?.display).toBe("Employee count");
    expect(at("B2")?.kind).toBe("number");
    expect(at("B3")).toBeUndefined();
    expect(at("B4")).toBeUndefined();
    expect(at("B5")?.kind).toBe("number");
    // One Status column beside it says why, row by row.
    expect(at("C1")?.display).toBe("Status");
    expect(at("C2")?.display).toBe("Found");
    expect(at("C3")?.display).toBe("Not found");
    expect(at("C4")?.display).toBe(
      "Can't read: -7 is not an organization id (ids are positive whole numbers).",
    );
    expect(at("C5")?.display).toBe("Found");
    expect(state.sheet.cells.filter((c) => c.col > 3)).toEqual([]);
  });
});
