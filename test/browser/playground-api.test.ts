// The playground server's JSON API with the built add-on on the emulator: cells, menus, server calls, bad input.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { MAX_BODY_BYTES, REQUEST_MESSAGES } from "../../playground/server/request-fields.ts";
import {
  COMPANIES_SHEET,
  EXAMPLES_SHEET,
  SAMPLE_ROWS,
  sampleOrganizations,
} from "../../playground/server/sample-sheets.ts";
import { type RunningPlayground, startPlayground } from "../../playground/server/start-playground.ts";
import { RECORD_SHEET, SHELF_SHEET } from "../../src/core/addon-sheets/registry.ts";
import { LOG_SHEET } from "../../src/core/jobs/enrichment-log.ts";
import { KEY_TEXT_MESSAGES } from "../../src/server/settings/key-text.ts";
import { playgroundClient, shown } from "./support/playground-client.ts";

let playground: RunningPlayground;
let api: ReturnType<typeof playgroundClient>;

beforeAll(async () => {
  playground = await startPlayground({ port: 0, tickMs: 0 });
  api = playgroundClient(playground.url);
});

afterAll(async () => {
  await playground?.close();
});

const employees = (count: number) =>
  sampleOrganizations(playground.emulator!.state.dataset.orgs, count).map((org) => org.employeeCount);

