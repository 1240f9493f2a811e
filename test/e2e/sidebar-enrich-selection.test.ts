// "Use selection" through the built bundle: the selected column described as the Enrich tab shows it,
// its header found and skipped, and every selection it cannot use refused with the sentence it shows.
import { describe, expect, it } from "vitest";
import { SELECTION_MESSAGES } from "../../src/server/enrich/selection.ts";
import { addonWorld } from "../support/addon-world.ts";
import { domains, failure, jobsWorld, run } from "./bulk-world.ts";

interface Selection {
  kind: string;
  sheetName: string;
  range: string;
  dataRange: string;
  header: string | null;
  rows: number;
  unique: number;
  blank: number;
  invalid: number;
  duplicates: number;
  nextColumn: string;
  summary: string;
  openRange: string;
  openSummary: string;
  wholeColumn: boolean;
}

describe("describeSelection", () => {
  it("skips a header row and counts rows, unique organizations and blanks", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    const known = domains(emulator, 4);
    gas
      .sheet("Sheet1")
      .set("A1", [
        ["Website"],
        [known[0]],
        [known[1]],
        [""],
        [known[0]!.toUpperCase()],
        [`https://www.${known[2]}/about`],
        [known[3]],
      ]);
    gas.select("A1:A7");
    expect(run<Selection>(gas, "describeSelection")).toEqual({
      kind: "organizations",
      sheetName: "Sheet1",
      range: "A1:A7",
      dataRange: "A2:A7",
      header: "Website",
      rows: 6,
      unique: 4,
      blank: 1,
      invalid: 0,
      duplicates: 1,
      nextColumn: "B",
      summary: "A2:A7 · 6 rows · 4 unique · 1 blank",
      openRange: "A1:A",
      openSummary: "A2:A (new rows included) · 6 rows now · 4 unique · 1 blank",
      wholeColumn: false,
    });
    expect(gas.fetches).toHaveLength(0);
  });

  it("reads a whole-column selection down to the last filled row only", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    gas.sheet("Sheet1").set(
      "B1",
      domains(emulator, 50).map((d) => [d]),
    );
    gas.select("B:B");
    const selection = run<Selection>(gas, "describeSelection");
    expect(selection).toMatchObject({
      range: "B1:B50",
      dataRange: "B1:B50",
      header: null,
      rows: 50,
      openRange: "B1:B",
      wholeColumn: true,
    });
    expect(selection.summary).toBe("B1:B50 · 50 rows · 50 unique");
  });

  it("counts cells that cannot be organizations as unreadable", async () => {
    const { gas, emulator } = await jobsWorld({ orgs: 300 });
    gas.sheet("Sheet1").set("A1", [[domains(emulator, 1)[0]], [true], ["#N/A"]]);
    gas.select("A1:A3");
    expect(run<Selection>(gas, "describeSelection").summary).toBe("A1:A3 · 3 rows · 1 unique · 2 unreadable");
  });

  it("describes a column of job titles, with its header, when asked for titles", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    gas.sheet("Sheet1").set("C1", [["Job title"], ["VP of Sales"], ["vp of sales"], ["Data Engineer"]]);
    gas.select("C1:C4");
    expect(run<Selection>(gas, "describeSelection", "titles")).toMatchObject({
      kind: "titles",
      header: "Job title",
      dataRange: "C2:C4",
      unique: 2,
      duplicates: 1,
      summary: "C2:C4 · 3 rows · 2 unique",
    });
  });

  it("refuses an empty selection with the sentence the sidebar shows", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    gas.select("D2:D9");
    expect(failure(gas, "describeSelection")).toBe(SELECTION_MESSAGES.empty("Sheet1!D2:D9"));
    expect(SELECTION_MESSAGES.empty("Sheet1!D2:D9")).toBe(
      "The selected cells (Sheet1!D2:D9) are empty. Select the cells that hold your identifiers, then press Use selection again.",
    );
  });

  it("refuses the lone cursor on an empty sheet", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    expect(failure(gas, "describeSelection")).toBe(SELECTION_MESSAGES.empty("Sheet1!A1"));
  });

  it("refuses a selection of several columns", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    gas.sheet("Sheet1").set("A1", [["acme.com", "x", "y"]]);
    gas.select("A1:C20");
    expect(failure(gas, "describeSelection")).toBe(
      "The selection Sheet1!A1:C20 spans 3 columns. Select one column, for example A2:A501.",
    );
  });

  it("quotes a sheet name with spaces in its messages", async () => {
    const { gas } = await addonWorld({
      emulator: { orgs: 300 },
      harness: { sheets: [{ name: "My accounts", values: [["acme.com", "x"]] }] },
    });
    gas.select("'My accounts'!A1:B2");
    expect(failure(gas, "describeSelection")).toBe(
      "The selection 'My accounts'!A1:B2 spans 2 columns. Select one column, for example A2:A501.",
    );
  });

  it("refuses an unknown kind of column", async () => {
    const { gas } = await jobsWorld({ orgs: 300 });
    expect(failure(gas, "describeSelection", "contacts")).toBe(
      'Unknown selection kind "contacts". Use one of: organizations, titles.',
    );
  });
});
