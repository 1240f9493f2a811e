// A formula's dates are real dates, as the sidebar's writes are (issue 29 point 5): ORG_ATTR returns a Date
// at midnight of the service's day in the spreadsheet's time zone, never the ISO text.
import { describe, expect, it } from "vitest";
import { isoDate } from "../../emulator/dates.ts";
import { isDate } from "../../harness/realm.ts";
import { addonWorld } from "../support/addon-world.ts";

/** The calendar day of `date` in `timeZone`, as yyyy-mm-dd. */
function dayIn(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
}

describe("a date attribute in a formula", () => {
  it("comes back as a Date on the service's day in the spreadsheet's zone, in a cell and a range alike", async () => {
    const timeZone = "America/Los_Angeles";
    const w = await addonWorld({ harness: { timeZone } });
    const orgs = w.state.dataset.orgs.filter((o) => o.funding).slice(0, 3);
    w.gas.sheet().set(
      "A2",
      orgs.map((o) => [o.domain]),
    );
    const single = w.gas.formula("B2", '=ORG_ATTR(A2, "funding_last_round_date")');
    const range = w.gas.formula("C2", '=ORG_ATTR(A2:A4, "name,funding_last_round_date")');
    expect(single.error).toBeNull();
    expect(range.error).toBeNull();
    // The service's own day for each, as its API writes it.
    const expected = orgs.map((o) => isoDate(o.funding!.lastRoundDay));
    expect(isDate(single.value)).toBe(true);
    expect(dayIn(single.value as Date, timeZone)).toBe(expected[0]);
    // Midnight there, so Sheets shows the day and nothing else.
    expect(
      new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit" }).format(
        single.value as Date,
      ),
    ).toBe("00:00");
    expect(range.values.map((row) => row[0])).toEqual(orgs.map((o) => o.name));
    expect(range.values.every((row) => isDate(row[1]))).toBe(true);
    expect(range.values.map((row) => dayIn(row[1] as Date, timeZone))).toEqual(expected);
    // Answered from the cache on a recalculation: a Date still.
    w.gas.recalculate();
    expect(isDate(w.gas.cell("B2").value)).toBe(true);
    expect(dayIn(w.gas.cell("B2").value as Date, timeZone)).toBe(expected[0]);
  });
});
