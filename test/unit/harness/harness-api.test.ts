// The test API answers misuse with a clear HarnessUsageError, and shares its clock with whoever made it.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createClock, createHarness, HarnessUsageError } from "../../../harness/index.ts";
import { FIXTURE, fixtureHarness, START, thrown } from "./support.ts";

const BROKEN = fileURLToPath(new URL("../../fixtures/harness/broken-bundle.txt", import.meta.url));

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected a rejection");
}

describe("createHarness", () => {
  it("says where the bundle is missing and that a bundle does not compile", async () => {
    const missing = await rejection(createHarness({ bundlePath: "/nowhere/Code.js" }));
    expect(missing).toBeInstanceOf(HarnessUsageError);
    expect(missing.message).toBe(
      "Cannot read the bundle at /nowhere/Code.js: build it first (npx tsx scripts/build.ts).",
    );
    expect((await rejection(createHarness({ bundlePath: BROKEN }))).message).toMatch(
      new RegExp(`^The bundle at ${BROKEN} does not compile: SyntaxError`),
    );
  });

  it("refuses malformed options", async () => {
    const make = (options: object) => rejection(createHarness({ bundlePath: FIXTURE, ...options }));
    expect((await make({ latencyMs: -1 })).message).toBe(
      "createHarness: latencyMs must be a number of at least 0; got -1.",
    );
    expect((await make({ mode: "web" })).message).toBe(
      'createHarness: mode must be "addon" or "bound"; got "web".',
    );
    expect((await make({ emulator: { baseUrl: "http://x" } })).message).toBe(
      "createHarness: emulator must be { baseUrl: string, handle(request) => response }.",
    );
    expect((await make({ clock: { now: () => 1, advance: () => {} } })).message).toBe(
      "The harness needs a clock made by createClock().",
    );
    expect((await make({ sheets: [{ name: "A" }, { name: "a" }] })).message).toBe(
      'Two sheets are named "a".',
    );
    expect((await make({ sheets: [{ name: "A", hidden: true }] })).message).toBe(
      "A spreadsheet needs at least one visible sheet.",
    );
    expect((await make({ scriptProperties: { big: "x".repeat(9300) } })).message).toBe(
      "scriptProperties: Argument too large: value",
    );
  });

  it("shares the clock it was given, so an emulator built first sees the same time", async () => {
    const clock = createClock(START);
    const gas = await createHarness({ bundlePath: FIXTURE, clock });
    gas.run("probe", "Utilities.sleep(1000); 0");
    expect(clock.now()).toBe(START + 1000);
    expect(gas.clock).toBe(clock);
  });
});

describe("the test API", () => {
  it("refuses formulas it cannot place or read", async () => {
    const gas = await fixtureHarness();
    expect(thrown(() => gas.formula("B2", "DOUBLE(A1)"))).toBe(
      'gas.formula needs formula text starting with "="; got "DOUBLE(A1)".',
    );
    expect(thrown(() => gas.formula("B2", "=A1+1"))).toBe(
      'gas.formula cannot read "=A1+1": expected "(" after A1. The default evaluator reads one custom-function call; pass createHarness({ evaluator }) for more.',
    );
    expect(thrown(() => gas.formula("B2:B3", "=DOUBLE(1)"))).toBe(
      'gas.formula needs one cell in A1 notation (e.g. "B2" or "Sheet1!B2"); got "B2:B3".',
    );
    expect(thrown(() => gas.formula("Nope!B2", "=DOUBLE(1)"))).toBe('gas.formula: no sheet named "Nope".');
  });

  it("refuses unknown sheets, bad references and values of the wrong shape", async () => {
    const gas = await fixtureHarness();
    expect(thrown(() => gas.sheet("Nope"))).toBe('No sheet named "Nope"; the sheets are "Sheet1".');
    expect(thrown(() => gas.sheet().set("here", 1))).toBe('"here" is not A1 notation (e.g. "B2", "A1:C9").');
    expect(thrown(() => gas.sheet().set("A1", [1, 2]))).toBe(
      "A range value must be a 2-D array (rows of cells); got [1,2].",
    );
    expect(thrown(() => gas.sheet().set("A1:B2", [[1, 2]]))).toBe(
      "Cannot type into A1:B2: The number of rows in the data does not match the number of rows in the range. The data has 1 but the range has 2.",
    );
    expect(thrown(() => gas.cell("A1:A2"))).toBe(
      'gas.cell needs one cell in A1 notation (e.g. "B2" or "Sheet1!B2"); got "A1:A2".',
    );
    expect(thrown(() => gas.select("??"))).toBe('gas.select: "??" is not A1 notation.');
    expect(thrown(() => gas.sheet().values("Other!A1"))).toBe(
      '"Other!A1" names another sheet than "Sheet1".',
    );
  });

  it("refuses bad users, spreadsheets, auth modes and nesting", async () => {
    const gas = await fixtureHarness();
    expect(thrown(() => gas.setUser("bob"))).toBe('gas.setUser needs an e-mail address; got "bob".');
    expect(thrown(() => gas.useSpreadsheet("nope"))).toBe('No spreadsheet with id "nope" in this harness.');
    expect(thrown(() => gas.open({ authMode: "CUSTOM_FUNCTION" as "NONE" }))).toBe(
      'gas.open: authMode must be "NONE", "LIMITED" or "FULL"; got "CUSTOM_FUNCTION".',
    );
    expect(thrown(() => gas.concurrently([() => gas.concurrently([])]))).toBe(
      "gas.concurrently cannot be nested or called from inside an execution.",
    );
  });

  it("refuses to advance the clock from inside an execution", async () => {
    const gas = await fixtureHarness({
      emulator: {
        baseUrl: "http://emulator.test",
        handle: () => {
          gas.clock.advance("1h");
          return { status: 200, headers: {}, body: "" };
        },
      },
    });
    expect(thrown(() => gas.run("probe", "UrlFetchApp.fetch('http://emulator.test/x')"))).toBe(
      "The in-process backend threw while handling GET http://emulator.test/x: HarnessUsageError: clock.advance cannot be called while an execution is running.",
    );
  });

  it("types values in as a user would, growing the sheet when pasting past its edge", async () => {
    const gas = await fixtureHarness({ sheets: [{ name: "Sheet1", rows: 2, cols: 2 }] });
    gas.sheet().set("B2", [["1", "=DOUBLE(A1)", "'=literal"]]);
    expect(gas.sheet().maxColumns).toBe(4);
    expect(gas.sheet().formulas("B2:D2")).toEqual([["", "=DOUBLE(A1)", ""]]);
    expect(gas.sheet().values("B2:D2")).toEqual([[1, 0, "=literal"]]);
    gas.sheet().setNote("A1", "hello");
    expect(gas.cell("A1").note).toBe("hello");
  });
});
