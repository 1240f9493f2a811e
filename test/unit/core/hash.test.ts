// Tests for FNV-1a and the UTF-8 helpers, checked against published vectors and Node's own encoder.
import { describe, expect, it } from "vitest";
import { fnv1a32 } from "../../../src/core/text/hash.ts";
import { forEachUtf8Byte, utf8ByteLength } from "../../../src/core/text/utf8.ts";

const samples = [
  "",
  "a",
  "acme.com",
  "münchen.de",
  "例え.jp",
  "😀 emoji",
  "lone \ud800 high",
  "lone \udc00 low",
  "end\ud83d",
];

describe("fnv1a32", () => {
  it.each([
    ["", 0x811c9dc5],
    ["a", 0xe40c292c],
    ["foobar", 0xbf9cf968],
  ])("matches the published FNV-1a vector for %o", (text, hash) => {
    expect(fnv1a32(text)).toBe(hash);
  });

  it("hashes the UTF-8 bytes of non-ASCII text", () => {
    const bytes = [...Buffer.from("münchen.de", "utf8")];
    let expected = 0x811c9dc5;
    for (const byte of bytes) expected = Math.imul(expected ^ byte, 0x01000193) >>> 0;
    expect(fnv1a32("münchen.de")).toBe(expected);
  });

  it("spreads similar keys over many buckets", () => {
    const buckets = new Set(Array.from({ length: 1_000 }, (_, i) => fnv1a32(`url:org${i}.com`) % 400));
    expect(buckets.size).toBeGreaterThan(300);
  });
});

describe("UTF-8 helpers", () => {
  it.each(samples)("agree with Node's encoder on %o", (text) => {
    const bytes: number[] = [];
    forEachUtf8Byte(text, (byte) => bytes.push(byte));
    expect(bytes).toEqual([...Buffer.from(text, "utf8")]);
    expect(utf8ByteLength(text)).toBe(Buffer.byteLength(text, "utf8"));
  });
});
