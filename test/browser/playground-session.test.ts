// The playground with other projects and services: dialogs, selection, triggers, a real service over HTTP.
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_API_KEY } from "../../emulator/accounts.ts";
import { createEmulatorState } from "../../emulator/state.ts";
import { sampleOrganizations } from "../../playground/server/sample-sheets.ts";
import { type RunningPlayground, startPlayground } from "../../playground/server/start-playground.ts";
import { playgroundClient, shown } from "./support/playground-client.ts";
import { type Spawned, spawnScript, waitForOutput } from "./support/spawn-script.ts";

const FIXTURE = fileURLToPath(new URL("../fixtures/harness/formulas.js", import.meta.url));

describe("a project whose menu items ask and act on the selection", () => {
  let playground: RunningPlayground;
  let api: ReturnType<typeof playgroundClient>;

  beforeAll(async () => {
    playground = await startPlayground({
      port: 0,
      tickMs: 0,
      addonBundle: FIXTURE,
      sheets: [{ name: "Sheet1", values: [[""], [2], [3]] }],
    });
    api = playgroundClient(playground.url);
  });

  afterAll(async () => {
    await playground?.close();
  });

  it("returns the prompt an action shows, with its text and buttons, for the person to answer", async () => {
    const response = await api.post("/api/menu", { label: "Ask a name" });
    expect(response.result).toEqual({
      status: "dialog",
      dialog: { kind: "prompt", title: "", prompt: "Your name?", buttons: ["OK", "CANCEL"] },
    });
    expect(shown(await api.state(), "A1")).toBe("");
  });

  it("replays the action with the person's answer", async () => {
    const response = await api.post("/api/menu", {
      label: "Ask a name",
      answers: [{ button: "OK", text: "Ada" }],
    });
    expect(response.result).toEqual({ status: "done", value: null });
    expect(shown(await api.state(), "A1")).toBe("Ada");
  });

  it("lets the person cancel, and the action sees CANCEL", async () => {
    await api.post("/api/menu", { label: "Ask a name", answers: [{ button: "CANCEL", text: "Bob" }] });
    expect(shown(await api.state(), "A1")).toBe("Ada");
  });

  it("leaves no answer behind for a later dialog", async () => {
    // An answer the action did not ask for must not answer the next dialog.
    await api.post("/api/select", { sheet: "Sheet1", a1: "C5" });
    await api.post("/api/menu", { label: "Double selection", answers: [{ button: "OK", text: "stale" }] });
    const response = await api.post("/api/menu", { label: "Ask a name" });
    expect(response.result.status).toBe("dialog");
  });

  it("runs a menu item on the range selected in the grid", async () => {
    await api.post("/api/select", { sheet: "Sheet1", a1: "A2:A3" });
    await api.post("/api/menu", { label: "Double selection" });
    const state = await api.state();
    expect([shown(state, "A2"), shown(state, "A3")]).toEqual(["4", "6"]);
  });

  it("fires time-driven triggers as wall time passes", async () => {
    const run = (code: string) => api.post("/api/run", { name: "probe", args: [code] });
    await run("ScriptApp.newTrigger('tick').timeBased().everyHours(1).create(); 'ok'");
    playground.session.tick(playground.session.harness.clock.now() + 2 * 3_600_000 + 1);
    const runs = await run("PropertiesService.getScriptProperties().getProperty('runs')");
    const value = (runs.result as { value: string }).value;
    expect(JSON.parse(value)).toHaveLength(2);
  });

  it("passes a google.script.run call's arguments and returns its object", async () => {
    const response = await api.post("/api/run", { name: "greet", args: ["Ada", { shout: true }] });
    expect(response.result).toEqual({ status: "done", value: { text: "Hello, Ada", shout: true } });
  });
});

describe("a real service", () => {
  let service: Spawned;
  let baseUrl = "";
  let playground: RunningPlayground;

  beforeAll(async () => {
    // The emulator in another process stands in for the real service: the playground only sees its address.
    // (In this process it could not answer: real HTTP blocks the calling thread until the answer comes.)
    service = spawnScript("emulator/cli.ts", ["--port", "0"], {});
    baseUrl = (await waitForOutput(service, /listening on (http:\/\/\S+)/))[1]!;
    playground = await startPlayground({
      port: 0,
      tickMs: 0,
      service: { kind: "real", baseUrl, apiKey: DEMO_API_KEY },
    });
  });

  afterAll(async () => {
    await playground?.close();
    await service?.stop();
  });

  it("is called over real HTTP from the harness, and formulas fill from it", async () => {
    const api = playgroundClient(playground.url);
    const state = await api.state();
    expect(state.service).toEqual({ kind: "real", baseUrl });
    // No example formulas spend the person's credits before they type one.
    expect(state.sheets.map((s) => s.name)).toEqual(["Companies"]);
    expect(playground.session.harness.fetches).toEqual([]);
    await api.post("/api/cells", {
      sheet: "Companies",
      a1: "B2",
      values: [['=ORG_ATTR(A2:A4, "employee_count")']],
    });
    const after = await api.state();
    // The command-line emulator's dataset is the default one, so the same state here names the same companies.
    const orgs = createEmulatorState().dataset.orgs;
    const expected = sampleOrganizations(orgs, 3).map((o) => String(o.employeeCount));
    expect([shown(after, "B2"), shown(after, "B3"), shown(after, "B4")]).toEqual(expected);
    const fetches = playground.session.harness.fetches.filter((f) => f.url.startsWith(baseUrl));
    expect(fetches.length).toBeGreaterThan(0);
    expect(new Set(fetches.map((f) => f.via))).toEqual(new Set(["http"]));
  });
});
