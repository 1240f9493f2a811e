// A published add-on's clock trigger runs without a document; a bound script's keeps its container.
import { describe, expect, it } from "vitest";
import { fixtureHarness, probe } from "./support.ts";

const SPREADSHEETS = "https://www.googleapis.com/auth/spreadsheets";

type Look = {
  active: string | null;
  documentProperties: boolean;
  documentCache: boolean;
  documentLock: boolean;
  opened?: string;
};

function looks(gas: Awaited<ReturnType<typeof fixtureHarness>>): Look[] {
  return JSON.parse(gas.properties.script.get("looks") ?? "[]");
}

describe("a clock trigger", () => {
  it("of a published add-on has no active spreadsheet, document properties, cache or lock", async () => {
    const gas = await fixtureHarness({ spreadsheetName: "Accounts", oauthScopes: [SPREADSHEETS] });
    probe(gas, "ScriptApp.newTrigger('look').timeBased().everyHours(1).create().getUniqueId()");
    gas.clock.advance("1h");
    expect(looks(gas)).toEqual([
      { active: null, documentProperties: false, documentCache: false, documentLock: false },
    ]);
    expect(gas.executions.at(-1)).toMatchObject({ kind: "trigger", status: "completed" });
  });

  it("of a bound script keeps its container", async () => {
    const gas = await fixtureHarness({ mode: "bound", spreadsheetName: "Accounts" });
    probe(gas, "ScriptApp.newTrigger('look').timeBased().everyHours(1).create().getUniqueId()");
    gas.clock.advance("1h");
    expect(looks(gas)).toEqual([
      { active: "Accounts", documentProperties: true, documentCache: true, documentLock: true },
    ]);
  });

  it("opens a file by id with the spreadsheets scope, and writes to it", async () => {
    const gas = await fixtureHarness({ spreadsheetName: "Accounts", oauthScopes: [SPREADSHEETS] });
    gas.properties.script.put({ openId: gas.spreadsheetId });
    probe(gas, "ScriptApp.newTrigger('look').timeBased().everyHours(1).create().getUniqueId()");
    gas.clock.advance("1h");
    expect(looks(gas)[0]?.opened).toBe("Accounts");
    expect(gas.sheet().values("A1")).toEqual([["written by the trigger"]]);
  });

  it("cannot open a file by id with spreadsheets.currentonly only", async () => {
    const gas = await fixtureHarness({
      oauthScopes: [`${SPREADSHEETS}.currentonly`],
    });
    gas.properties.script.put({ openId: gas.spreadsheetId });
    probe(gas, "ScriptApp.newTrigger('look').timeBased().everyHours(1).create().getUniqueId()");
    gas.clock.advance("1h");
    expect(looks(gas)[0]?.opened).toBe(
      `Exception: You do not have permission to call SpreadsheetApp.openById. Required permissions: ${SPREADSHEETS}`,
    );
  });

  it("cannot open a file its user cannot open, nor one that does not exist", async () => {
    const gas = await fixtureHarness({ oauthScopes: [SPREADSHEETS] });
    const theirs = gas.addSpreadsheet({ name: "Theirs", owner: "other@example.com" });
    gas.properties.script.put({ openId: theirs });
    probe(gas, "ScriptApp.newTrigger('look').timeBased().everyHours(1).create().getUniqueId()");
    gas.clock.advance("1h");
    gas.properties.script.put({ openId: "1NoSuchFile" });
    gas.clock.advance("1h");
    expect(looks(gas).map((l) => l.opened)).toEqual([
      "Exception: You do not have permission to access the requested document.",
      "Exception: Unexpected error while getting the method or property openById on object SpreadsheetApp.",
    ]);
  });

  it("of an add-on cannot create a trigger, having no document to attach it to", async () => {
    const gas = await fixtureHarness({ oauthScopes: [SPREADSHEETS] });
    probe(gas, "ScriptApp.newTrigger('spawn').timeBased().everyHours(1).create().getUniqueId()");
    gas.clock.advance("1h");
    expect(gas.properties.script.get("spawned")).toBe(
      "Exception: Add-ons may create time-based triggers only for the current document, and this execution has none.",
    );
  });
});
