// Tests for the LZW packing of the durable level's buckets: exact output, round trips of any UTF-16 text,
// the code width growing at its boundaries, and damaged values read as nothing.
import { describe, expect, it } from "vitest";
import { packText, unpackText } from "../../../src/core/caches/packed-text.ts";

/** A deterministic text over `alphabet`, `length` code units long. */
function text(length: number, alphabet: string, seed = 7): string {
  let x = seed;
  let out = "";
  for (let i = 0; i < length; i++) {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    out += alphabet.charAt(x % alphabet.length);
  }
  return out;
}

describe("packText", () => {
  it("writes 6-bit characters: the end alone, and a first character as a literal", () => {
    // END (2) in 2 bits, padded: 100000.
    expect(packText("")).toBe("g");
    // BYTE (0) in 2 bits, "a" in 8, END in 3 (the reader counts one phrase ahead): 00 01100001 010.
    expect(packText("a")).toBe("GFA");
    // Two literals (the second in 3 bits), then the phrase "ab" (code 4) and END (4 bits).
    expect(packText("abab")).toBe("GEMUI");
    // A character past one byte is written in 16 bits after WIDE (1).
    expect(packText("\u0100")).toBe("QEAQ");
  });

  it("round-trips text of every kind: non-ASCII, surrogate pairs, lone surrogates, the code unit edges", () => {
    const samples = [
      "",
      "a",
      "aaaaaaaaaaaaaaaaaaaaa",
      "abababababababab",
      "héllo wörld, Zürich — São Paulo",
      "北京市 東京都 서울",
      "🙂🙂 👩‍💻",
      "\ud800 lone high, lone low \udc00",
      "\u0000\u00ff\u0100\uffff\u007f\u0080",
      '{"v":2,"g":1795424400020,"f":["a:industry"],"t":[[1798016400020]],"s":{"org":{"url:a.com":[[0,0,"x"]]}}}',
    ];
    for (const sample of samples) {
      const packed = packText(sample);
      expect(packed).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(unpackText(packed)).toBe(sample);
    }
  });

  it("round-trips every length across the code width's growth (2 to 16 bits)", () => {
    const long = text(70_000, "abcdefghijklmnop");
    for (const n of [1, 2, 3, 4, 5, 6, 7, 8, 9, 15, 16, 17, 31, 32, 33, 127, 128, 129, 255, 256, 257]) {
      expect(unpackText(packText(long.slice(0, n)))).toBe(long.slice(0, n));
    }
    // 70,000 units of 16 letters fill the dictionary past 2^14 phrases.
    expect(unpackText(packText(long))).toBe(long);
    const wide = text(5_000, "aé中🙂\ud800b");
    expect(unpackText(packText(wide))).toBe(wide);
  });

  it("packs repeated text to a fraction of its bytes", () => {
    const row =
      '"url:example-%.com":[[0,0,"Professional, Scientific, and Technical Services",1,"US",6,"active"]],';
    const json = Array.from({ length: 100 }, (_, i) => row.replace("%", String(i))).join("");
    expect(packText(json).length).toBeLessThan(json.length / 4);
  });
});

describe("unpackText", () => {
  it("reads a damaged or foreign value as nothing", () => {
    const packed = packText("organizations and their fields");
    expect(unpackText(packed)).toBe("organizations and their fields");
    // Cut short: no end code.
    expect(unpackText(packed.slice(0, -2))).toBeNull();
    expect(unpackText("")).toBeNull();
    // A character outside the alphabet.
    expect(unpackText(`${packed.slice(0, 3)}~${packed.slice(4)}`)).toBeNull();
    expect(unpackText('{"v":2}')).toBeNull();
    // First code 3: a phrase the dictionary does not have yet.
    expect(unpackText("w")).toBeNull();
    // A literal cut inside its 8 bits.
    expect(unpackText("A")).toBeNull();
    // The same, its bits left over reading as END (000100: BYTE, then 010): still nothing, never "\0".
    expect(unpackText("E")).toBeNull();
    // A wide literal cut inside its 16 bits.
    expect(unpackText("QB")).toBeNull();
  });
});
