// gas.copySpreadsheet: File ▸ Make a copy, with what travels to the copy and what stays behind.
import { describe, expect, it } from "vitest";
import { HarnessUsageError } from "../../../harness/index.ts";
import { fixtureHarness, probe, thrown } from "./support.ts";

const sheets = [
  { name: "Data", values: [["Domain"], ["acme.com"], [4]] },
  { name: "Secret", hidden: true, values: [["hidden"]] },
];

describe("gas.copySpreadsheet", () => {
  it("copies every sheet, its cells and settings, and the add-on's document properties", async () => {
    const gas = await fixtureHarness({ sheets, spreadsheetName: "Leads", timeZone: "Europe/Paris" });
    gas.formula("Data!B3", "=DOUBLE(A3)");
    gas.sheet("Data").setNote("A2", "checked");
    probe(
      gas,
      `var s = SpreadsheetApp.getActiveSpreadsheet().getSheetByName("Data");
       s.getRange("A3").setNumberFormat("0.00"); s.setFrozenRows(1);
       s.protect().setWarningOnly(true).setDescription("keep");
       PropertiesService.getDocumentProperties().setProperty("journal", "j1");
       CacheService.getDocumentCache().put("hot", "1", 600);
       LockService.getDocumentLock().tryLock(1000);
       ScriptApp.newTrigger("tick").timeBased().everyHours(1).create(); true`,
    );
    const original = gas.spreadsheetId;
    const ids = probe(
      gas,
      `SpreadsheetApp.getActive().getSheets().map(function (s) { return s.getSheetId(); })`,
    );

    const copy = gas.copySpreadsheet();

    expect(copy).not.toBe(original);
    expect(copy).toHaveLength(44);
    gas.useSpreadsheet(copy);
    expect(
      probe(
        gas,
        `var b = SpreadsheetApp.getActiveSpreadsheet();
         [b.getName(), b.getOwner().getEmail(), b.getSpreadsheetTimeZone(), b.getSpreadsheetLocale(),
          b.getSheets().map(function (s) { return [s.getName(), s.isSheetHidden(), s.getSheetId(), s.getFrozenRows()]; })]`,
      ),
    ).toEqual([
      "Copy of Leads",
      "user@example.com",
      "Europe/Paris",
      "en_US",
      [
        ["Data", false, (ids as number[])[0], 1],
        ["Secret", true, (ids as number[])[1], 0],
      ],
    ]);
    expect(gas.sheet("Data").cell("B3")).toMatchObject({ value: 8, formula: "=DOUBLE(A3)" });
    expect(gas.sheet("Data").cell("A3")).toMatchObject({ value: 4, format: "0.00" });
    expect(gas.sheet("Data").cell("A2").note).toBe("checked");
    expect(gas.sheet("Data").protection).toEqual({ warningOnly: true, description: "keep" });
    expect(gas.sheet("Secret").values()).toEqual([["hidden"]]);
    expect(gas.properties.document(copy).snapshot()).toEqual({ journal: "j1" });
    // The document cache, lock holdings and triggers belong to the original's id.
    expect(gas.caches.document(copy).size(gas.clock.now())).toBe(0);
    expect(gas.caches.document(original).size(gas.clock.now())).toBe(1);
    expect(gas.triggers().map((t) => t.documentId)).toEqual([original]);
    expect(probe(gas, `LockService.getDocumentLock().tryLock(0)`)).toBe(true);
  });

  it("makes an independent file owned by the copier, which formulas in it recalculate", async () => {
    const gas = await fixtureHarness({ sheets, user: "owner@example.com" });
    gas.formula("Data!B3", "=DOUBLE(A3)");
    const original = gas.spreadsheetId;
    const copy = gas.copySpreadsheet(original, { name: "Mine", user: "guest@example.com" });
    gas.sheet("Data").set("A3", 10);
    expect(gas.cell("Data!B3").value).toBe(20);
    gas.useSpreadsheet(copy);
    expect(gas.cell("Data!B3").value).toBe(8);
    gas.sheet("Data").set("A3", 1);
    expect(gas.cell("Data!B3").value).toBe(2);
    expect(
      probe(gas, `[SpreadsheetApp.getActive().getName(), SpreadsheetApp.getActive().getOwner().getEmail()]`),
    ).toEqual(["Mine", "guest@example.com"]);
    gas.properties.document(copy).put({ only: "copy" });
    expect(gas.properties.document(original).snapshot()).toEqual({});
  });

  it("refuses an unknown spreadsheet, an empty name or a user without an address", async () => {
    const gas = await fixtureHarness({ sheets });
    expect(() => gas.copySpreadsheet("nope")).toThrow(HarnessUsageError);
    expect(thrown(() => gas.copySpreadsheet(undefined, { name: " " }))).toBe(
      'copySpreadsheet needs a non-empty name; got " ".',
    );
    expect(thrown(() => gas.copySpreadsheet(undefined, { user: "bob" }))).toBe(
      `copySpreadsheet needs the copier's e-mail as user; got "bob".`,
    );
  });
});
