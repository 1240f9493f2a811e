// Rich Text values in the harness, as Google documents them: a builder with setText and setLinkUrl over
// 0-based [start, end) offsets, a value with its text, links and runs, and a Range that writes it as text.
import { describe, expect, it } from "vitest";
import { fixtureHarness, probe } from "./support.ts";

const sheet = `SpreadsheetApp.getActiveSpreadsheet().getSheetByName("Data")`;
const build = (text: string, links: string) =>
  `SpreadsheetApp.newRichTextValue().setText(${JSON.stringify(text)})${links}.build()`;

describe("Rich Text values", () => {
  it("writes text with links, never read as a formula or number, and reads them back as runs", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "Data", values: [["x"]] }] });
    const value = build("=see Acme and 00123", `.setLinkUrl(5, 9, "https://acme.com/")`);
    probe(gas, `(${sheet}.getRange("A1").setRichTextValue(${value}), null)`);
    expect(gas.sheet("Data").cell("A1")).toMatchObject({
      value: "=see Acme and 00123",
      formula: "",
      links: [{ start: 5, end: 9, url: "https://acme.com/" }],
    });
    expect(
      probe(
        gas,
        `${sheet}.getRange("A1").getRichTextValue().getRuns().map((r) => [r.getStartIndex(), r.getEndIndex(), r.getText(), r.getLinkUrl()])`,
      ),
    ).toEqual([
      [0, 5, "=see ", null],
      [5, 9, "Acme", "https://acme.com/"],
      [9, 19, " and 00123", null],
    ]);
    const read = `${sheet}.getRange("A1").getRichTextValue()`;
    expect(
      probe(
        gas,
        `[${read}.getText(), ${read}.getLinkUrl(), ${read}.getLinkUrl(5, 9), ${read}.getLinkUrl(4, 9)]`,
      ),
    ).toEqual(["=see Acme and 00123", null, "https://acme.com/", null]);
  });

  it("drops the links when the cell is written again, keeps the note, and answers null for a non-text cell", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "Data", values: [["x", 5]] }] });
    probe(
      gas,
      `(${sheet}.getRange("A1").setNote("kept").setRichTextValue(${build("ab", `.setLinkUrl("http://a.b")`)}), null)`,
    );
    expect(gas.sheet("Data").cell("A1")).toMatchObject({
      note: "kept",
      links: [{ start: 0, end: 2, url: "http://a.b" }],
    });
    probe(gas, `(${sheet}.getRange("A1").setValues([["plain"]]), null)`);
    expect(gas.sheet("Data").cell("A1").links).toBeUndefined();
    expect(gas.sheet("Data").cell("A1").note).toBe("kept");
    expect(probe(gas, `${sheet}.getRange("B1").getRichTextValue()`)).toBeNull();
    expect(
      probe(
        gas,
        `${sheet}.getRange("A1:B1").getRichTextValues().map((row) => row.map((v) => v && v.getText()))`,
      ),
    ).toEqual([["plain", null]]);
  });

  it("clears links with setText and with a null URL, merges touching stretches, writes many at once", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "Data", values: [["x"]] }] });
    const many = `[[${build("one two", `.setLinkUrl(0, 3, "https://x/").setLinkUrl(3, 7, "https://x/").setLinkUrl(2, 4, null)`)}, SpreadsheetApp.newRichTextValue().setText("gone").setLinkUrl(0, 4, "https://y/").setText("new").build()]]`;
    probe(gas, `(${sheet}.getRange("A1:B1").setRichTextValues(${many}), null)`);
    expect(gas.sheet("Data").cell("A1").links).toEqual([
      { start: 0, end: 2, url: "https://x/" },
      { start: 4, end: 7, url: "https://x/" },
    ]);
    expect(gas.sheet("Data").cell("B1")).toMatchObject({ value: "new" });
    expect(gas.sheet("Data").cell("B1").links).toBeUndefined();
  });

  it("refuses offsets outside the text, and what is not a Rich Text value", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "Data", values: [["x"]] }] });
    expect(() => probe(gas, build("abc", `.setLinkUrl(2, 4, "https://x/")`))).toThrow(
      "Invalid argument: the offsets 2 to 4 are outside the text of 3 characters.",
    );
    expect(() => probe(gas, build("abc", `.setLinkUrl(2, 2, "https://x/")`))).toThrow(
      "Invalid argument: the offsets 2 to 2 are outside the text of 3 characters.",
    );
    expect(() => probe(gas, `${sheet}.getRange("A1").setRichTextValue("text")`)).toThrow(
      "The parameters (String) don't match the method signature for SpreadsheetApp.Range.setRichTextValue.",
    );
  });
});
