// The runs people started, read back from the purchase record's waves, which name them.
import { describe, expect, it } from "vitest";
import { encodeWave, type RunRecord } from "../../../src/core/bulk/purchase-record.ts";
import {
  boughtSince,
  leftToBuy,
  markRebuiltDone,
  nameIfBoughtNothing,
  recordedRuns,
} from "../../../src/core/bulk/record-runs.ts";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import type { BulkState } from "../../../src/core/bulk/state.ts";
import type { OrganizationRead } from "../../../src/core/organizations/identifiers.ts";

const run: RunRecord = {
  title: "Enrich Sheet1!A2:A5",
  request: validateEnrichmentRequest({
    sheetName: "Sheet1",
    inputRange: "A2:A5",
    fields: [{ kind: "attribute", name: "name" }],
  }),
  outputColumn: 2,
  createdAt: 1_000,
};

describe("recordedRuns", () => {
  it("adds up each named run's waves, and skips waves of runs not named (refreshes, earlier versions) and rows typed over", () => {
    const rows = [
      encodeWave({ c: 6, j: "a", t: 2_000, q: run, f: ["name"], r: [["url:a.com", ["A"]], ["url:b.com"]] }),
      encodeWave({ c: 9, j: "refresh", t: 2_500, f: ["name"], r: [["url:c.com", ["C"]]] }),
      ["oops", "typed"],
      encodeWave({ c: 3, j: "a", t: 3_000, q: run, f: ["name"], r: [["url:d.com", ["D"]]] }),
    ];
    const runs = recordedRuns(rows);
    expect([...runs.keys()]).toEqual(["a"]);
    expect(runs.get("a")).toEqual({
      run,
      credits: 9,
      waves: 2,
      last: 3_000,
      keys: new Set(["url:a.com", "url:b.com", "url:d.com"]),
    });
  });
});

describe("markRebuiltDone", () => {
  it("marks every chunk done and every row counted", () => {
    const state = { starts: [0, 1000, 2000], done: "000", rowCount: 2500, rowsDone: 0 } as BulkState;
    markRebuiltDone(state, 1);
    expect([state.done, state.rowsDone]).toEqual(["000", 0]);
    markRebuiltDone(state, 0);
    expect([state.done, state.rowsDone]).toEqual(["111", 2500]);
  });
});

describe("boughtSince", () => {
  it("takes every wave's keys bought at or after the time, whichever run bought them", () => {
    const rows = [
      encodeWave({ c: 6, j: "a", t: 2_000, q: run, f: ["name"], r: [["url:a.com", ["A"]], ["url:b.com"]] }),
      encodeWave({ c: 9, j: "formulas", t: 2_500, f: ["name"], r: [["url:c.com", ["C"]]] }),
      ["oops", "typed"],
    ];
    expect(boughtSince(rows, 2_000)).toEqual(new Set(["url:a.com", "url:b.com", "url:c.com"]));
    expect(boughtSince(rows, 2_001)).toEqual(new Set(["url:c.com"]));
    expect(boughtSince(rows, 2_501)).toEqual(new Set());
    // A run without a window uses only its own answers.
    expect(boughtSince(rows, undefined)).toEqual(new Set());
  });
});

describe("leftToBuy", () => {
  it("leaves out what the run bought (counting its rows) and what others bought in its window", () => {
    const reads: OrganizationRead[] = [
      { kind: "org", key: "url:a.com" } as OrganizationRead,
      { kind: "blank" } as OrganizationRead,
      { kind: "org", key: "url:b.com" } as OrganizationRead,
      { kind: "org", key: "url:a.com" } as OrganizationRead,
      { kind: "org", key: "url:c.com" } as OrganizationRead,
      { kind: "invalid", key: "url:d.com" } as unknown as OrganizationRead,
    ];
    expect(leftToBuy(reads, new Set(["url:a.com"]), new Set(["url:b.com"]))).toEqual({
      rest: new Set(["url:c.com"]),
      seen: 2,
    });
    expect(leftToBuy(reads, new Set(), new Set())).toEqual({
      rest: new Set(["url:a.com", "url:b.com", "url:c.com"]),
      seen: 0,
    });
  });
});

describe("nameIfBoughtNothing", () => {
  it("names only a run done, begun in the record's time, that recorded no wave", () => {
    const named: string[] = [];
    const record = { nameRun: () => named.push("named") };
    const state = (waves?: number) =>
      ({ ...(waves === undefined ? {} : { journalWaves: waves }) }) as BulkState;
    nameIfBoughtNothing(record, "stopped", state(), false);
    nameIfBoughtNothing(record, "done", state(), true);
    nameIfBoughtNothing(record, "done", state(1), false);
    expect(named).toEqual([]);
    nameIfBoughtNothing(record, "done", state(), false);
    nameIfBoughtNothing(record, "done", state(0), false);
    expect(named).toEqual(["named", "named"]);
  });
});
