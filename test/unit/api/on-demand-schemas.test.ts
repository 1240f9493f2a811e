// Contract schemas are built on their first use and kept: a formula pays only for the endpoints it calls.
// vitest-isolate: it counts the schemas a first parse builds, which another file's parse would have built.
import { afterEach, describe, expect, it } from "vitest";
import { SupportRequest } from "../../../src/api/contract/support";

const define = Object.defineProperty;
afterEach(() => {
  Object.defineProperty = define;
});

/** Counts zod schema constructions (each defines `_zod` on its instance) while `run` runs. */
function schemasBuiltBy(run: () => void): number {
  let count = 0;
  Object.defineProperty = function (
    this: unknown,
    target: object,
    key: PropertyKey,
    descriptor: PropertyDescriptor,
  ) {
    if (key === "_zod") count++;
    return define.call(this, target, key, descriptor);
  } as typeof Object.defineProperty;
  try {
    run();
  } finally {
    Object.defineProperty = define;
  }
  return count;
}

describe("on-demand contract schemas", () => {
  it("builds a schema at its first parse, then reuses it", () => {
    const first = schemasBuiltBy(() =>
      expect(SupportRequest.safeParse({ message: "hi" }).success).toBe(true),
    );
    expect(first).toBeGreaterThan(0);
    const second = schemasBuiltBy(() =>
      expect(SupportRequest.safeParse({ message: "" }).success).toBe(false),
    );
    expect(second).toBe(0);
  });
});
