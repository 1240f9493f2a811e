// Key masking: enough to tell keys apart, never enough to use one.
import { describe, expect, it } from "vitest";
import { maskKey } from "../../../src/core/settings";

describe("maskKey", () => {
  it("shows the last 4 characters of a key of 12 or more, and nothing else", () => {
    expect(maskKey("sk_live_0123456789abcdef")).toBe("…cdef");
    expect(maskKey("abcdefghijkl")).toBe("…ijkl");
  });

  it("shows nothing of a key shorter than 12, not even its length", () => {
    for (const key of ["", "a", "short", "abcdefghijk"]) expect(maskKey(key)).toBe("••••••••");
  });

  it("never shows more than 4 characters of any key", () => {
    for (let length = 0; length < 64; length++) {
      const key = "k".repeat(length);
      expect(maskKey(key).replace(/[…•]/g, "").length).toBeLessThanOrEqual(4);
    }
  });
});
