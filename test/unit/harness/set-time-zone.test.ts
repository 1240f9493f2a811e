// gas.setTimeZone: File ▸ Settings ▸ Time zone, read by getSpreadsheetTimeZone and display values at once.
import { describe, expect, it } from "vitest";
import { fixtureHarness, probe, thrown } from "./support.ts";

const BASE = "http://backend.test";

describe("gas.setTimeZone", () => {
  it("changes the spreadsheet's zone for scripts (even mid-execution) and display values, not the script's", async () => {
    let change: () => void = () => {};
    const gas = await fixtureHarness({
      timeZone: "Etc/UTC",
      emulator: {
        baseUrl: BASE,
        handle: () => {
          change();
          return { status: 200, headers: {}, body: "ok" };
        },
      },
    });
    gas.sheet().set("A1", [[new Date(Date.UTC(2026, 0, 5, 23, 30))]]);
    expect(gas.cell("A1").display).toBe("1/5/2026 23:30:00");
    change = () => gas.setTimeZone("Asia/Tokyo");
    const seen = probe(
      gas,
      `var b = SpreadsheetApp.getActive(); var before = b.getSpreadsheetTimeZone();
       UrlFetchApp.fetch("${BASE}/settings");
       [before, b.getSpreadsheetTimeZone(), b.getRange("A1").getDisplayValue(), Session.getScriptTimeZone()]`,
    );
    expect(seen).toEqual(["Etc/UTC", "Asia/Tokyo", "1/6/2026 8:30:00", "Etc/UTC"]);
    gas.setTimeZone("GMT-2");
    expect(gas.cell("A1").display).toBe("1/5/2026 21:30:00");
  });

  it("refuses a zone Sheets does not know", async () => {
    const gas = await fixtureHarness();
    expect(thrown(() => gas.setTimeZone("Mars/Olympus"))).toBe(
      'gas.setTimeZone needs a time zone such as "America/New_York" or "GMT+2"; got "Mars/Olympus".',
    );
  });
});
