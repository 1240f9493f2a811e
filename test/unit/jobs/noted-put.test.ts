// A run's record write is noted for the by-key shelf before the wave goes in, every wave.
import { describe, expect, it } from "vitest";
import { notedPut } from "../../../src/server/jobs/noted-put";

describe("notedPut", () => {
  it("notes before each write, and passes the write its arguments", () => {
    const calls: string[] = [];
    const put = notedPut(
      () => calls.push("note"),
      (results: string[], credits: number) => {
        calls.push(`put ${results.join(",")} ${credits}`);
      },
    );
    put(["a", "b"], 6);
    put(["c"], 3);
    expect(calls).toEqual(["note", "put a,b 6", "note", "put c 3"]);
  });

  it("keeps the note when the write dies (the execution killed while writing)", () => {
    const calls: string[] = [];
    const put = notedPut(
      () => calls.push("note"),
      () => {
        throw new Error("Exceeded maximum execution time");
      },
    );
    expect(() => put()).toThrow("Exceeded maximum execution time");
    expect(calls).toEqual(["note"]);
  });
});
