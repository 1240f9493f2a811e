// Utilities: sleep on the clock, seeded UUIDs, signed-byte digests, base64, formatDate, blobs.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createUtilities } from "../../../harness/fakes/utilities.ts";
import { GAS } from "../../../harness/index.ts";
import { seededRandom } from "../../../harness/random.ts";
import { bareExecution, fixtureHarness, START, thrown } from "./support.ts";

function setup(seed = 1) {
  const exec = bareExecution();
  return { exec, utilities: createUtilities(exec, { random: seededRandom(seed) }) };
}

describe("Utilities", () => {
  it("sleeps on the execution's clock, not the wall clock", () => {
    const { exec, utilities } = setup();
    utilities.sleep(90_000);
    expect(exec.cursor).toBe(START + 90_000);
  });

  it("refuses a sleep outside 0 to 300,000 ms", () => {
    const { utilities } = setup();
    expect(thrown(() => utilities.sleep(300_001))).toBe(
      "Invalid argument: milliseconds. Utilities.sleep accepts 0 to 300000.",
    );
    expect(thrown(() => utilities.sleep(-1))).toBe(GAS.sleepRange);
  });

  it("ends the execution when a sleep crosses its budget", () => {
    const { exec, utilities } = setup();
    utilities.sleep(300_000);
    expect(thrown(() => utilities.sleep(61_000))).toBe("Exceeded maximum execution time");
    expect(exec.cursor).toBe(START + 360_000);
    expect(thrown(() => utilities.getUuid())).toBe("Exceeded maximum execution time");
  });

  it("draws version-4 UUIDs that repeat for the same seed", () => {
    const first = setup(7).utilities;
    const again = setup(7).utilities;
    const other = setup(8).utilities;
    const uuid = first.getUuid();
    expect(uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(again.getUuid()).toBe(uuid);
    expect(other.getUuid()).not.toBe(uuid);
  });

  it("computes digests as Apps Script's signed byte arrays", () => {
    const { utilities } = setup();
    const bytes = utilities.computeDigest(utilities.DigestAlgorithm.SHA_256, "abc");
    const expected = Array.from(createHash("sha256").update("abc").digest(), (b) => (b > 127 ? b - 256 : b));
    expect(bytes).toEqual(expected);
    expect(bytes[0]).toBe(-70); // 0xba
    expect(utilities.computeDigest(utilities.DigestAlgorithm.MD5, "abc")).toHaveLength(16);
    expect(thrown(() => utilities.computeDigest(utilities.DigestAlgorithm.MD2, "abc"))).toBe(
      "Invalid argument: algorithm",
    );
  });

  it("signs with HMAC-SHA256", () => {
    const { utilities } = setup();
    const mac = utilities.computeHmacSha256Signature("message", "key");
    expect(Buffer.from(mac.map((b: number) => b & 255)).toString("hex")).toBe(
      "6e9ef29b75fffc5b7abae527d58fdadb2fe42e7219011976917343065f58ed4a",
    );
  });

  it("encodes base64, web-safe with padding kept, and decodes back to signed bytes", () => {
    const { utilities } = setup();
    expect(utilities.base64Encode("hi?>")).toBe("aGk/Pg==");
    expect(utilities.base64EncodeWebSafe("hi?>")).toBe("aGk_Pg==");
    expect(utilities.base64Decode("aGk/Pg==")).toEqual([104, 105, 63, 62]);
    expect(utilities.base64DecodeWebSafe("aGk_Pg==")).toEqual([104, 105, 63, 62]);
    expect(utilities.base64Encode([-1, 0, 1])).toBe("/wAB");
    expect(thrown(() => utilities.base64Decode("not base64!"))).toBe("Could not decode string.");
  });

  it("formats dates in a time zone with SimpleDateFormat patterns", () => {
    const { utilities } = setup();
    const date = new Date(Date.UTC(2026, 6, 4, 17, 5, 9, 42));
    expect(utilities.formatDate(date, "Etc/UTC", "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'")).toBe(
      "2026-07-04T17:05:09.042Z",
    );
    expect(utilities.formatDate(date, "America/New_York", "yyyy-MM-dd HH:mm XXX")).toBe(
      "2026-07-04 13:05 -04:00",
    );
    expect(utilities.formatDate(date, "GMT+05:30", "d MMM yy, h:mm a Z")).toBe("4 Jul 26, 10:35 PM +0530");
    expect(utilities.formatDate(date, "Asia/Tokyo", "EEEE 'at' H 'o''clock'")).toBe("Sunday at 2 o'clock");
  });

  it("refuses a formatDate pattern letter it does not know, and arguments of the wrong types", () => {
    const { utilities } = setup();
    expect(thrown(() => utilities.formatDate(new Date(0), "Etc/UTC", "yyyy q"))).toBe(
      'Utilities.formatDate: the harness does not support the pattern letter "q".',
    );
    expect(thrown(() => utilities.formatDate("2026-01-01" as unknown as Date, "Etc/UTC", "yyyy"))).toBe(
      "The parameters (String,String,String) don't match the method signature for Utilities.formatDate.",
    );
  });

  it("makes blobs that read back as text and bytes", () => {
    const { utilities } = setup();
    const blob = utilities.newBlob("héllo", "text/plain", "greeting.txt");
    expect([blob.getDataAsString(), blob.getContentType(), blob.getName(), blob.getBytes().length]).toEqual([
      "héllo",
      "text/plain",
      "greeting.txt",
      6,
    ]);
    expect(utilities.base64Encode(blob)).toBe(Buffer.from("héllo").toString("base64"));
  });

  it("gives the bundle byte arrays that are arrays of its own realm", async () => {
    const gas = await fixtureHarness();
    expect(
      gas.run("probe", "Utilities.computeDigest(Utilities.DigestAlgorithm.MD5, 'x') instanceof Array"),
    ).toBe(true);
  });
});
