// The registry of the add-on's own sheets: which names are the add-on's, which are hidden, what each says.
import { describe, expect, it } from "vitest";
import {
  addonSheet,
  CHANGES_SHEET,
  copySheetName,
  JOBS_SHEET,
  journalSheetName,
  LOG_SHEET,
  MATCH_SHEET,
  PRINTS_SHEET,
  RECORD_SHEET,
  SHELF_SHEET,
} from "../../../src/core/addon-sheets/registry.ts";

describe("the add-on sheets' registry", () => {
  it("knows each of its sheets, hides all but the two a person reads, and gives each hidden one its own warning", () => {
    const names = [
      JOBS_SHEET,
      PRINTS_SHEET,
      MATCH_SHEET,
      RECORD_SHEET,
      SHELF_SHEET,
      journalSheetName("j1"),
      copySheetName("Leads"),
    ];
    const known = names.map((name) => addonSheet(name));
    expect(known.map((sheet) => [sheet?.kind, sheet?.hidden])).toEqual([
      ["jobs", true],
      ["prints", true],
      ["matches", true],
      ["purchases", true],
      ["shelf", true],
      ["journal", true],
      ["copy", true],
    ]);
    expect(new Set(known.map((sheet) => sheet?.purpose)).size).toBe(names.length);
    expect(addonSheet(JOBS_SHEET)?.purpose).toBe(
      "Kept by Enrichment for Sheets: this spreadsheet's background runs and refresh rules. Editing it can make the add-on buy again what was bought, or lose track of work.",
    );
    expect(
      [addonSheet(LOG_SHEET), addonSheet(CHANGES_SHEET)].map((sheet) => [sheet?.kind, sheet?.hidden]),
    ).toEqual([
      ["log", false],
      ["changes", false],
    ]);
  });

  it("leaves a person's sheets alone, including one named like a prototype's property", () => {
    expect(addonSheet("Sheet1")).toBeNull();
    expect(addonSheet("constructor")).toBeNull();
    expect(addonSheet("Enrichment")).toBeNull();
  });

  it("cuts a long sheet's copy name where Sheets cuts a name, at 100 characters", () => {
    const name = copySheetName("x".repeat(120));
    expect(name).toHaveLength(100);
    expect(addonSheet(name)?.kind).toBe("copy");
  });
});
