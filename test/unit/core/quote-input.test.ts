// quoteInput: what an error message repeats of the user's input, for every kind of value.
import { describe, expect, it } from "vitest";
import { QUOTE_MAX_CHARS, quoteInput } from "../../../src/api/words/quote-input";

describe("quoteInput", () => {
  it.each([
    ["acme.com", '"acme.com"'],
    ["", '""'],
    ['=HYPERLINK("x")', '"=HYPERLINK(\\"x\\")"'],
    ["line\nbreak", '"line\\nbreak"'],
    [42, "42"],
    [Number.NaN, "NaN"],
    [Number.NEGATIVE_INFINITY, "-Infinity"],
    [true, "true"],
    [10n, "10"],
    ["y".repeat(60), `"${"y".repeat(60)}"`],
    [null, "null"],
    [undefined, "nothing"],
    [[], "an empty list"],
    [[1, 2, 3], "a list of 3"],
    [new Date(0), "a date"],
    [{ a: 1 }, "an object"],
    [() => 1, "a function"],
    [Symbol("s"), "a symbol"],
  ])("quotes %o as %s", (value, expected) => {
    expect(quoteInput(value)).toBe(expected);
  });

  it("never throws, even on an object without a prototype (String() does)", () => {
    const bare = Object.create(null) as object;
    expect(() => String(bare)).toThrow(/Cannot convert object to primitive value/);
    expect(quoteInput(bare)).toBe("an object");
  });

  it("cuts long text and says how long it was, counting characters not UTF-16 units", () => {
    const huge = "é".repeat(588_000);
    const quoted = quoteInput(huge);
    expect(quoted).toBe(`"${"é".repeat(QUOTE_MAX_CHARS)}"… (588,000 characters)`);
    expect(quoted.length).toBeLessThan(100);
    const emoji = "😀".repeat(QUOTE_MAX_CHARS + 1);
    expect(quoteInput(emoji)).toBe(`"${"😀".repeat(QUOTE_MAX_CHARS)}"… (${QUOTE_MAX_CHARS + 1} characters)`);
    // Under the limit in characters, over it in UTF-16 units: quoted whole.
    const short = "😀".repeat(QUOTE_MAX_CHARS - 20);
    expect(quoteInput(short)).toBe(`"${short}"`);
  });
});
