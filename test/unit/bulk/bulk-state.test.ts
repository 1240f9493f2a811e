// The plan a run starts from: where values go, how they are written, and where field labels go.
import { describe, expect, it } from "vitest";
import { blockShift, canReplan, replanState, rowsUnlikePlanned } from "../../../src/core/bulk/moves.ts";
import { readInputColumn } from "../../../src/core/bulk/plan.ts";
import { validateEnrichmentRequest } from "../../../src/core/bulk/request.ts";
import {
  allChunksDone,
  chunkBounds,
  chunkFingerprints,
  createBulkState,
  markChunkDone,
} from "../../../src/core/bulk/state.ts";
import { readOrganization } from "../../../src/core/organizations/identifiers.ts";

const fields = [{ kind: "attribute", name: "industry" }];

function plan(inputRange: string, values: unknown[], firstRow: number, extra: Record<string, unknown> = {}) {
  const request = validateEnrichmentRequest({ sheetName: "S", inputRange, fields, ...extra });
  return { request, input: readInputColumn(values, firstRow, request.header, false) };
}

describe("createBulkState", () => {
  it("puts new columns after the last one and labels in the header row of the range", () => {
    const { request, input } = plan("A1:A3", ["Domain", "acme.com", "globex.com"], 1);
    expect(createBulkState(request, input, { lastColumn: 4 })).toMatchObject({
      outputColumn: 5,
      policy: "fill-empty",
      headerRow: 1,
      labelsRow: 1,
      firstDataRow: 2,
      rowCount: 2,
      starts: [0],
      done: "0",
    });
  });

  it("labels the row above only when that row is a header, and nothing otherwise", () => {
    const { request, input } = plan("A2:A3", ["acme.com", "globex.com"], 2);
    expect(createBulkState(request, input, { lastColumn: 1, headerAbove: true }).labelsRow).toBe(1);
    expect(createBulkState(request, input, { lastColumn: 1 }).labelsRow).toBeNull();
  });

  it("writes existing columns without labels: empty cells only, or everything with consent", () => {
    const empty = plan("A1:A2", ["acme.com", "x.com"], 1, {
      output: { mode: "empty-only", targetColumn: "C" },
    });
    expect(createBulkState(empty.request, empty.input, { lastColumn: 9 })).toMatchObject({
      outputColumn: 3,
      policy: "fill-empty",
      labelsRow: null,
    });
    const over = plan("A1:A2", ["acme.com", "x.com"], 1, {
      output: { mode: "overwrite", targetColumn: "C", consent: true },
    });
    expect(createBulkState(over.request, over.input, { lastColumn: 9 }).policy).toBe("replace");
  });

  it("reuses a rule's columns, replacing its earlier values", () => {
    const { request, input } = plan("A1:A3", ["Domain", "acme.com", "globex.com"], 1);
    const state = createBulkState(request, input, { lastColumn: 9, outputColumn: 2, policy: "replace" });
    expect(state).toMatchObject({ outputColumn: 2, policy: "replace" });
  });

  it("tracks chunks done", () => {
    const { request, input } = plan("A1:A2", ["acme.com", "x.com"], 1);
    const state = createBulkState(request, input, { lastColumn: 1 });
    expect(chunkBounds(state, 0)).toEqual({ start: 0, end: 2 });
    expect(allChunksDone(state)).toBe(false);
    markChunkDone(state, 0);
    expect(allChunksDone(state)).toBe(true);
  });
});

describe("rows that moved", () => {
  const rows = ["acme.com", "globex.com", "acme.com", "initech.com"];
  const reads = (values: string[]) => values.map((value) => readOrganization(value));

  it("are planned again where they are when they hold the same organizations (a sort), counted afresh", () => {
    const { request, input } = plan("A1:A4", rows, 1);
    const state = createBulkState(request, input, { lastColumn: 1 });
    markChunkDone(state, 0);
    state.rowsDone = 4;
    state.matched = 3;
    const sorted = reads([...rows].sort());
    expect(canReplan(state, sorted)).toBe(true);
    replanState(state, sorted);
    expect(state).toMatchObject({ done: "0", rowsDone: 0, matched: 0, replans: 1, inFlight: [] });
    expect(canReplan(state, sorted)).toBe(true);
  });

  it("stop the run when other organizations are in its rows, or when rows are known only by position", () => {
    const { request, input } = plan("A1:A4", rows, 1);
    const state = createBulkState(request, input, { lastColumn: 1 });
    expect(canReplan(state, reads(["", ...rows.slice(0, 3)]))).toBe(false);
    expect(canReplan(state, reads(["hooli.com", ...rows.slice(1)]))).toBe(false);
    const sorted = reads([...rows].sort());
    expect(canReplan({ ...state, lost: [0] }, sorted)).toBe(false);
    expect(canReplan({ ...state, inFlight: [0] }, sorted)).toBe(false);
    expect(canReplan({ ...state, rowsOnly: "0" }, sorted)).toBe(false);
    expect(canReplan({ ...state, keysPrint: undefined }, sorted)).toBe(false);
  });

  it("are followed when rows inserted or deleted above moved them all by the same count, and only then", () => {
    const { request, input } = plan("A3:A6", rows, 3);
    const state = createBulkState(request, input, { lastColumn: 1 });
    // The window read from two rows above the first data row (row 1) to two below the last.
    const window = (column: string[]) => reads(column);
    expect(blockShift(state, window(["", "", "", ...rows, "", ""]), 2)).toBe(1);
    expect(blockShift(state, window([...rows, "", "", "", ""]), 2)).toBe(-2);
    expect(blockShift(state, window(["", "", rows[0]!, "", ...rows.slice(1), ""]), 2)).toBeNull();
    expect(blockShift(state, window(["", "", ...rows, "", ""]), 2)).toBeNull();
  });

  it("are told apart by chunk: every row of a chunk whose identifiers are not as planned, no other", () => {
    const { request, input } = plan("A1:A4", rows, 1);
    const state = createBulkState(request, input, { lastColumn: 1 });
    state.starts = [0, 2];
    state.fingerprints = chunkFingerprints(reads(rows), state.starts);
    expect([...rowsUnlikePlanned(state, reads(rows))]).toEqual([]);
    // An identifier edited in the second chunk: its two rows, not the first chunk's.
    expect([...rowsUnlikePlanned(state, reads(["acme.com", "globex.com", "acme.com", "hooli.com"]))]).toEqual(
      [2, 3],
    );
    // The first chunk's rows swapped: a move is not as planned either.
    expect([
      ...rowsUnlikePlanned(state, reads(["globex.com", "acme.com", "acme.com", "initech.com"])),
    ]).toEqual([0, 1]);
    expect([...rowsUnlikePlanned({ ...state, fingerprints: undefined }, reads([...rows].reverse()))]).toEqual(
      [],
    );
  });
});
