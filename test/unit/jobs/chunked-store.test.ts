// The chunked store: values under 9 KB, records whole, crash-safe writes, the 500 KB store respected.
import { describe, expect, it } from "vitest";
import { ChunkedStore, StoreFullError, splitUtf8 } from "../../../src/core/jobs/chunked-store.ts";
import { MemoryProperties } from "./fakes.ts";

function bigRecord(kb: number) {
  return { id: "x", rows: Array.from({ length: kb * 10 }, (_v, i) => `row ${i} ${"é".repeat(40)} 🚀`) };
}

describe("splitUtf8", () => {
  it("keeps every piece within the byte budget and never splits a surrogate pair", () => {
    const text = "a🚀é".repeat(1000);
    const parts = splitUtf8(text, 50);
    expect(parts.join("")).toBe(text);
    for (const part of parts) {
      expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(50);
      expect(part).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
    }
  });

  it("returns one empty piece for empty text", () => {
    expect(splitUtf8("", 10)).toEqual([""]);
  });
});

describe("ChunkedStore", () => {
  it("stores a small record in one value", () => {
    const props = new MemoryProperties();
    const store = new ChunkedStore({ store: props });
    store.write("job:a", { n: 1 });
    expect([...props.values.keys()]).toEqual(["job:a"]);
    expect(store.read("job:a")).toEqual({ n: 1 });
  });

  it("splits a 100 KB record into values under 9 KB and reads it back whole", () => {
    const props = new MemoryProperties();
    const store = new ChunkedStore({ store: props });
    const record = bigRecord(100);
    store.write("job:big", record);
    expect(props.values.size).toBeGreaterThan(12);
    expect(props.largestValue()).toBeLessThanOrEqual(9 * 1024);
    expect(store.read("job:big")).toEqual(record);
  });

  it("replaces a chunked record without leaving the old parts behind", () => {
    const props = new MemoryProperties();
    const store = new ChunkedStore({ store: props });
    store.write("job:big", bigRecord(60));
    store.write("job:big", bigRecord(30));
    expect(store.read("job:big")).toEqual(bigRecord(30));
    const parts = [...props.values.keys()].filter((k) => k.startsWith("job:big#"));
    expect(parts.every((k) => k.startsWith("job:big#2."))).toBe(true);
    store.write("job:big", { small: true });
    expect([...props.values.keys()]).toEqual(["job:big"]);
  });

  it("keeps the previous version readable when a write fails part-way", () => {
    const props = new MemoryProperties();
    const store = new ChunkedStore({ store: props });
    store.write("job:big", bigRecord(40));
    props.failPuts = 0;
    const before = props.values.size;
    // The third part of the new generation fails, as a service error would.
    const original = props.put.bind(props);
    let calls = 0;
    props.put = (key: string, value: string) => {
      if (++calls === 3) throw new Error("Service error: Properties");
      original(key, value);
    };
    expect(() => store.write("job:big", bigRecord(50))).toThrow("Service error: Properties");
    expect(store.read("job:big")).toEqual(bigRecord(40));
    expect(props.values.size).toBe(before);
  });

  it("refuses a record that would pass the 500 KB store limit, names the sizes and writes nothing", () => {
    const props = new MemoryProperties();
    const store = new ChunkedStore({ store: props });
    store.write("job:a", bigRecord(300));
    const snapshot = new Map(props.values);
    expect(() => store.write("job:b", bigRecord(250))).toThrow(StoreFullError);
    expect(() => store.write("job:b", bigRecord(250))).toThrow(
      /^This spreadsheet has no room left to keep background work \(it would need \d+ KB of the 500 KB Apps Script allows per document\)\. Delete finished jobs or refresh rules, then try again\.$/,
    );
    expect(props.values).toEqual(snapshot);
  });

  it("counts the old version while a replacement is written, as the store does", () => {
    const props = new MemoryProperties();
    const store = new ChunkedStore({ store: props });
    store.write("job:a", bigRecord(300));
    // Old (≈300 KB) and new (≈250 KB) parts coexist until the manifest switches, which the store cannot hold.
    expect(() => store.write("job:a", bigRecord(250))).toThrow(StoreFullError);
    expect(store.read("job:a")).toEqual(bigRecord(300));
  });

  it("reads every record under a prefix from one snapshot, skipping parts and other prefixes", () => {
    const props = new MemoryProperties();
    const store = new ChunkedStore({ store: props });
    store.write("job:b", bigRecord(20));
    store.write("job:a", { a: 1 });
    store.write("rule:x", { r: 1 });
    props.reads = 0;
    const records = store.readAll<unknown>("job:");
    expect(records.map((r) => r.key)).toEqual(["job:a", "job:b"]);
    expect(records[1]?.value).toEqual(bigRecord(20));
    expect(props.reads).toBe(1);
  });

  it("reads a record with a missing part, or unreadable text, as absent", () => {
    const props = new MemoryProperties();
    const store = new ChunkedStore({ store: props });
    store.write("job:big", bigRecord(30));
    props.values.delete("job:big#1.1");
    expect(store.read("job:big")).toBeNull();
    props.values.set("job:bad", "=not json");
    expect(store.read("job:bad")).toBeNull();
    props.values.set("job:foreign", "hello");
    expect(store.read("job:foreign")).toBeNull();
  });

  it("removes a record with its parts, and sweeps parts no manifest refers to", () => {
    const props = new MemoryProperties();
    const store = new ChunkedStore({ store: props });
    store.write("job:big", bigRecord(30));
    store.remove("job:big");
    expect(props.values.size).toBe(0);
    props.values.set("job:gone#3.0", "stray");
    store.write("job:kept", bigRecord(20));
    expect(store.sweep("job:")).toBe(1);
    expect(store.read("job:kept")).toEqual(bigRecord(20));
  });

  it("refuses record keys containing the part separator", () => {
    const store = new ChunkedStore({ store: new MemoryProperties() });
    expect(() => store.write("job:a#1", {})).toThrow('Record keys cannot contain "#": job:a#1');
  });
});
