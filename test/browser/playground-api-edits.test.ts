// The playground API's grid edits on a plain sheet: windows of state, fill down, paste, undo, Ctrl+arrow, text.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlaygroundState } from "../../playground/protocol.ts";
import { REQUEST_MESSAGES } from "../../playground/server/request-fields.ts";
import { type RunningPlayground, startPlayground } from "../../playground/server/start-playground.ts";
import { playgroundClient, shown } from "./support/playground-client.ts";

let playground: RunningPlayground;
let api: ReturnType<typeof playgroundClient>;
const SHEET = "Data";

beforeAll(async () => {
  const values = [["Word", "Length"], ...Array.from({ length: 300 }, (_, i) => [`w${"x".repeat(i % 7)}`])];
  playground = await startPlayground({
    port: 0,
    tickMs: 0,
    sheets: [{ name: SHEET, values, rows: 400, cols: 6 }],
  });
  api = playgroundClient(playground.url);
});

afterAll(async () => {
  await playground?.close();
});

const column = (state: PlaygroundState, col: number) =>
  state.sheet.cells.filter((c) => c.col === col && c.row > 1).sort((a, b) => a.row - b.row);

describe("the state's window", () => {
  it("holds only the rows and columns asked for, clipped to the sheet", async () => {
    const state = await api.state(SHEET, "rows=299-500&cols=1-2");
    expect(state.sheet.window).toEqual({ top: 299, bottom: 400, left: 1, right: 2 });
    expect(state.sheet.cells.map((c) => `${c.row}:${c.col}`)).toEqual(["299:1", "300:1", "301:1"]);
    expect([state.sheet.rows, state.sheet.cols]).toEqual([400, 6]);
    expect(state.sheet.textWidths.slice(0, 2)).toEqual([7, 6]);
  });

  it("refuses a window that is not a span of numbers", async () => {
    const answer = await api.send("GET", `/api/state?sheet=${SHEET}&rows=9-2`);
    expect([answer.status, answer.body]).toEqual([400, { error: REQUEST_MESSAGES.span("rows", "9-2") }]);
  });
});

describe("edits from the grid", () => {
  it("answers a formula at once, then fills it in once it has run", async () => {
    await api.post("/api/cells", { sheet: SHEET, a1: "B2", values: [["=LEN(A2)"]] });
    const settled = await api.state(SHEET);
    expect(settled.calculating).toBe(false);
    expect(shown(settled, "B2")).toBe("1");
    expect(settled.sheet.cells.find((c) => c.row === 2 && c.col === 2)?.loading).toBeUndefined();
  });

  it("fills a formula down 300 rows, each reading its own row, and undo takes it back", async () => {
    await api.post("/api/fill", { sheet: SHEET, a1: "B2:B301" });
    const state = await api.state(SHEET);
    const filled = column(state, 2);
    expect(filled).toHaveLength(300);
    expect(filled[299]).toMatchObject({
      row: 301,
      formula: "=LEN(A301)",
      display: String("w".length + (299 % 7)),
    });
    const undone = await api.post("/api/undo", {});
    expect(undone.result).toEqual({ status: "done", value: true });
    const after = await api.state(SHEET);
    expect(column(after, 2).map((c) => c.formula)).toEqual(["=LEN(A2)"]);
  });

  it("pastes a copied range with its formulas moved, and copies text as the clipboard holds it", async () => {
    await api.post("/api/copy", { sheet: SHEET, from: "A2:B3", to: "D5" });
    const state = await api.state(SHEET);
    expect(state.sheet.cells.filter((c) => c.col >= 4).map((c) => c.formula ?? c.display)).toEqual([
      "w",
      "=LEN(D5)",
      "wx",
    ]);
    const text = await api.send<{ text: string }>("GET", `/api/text?sheet=${SHEET}&a1=D5:E6`);
    expect(text.body.text).toBe("w\t1\nwx\t");
  });

  it("lands Ctrl+End on the last row and column with data", async () => {
    const last = await api.send<{ a1: string }>("GET", `/api/last-cell?sheet=${SHEET}`);
    expect([last.status, last.body]).toEqual([200, { a1: "E301" }]);
    const missing = await api.send("GET", "/api/last-cell");
    expect([missing.status, missing.body]).toEqual([400, { error: REQUEST_MESSAGES.sheet(null) }]);
  });

  it("pastes a range copied on another sheet from that sheet, growing the sheet pasted on to fit", async () => {
    const added = await api.post("/api/sheets", {});
    const other = (added.result as { value: string }).value;
    await api.post("/api/copy", { sheet: other, fromSheet: SHEET, from: "A296:A301", to: "C997" });
    const state = await api.state(other, "rows=995-1010&cols=1-5");
    expect([state.sheet.rows, state.sheet.cols]).toEqual([1002, 26]);
    expect(state.sheet.cells.map((c) => [c.row, c.col, c.display])).toEqual(
      [296, 297, 298, 299, 300, 301].map((row, i) => [997 + i, 3, `w${"x".repeat((row - 2) % 7)}`]),
    );
    const unknown = await api.send("POST", "/api/copy", {
      sheet: other,
      fromSheet: "Nope",
      from: "A1:A2",
      to: "A1",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      error: expect.stringMatching(/^No sheet named "Nope"; the sheets are "Data", /),
    });
    await api.post("/api/select", { sheet: SHEET, a1: "A1" });
  });

  it("lands Ctrl+arrow on the data's edge", async () => {
    const edge = async (a1: string, direction: string) =>
      (await api.send<{ a1: string }>("GET", `/api/edge?sheet=${SHEET}&a1=${a1}&direction=${direction}`))
        .body;
    expect(await edge("A1", "down")).toEqual({ a1: "A301" });
    expect(await edge("A301", "down")).toEqual({ a1: "A400" });
    expect(await edge("A400", "up")).toEqual({ a1: "A301" });
    expect(await edge("C5", "right")).toEqual({ a1: "D5" });
    expect(await edge("A7", "sideways")).toEqual({ error: REQUEST_MESSAGES.direction("sideways") });
  });

  it("says undo had nothing to take back once every edit is undone", async () => {
    while (((await api.post("/api/undo", {})).result as { value: boolean }).value);
    const state = await api.state(SHEET);
    expect(state.sheet.cells.filter((c) => c.col > 1)).toEqual([
      expect.objectContaining({ row: 1, col: 2, display: "Length" }),
    ]);
  });
});