describe("the playground's sample spreadsheet", () => {
  it("opens on a sheet of company domains from the emulator's dataset", async () => {
    const state = await api.state();
    expect(state.sheets.map((s) => s.name)).toEqual([COMPANIES_SHEET, EXAMPLES_SHEET]);
    expect(state.activeSheet).toBe(COMPANIES_SHEET);
    expect(shown(state, "A1")).toBe("Domain");
    const picked = sampleOrganizations(playground.emulator!.state.dataset.orgs, SAMPLE_ROWS);
    const domains = Array.from({ length: SAMPLE_ROWS }, (_, i) => shown(state, `A${i + 2}`));
    expect(domains).toEqual(picked.map((org) => org.domain));
  });

  it("has a tab of example formulas, all computed without an error", async () => {
    const state = await api.state(EXAMPLES_SHEET);
    const formulas = state.sheet.cells.filter((c) => c.formula);
    expect(formulas.length).toBeGreaterThanOrEqual(6);
    expect(state.sheet.cells.filter((c) => c.kind === "error")).toEqual([]);
    expect(Number(shown(state, "C8"))).toBe(
      [2, 3, 4, 5, 6].reduce((sum, row) => sum + Number(shown(state, `C${row}`)), 0),
    );
  });

  it("serves the emulator over HTTP too, with the demo key", async () => {
    const response = await fetch(`${playground.emulator!.url}/v9/organizations`, {
      method: "POST",
      headers: { authorization: `Bearer ${DEMO_API_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ organizations: [{ url: shownDomain(0) }], select: { attributes: ["name"] } }),
    });
    expect(response.status).toBe(200);
  });
});

function shownDomain(index: number): string {
  return sampleOrganizations(playground.emulator!.state.dataset.orgs, index + 1)[index]!.domain;
}

describe("cells typed through the API", () => {
  it("fill a custom function's column from the service, and a built-in sums them", async () => {
    await api.post("/api/cells", {
      sheet: COMPANIES_SHEET,
      a1: "B2",
      values: [['=ORG_ATTR(A2:A20, "employee_count")']],
    });
    await api.post("/api/cells", { sheet: COMPANIES_SHEET, a1: "C2", values: [["=SUM(B2:B20)"]] });
    const state = await api.state();
    const column = Array.from({ length: SAMPLE_ROWS }, (_, i) => Number(shown(state, `B${i + 2}`)));
    expect(column).toEqual(employees(SAMPLE_ROWS));
    expect(Number(shown(state, "C2"))).toBe(employees(SAMPLE_ROWS).reduce((a, b) => a + b, 0));
  });

  it("clear with empty text, and the spill goes with its formula", async () => {
    await api.post("/api/cells", { sheet: COMPANIES_SHEET, a1: "B2", values: [[""]] });
    const state = await api.state();
    expect([shown(state, "B2"), shown(state, "B3"), shown(state, "C2")]).toEqual(["", "", "0"]);
  });

  it("take a pasted block of several rows and columns", async () => {
    await api.post("/api/cells", {
      sheet: COMPANIES_SHEET,
      a1: "E1",
      values: [
        ["x", "1"],
        ["y", "2"],
      ],
    });
    const state = await api.state();
    expect([shown(state, "E1"), shown(state, "F1"), shown(state, "E2"), shown(state, "F2")]).toEqual([
      "x",
      "1",
      "y",
      "2",
    ]);
    expect(state.sheet.cells.find((c) => c.row === 2 && c.col === 6)?.kind).toBe("number");
  });
});

describe("the add-on's menu and server functions", () => {
  it("lists the add-on menu that onOpen built, under the add-on's name", async () => {
    const state = await api.state();
    expect(state.addonMenu.title).toBe("Enrichment for Sheets");
    expect(state.addonMenu.items).toContainEqual({ label: "Settings" });
  });

  it("opens the real sidebar from a menu item", async () => {
    const response = await api.post("/api/menu", { label: "Settings" });
    expect(response.result).toEqual({ status: "done", value: null });
    const state = await api.state();
    expect(state.sidebar?.title).toBe("Enrichment for Sheets");
    expect(state.sidebar?.html).toContain('"screen":"settings"');
  });

  it("runs a server function as google.script.run would and returns its value", async () => {
    const response = await api.post("/api/run", { name: "getSettings", args: [] });
    expect(response.result.status).toBe("done");
    const value = (response.result as { value: { key: { masked: string; source: string } } }).value;
    expect(value.key).toEqual({ masked: "…cdef", source: "script" });
  });

  it("returns a server function's failure as the message a failure handler receives", async () => {
    const response = await api.post("/api/run", { name: "saveApiKey", args: [""] });
    expect(response.result).toEqual({ status: "failed", error: KEY_TEXT_MESSAGES.empty });
  });

  it("fails a call to a function the add-on does not have, as the platform does", async () => {
    const response = await api.post("/api/run", { name: "playgroundView", args: [] });
    expect(response.result).toEqual({ status: "failed", error: "Script function not found: playgroundView" });
  });

  it("mirrors the grid's selection into the spreadsheet the server functions see", async () => {
    await api.post("/api/select", { sheet: EXAMPLES_SHEET, a1: "A2:A6" });
    const state = await api.state();
    expect([state.activeSheet, state.selection]).toEqual([EXAMPLES_SHEET, "A2:A6"]);
    expect(playground.session.harness.sheet().name).toBe(EXAMPLES_SHEET);
  });

  it("adds a sheet named as Sheets names it and makes it active", async () => {
    const response = await api.post("/api/sheets", {});
    // The sidebar's getSettings above filed the sample formulas' purchases in the purchase record and its
    // by-key copy (two hidden sheets) and put their paid batches on the Enrichment log: Sheets counts all five.
    expect(response.result).toEqual({ status: "done", value: "Sheet6" });
    const state = await api.state();
    expect(state.sheets.map((s) => s.name)).toEqual([
      COMPANIES_SHEET,
      EXAMPLES_SHEET,
      RECORD_SHEET,
      SHELF_SHEET,
      LOG_SHEET,
      "Sheet6",
    ]);
    expect(state.activeSheet).toBe("Sheet6");
  });
});

describe("change events", () => {
  it("announce the new version after a change", async () => {
    const controller = new AbortController();
    const response = await fetch(`${playground.url}/api/events`, { signal: controller.signal });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const read = async () => decoder.decode((await reader.read()).value);
    const first = await read();
    const before = Number(/"version":(\d+)/.exec(first)![1]);
    await api.post("/api/cells", { sheet: COMPANIES_SHEET, a1: "H1", values: [["hello"]] });
    let text = "";
    while (!text.includes(`"version":${before + 1}`)) text += await read();
    controller.abort();
    expect(text).toContain(`data: {"version":${before + 1}}`);
  });
});

describe("bad requests", () => {
  const refused = async (method: string, path: string, raw?: string) => {
    const answer = await api.send<{ error: string }>(method, path, undefined, raw);
    return [answer.status, answer.body.error];
  };

  it("refuse a body that is not a JSON object", async () => {
    expect(await refused("POST", "/api/cells", "{not json")).toEqual([
      400,
      "The request body is not valid JSON.",
    ]);
    expect(await refused("POST", "/api/cells", "[1, 2]")).toEqual([
      400,
      "The request body must be a JSON object.",
    ]);
    expect(await refused("POST", "/api/cells", `"${"x".repeat(MAX_BODY_BYTES)}"`)).toEqual([
      413,
      "The request body is larger than 1,000,000 bytes.",
    ]);
  });

  it("name the field that is wrong and what to send", async () => {
    const cells = (body: unknown) => refused("POST", "/api/cells", JSON.stringify(body));
    expect(await cells({ a1: "B2", values: [["x"]] })).toEqual([
      400,
      '"sheet" must be the name of a sheet (text); got undefined.',
    ]);
    expect(await cells({ sheet: COMPANIES_SHEET, a1: 7, values: [["x"]] })).toEqual([
      400,
      '"a1" must be a cell or range in A1 notation, e.g. "B2" or "A2:C9"; got 7.',
    ]);
    expect(await cells({ sheet: COMPANIES_SHEET, a1: "B2", values: ["x"] })).toEqual([
      400,
      REQUEST_MESSAGES.values(["x"]),
    ]);
    expect(await cells({ sheet: COMPANIES_SHEET, a1: "B2", values: [[1]] })).toEqual([
      400,
      REQUEST_MESSAGES.values([[1]]),
    ]);
    expect(await refused("POST", "/api/run", JSON.stringify({ name: "get Settings" }))).toEqual([
      400,
      '"name" must be the name of a server function, e.g. "getSettings"; got "get Settings".',
    ]);
    expect(await refused("POST", "/api/run", JSON.stringify({ name: "getSettings", args: {} }))).toEqual([
      400,
      '"args" must be a list of arguments; got {}.',
    ]);
    expect(
      await refused("POST", "/api/menu", JSON.stringify({ label: "Settings", answers: ["OK"] })),
    ).toEqual([400, REQUEST_MESSAGES.answers(["OK"])]);
    expect(await refused("POST", "/api/menu", JSON.stringify({}))).toEqual([
      400,
      '"label" must be the label of an add-on menu item (text); got undefined.',
    ]);
  });

  it("say which sheets, cells and menu items exist", async () => {
    expect(
      await refused("POST", "/api/cells", JSON.stringify({ sheet: "Nope", a1: "A1", values: [["x"]] })),
    ).toEqual([
      400,
      'No sheet named "Nope"; the sheets are "Companies", "Examples", "Enrichment purchases", "Enrichment purchases by key", "Enrichment log", "Sheet6".',
    ]);
    expect(await refused("GET", "/api/state?sheet=Nope")).toEqual([
      400,
      'No sheet named "Nope"; the sheets are "Companies", "Examples", "Enrichment purchases", "Enrichment purchases by key", "Enrichment log", "Sheet6".',
    ]);
    expect(
      await refused(
        "POST",
        "/api/cells",
        JSON.stringify({ sheet: COMPANIES_SHEET, a1: "B2:C3", values: [["x"]] }),
      ),
    ).toEqual([400, '"a1" must be one cell such as "B2"; got "B2:C3".']);
    expect(
      await refused("POST", "/api/select", JSON.stringify({ sheet: COMPANIES_SHEET, a1: "2B" })),
    ).toEqual([400, '"a1" must be a cell or range such as "B2" or "A2:C9"; got "2B".']);
    expect(await refused("POST", "/api/menu", JSON.stringify({ label: "Launch" }))).toEqual([
      400,
      'The add-on menu has no item labelled "Launch".',
    ]);
  });

  it("refuse a value Sheets would refuse, with the platform's words", async () => {
    const body = { sheet: COMPANIES_SHEET, a1: "H2", values: [["x".repeat(50_001)]] };
    expect(await refused("POST", "/api/cells", JSON.stringify(body))).toEqual([
      400,
      "Cannot type into H2: Your input contains more than the maximum of 50000 characters in a single cell.",
    ]);
  });

  it("answer unknown endpoints and methods", async () => {
    expect(await refused("GET", "/api/nope")).toEqual([404, "No such endpoint: GET /api/nope."]);
    expect(await refused("POST", "/api/state", "{}")).toEqual([
      405,
      "POST is not supported on /api/state; use GET.",
    ]);
    expect(await refused("GET", "/api/cells")).toEqual([
      405,
      "GET is not supported on /api/cells; use POST.",
    ]);
    expect(await refused("POST", "/playground.js", "{}")).toEqual([
      405,
      "POST is not supported on /playground.js; use GET.",
    ]);
    expect(await refused("GET", "/secret.txt")).toEqual([
      404,
      "Nothing here: /secret.txt. The playground is at /.",
    ]);
  });
});

describe("the page's files", () => {
  it("serve the page, its script, its styles and the google.script stand-in", async () => {
    for (const [path, type] of [
      ["/", "text/html"],
      ["/playground.js", "text/javascript"],
      ["/playground.css", "text/css"],
      ["/script-shim.js", "text/javascript"],
    ]) {
      const response = await fetch(`${playground.url}${path}`);
      expect([path, response.status, response.headers.get("content-type")?.split(";")[0]]).toEqual([
        path,
        200,
        type,
      ]);
    }
  });
});
