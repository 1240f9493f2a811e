// Extensions ▸ Enrichment for Sheets ▸ Diagnostics: the table of platform facts, its one-off clock trigger,
// and the trigger's findings on the next opening — through the menu, the harness's clock and its dialog.
import { describe, expect, it } from "vitest";
import { addonWorld } from "../support/addon-world.ts";
import { FIELDS } from "./bulk-world.ts";

type Row = [fact: string, seen: string, assumed: string, mark: string];

const unescapeHtml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");

/** The table of the latest Diagnostics dialog, row by row. */
function table(gas: Awaited<ReturnType<typeof addonWorld>>["gas"]): Row[] {
  const dialog = [...gas.ui.shown].reverse().find((s) => s.kind === "modalDialog")!;
  expect(dialog.title).toBe("Diagnostics");
  // A page a screen reader can name and move through: its language, a title and a heading (issue 41 point 8).
  expect(
    dialog.html.content.startsWith('<!DOCTYPE html><html lang="en"><head><title>Diagnostics</title>'),
  ).toBe(true);
  expect(dialog.html.content).toContain("<h1>Diagnostics</h1>");
  const body = dialog.html.content.split("<tbody>")[1]!.split("</tbody>")[0]!;
  return [...body.matchAll(/<tr[^>]*>(.*?)<\/tr>/g)].map(
    (m) => [...m[1]!.matchAll(/<td[^>]*>(.*?)<\/td>/g)].map((c) => unescapeHtml(c[1]!)) as Row,
  );
}

const byFact = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r[0], r.slice(1)]));

const SCOPES =
  "show its sidebar and dialogs; connect to the enrichment service; run in the background; see and edit your spreadsheets";
const REACHES = [
  "Background run reaches the spreadsheet",
  "Background run reaches its stored settings",
  "Background run reaches its lock",
  "Background run reaches its cache",
];
const NOT_INSTALLED = "not installed: a script of this spreadsheet";
const MARKETPLACE = "from the Google Workspace Marketplace";

describe("Diagnostics in a bound script", () => {
  it("shows the menu execution's facts, schedules a one-minute trigger, and shows what the trigger saw", async () => {
    const { gas } = await addonWorld({ harness: { mode: "bound" } });
    gas.open();
    expect(gas.menuItems()).toContainEqual({ label: "Diagnostics", functionName: "menuDiagnostics" });
    gas.menu("Diagnostics");
    const first = byFact(table(gas));
    expect(first).toEqual({
      "How the add-on was installed": [NOT_INSTALLED, NOT_INSTALLED, "—"],
      "What the add-on takes itself for": [
        "a script of this spreadsheet",
        "an installed add-on if installed, else a script of this spreadsheet",
        "—",
      ],
      "Every permission it needs is granted": ["yes", "yes", "same"],
      "Permissions granted": [SCOPES, SCOPES, "same"],
      "The menu reaches the spreadsheet, its stored settings, its lock": [
        "yes, yes, yes",
        "yes, yes, yes",
        "same",
      ],
      "Requests to the service (as Settings counts them)": [
        "0 of the 20,000 Apps Script allows this account in 24 hours",
        "Apps Script allows 20,000 a day (100,000 with Workspace)",
        "—",
      ],
      "Credits formulas spent today in this spreadsheet": ["0", "as Settings says", "—"],
      "A background run 1 minute ahead": ["allowed", "allowed", "same"],
      "The background run ran": [
        "not yet; due at 09:01 (UTC)",
        "runs when due; open Diagnostics again then",
        "—",
      ],
    });
    expect(gas.triggers().map((t) => [t.handler, t.schedule.kind])).toEqual([["diagnosticsTrigger", "once"]]);

    gas.clock.advance("1m");
    const fired = gas.executions.filter((e) => e.functionName === "diagnosticsTrigger");
    expect(fired.map((e) => [e.kind, e.authMode, e.status])).toEqual([["trigger", "FULL", "completed"]]);
    // The trigger wrote nothing but its record in the user's own properties, and removed itself.
    expect(Object.keys(fired[0]!.calls).filter((c) => /set|put|delete/i.test(c))).toEqual([
      "Properties.setProperty",
      "ScriptApp.deleteTrigger",
    ]);
    expect(gas.triggers()).toEqual([]);

    gas.menu("Diagnostics");
    const second = byFact(table(gas));
    expect(second["The background run ran"]).toEqual(["at 09:01 (UTC)", "runs when due", "same"]);
    expect(second["Background run: its permissions"]).toEqual(["full", "full", "same"]);
    expect(second["Background run: how the add-on was installed"]).toEqual([
      NOT_INSTALLED,
      NOT_INSTALLED,
      "—",
    ]);
    for (const fact of REACHES) {
      expect(second[fact], fact).toEqual(["yes", "yes", "same"]);
    }
    // Opening it again does not schedule another trigger.
    expect(gas.triggers()).toEqual([]);
  });
});

describe("Diagnostics in an installed add-on", () => {
  it("records the platform's refusal of a one-minute trigger, waits an hour, and reports the trigger's document as it finds it", async () => {
    const { gas } = await addonWorld();
    gas.open();
    gas.menu("Diagnostics");
    const first = byFact(table(gas));
    expect(first["How the add-on was installed"]).toEqual([MARKETPLACE, MARKETPLACE, "—"]);
    expect(first["What the add-on takes itself for"]![0]).toBe("an installed add-on");
    expect(first["A background run 1 minute ahead"]).toEqual([
      "refused: Add-ons may not create time-based triggers to run more frequently than once per hour.",
      "refused (add-ons: at most once an hour)",
      "same",
    ]);
    expect(first["A background run 1 hour ahead"]).toEqual(["allowed", "allowed", "same"]);
    expect(first["The background run ran"]![0]).toBe("not yet; due at 10:00 (UTC)");

    gas.clock.advance("1h");
    expect(gas.triggers()).toEqual([]);
    gas.menu("Diagnostics");
    const rows = table(gas);
    const second = byFact(rows);
    expect(second["The background run ran"]).toEqual(["at 10:00 (UTC)", "runs when due", "same"]);
    expect(second["Background run: its permissions"]).toEqual(["full", "full", "same"]);
    // Whatever the harness's add-on mode gives a clock trigger, the row says it and marks it against the
    // published add-on's assumption (no document): never a guess.
    for (const fact of REACHES) {
      const [seen, assumed, mark] = second[fact]!;
      expect(["yes", "no"], fact).toContain(seen);
      expect(assumed).toBe("no");
      expect(mark).toBe(seen === "no" ? "same" : "differs");
    }
  });

  it("gives its waiting trigger's slot to a background run (an add-on holds one per document), and tries again later", async () => {
    const w = await addonWorld();
    const { gas } = w;
    gas.open();
    gas.menu("Diagnostics");
    expect(gas.triggers().map((t) => t.handler)).toEqual(["diagnosticsTrigger"]);
    gas.sheet().set(
      "A1",
      w.state.dataset.orgs.slice(0, 5).map((o) => [o.domain]),
    );
    gas.run("startEnrichment", { sheetName: "Sheet1", inputRange: "A1:A5", fields: FIELDS });
    expect(gas.triggers().map((t) => t.handler)).toEqual(["dispatchJobs"]);
    // While the run holds the slot, Diagnostics says the platform refused its trigger, in the platform's words.
    gas.menu("Diagnostics");
    const during = byFact(table(gas));
    expect(during["A background run 1 hour ahead"]).toEqual([
      "refused: Add-ons may create only one time-based trigger per user per document. Delete the existing trigger first.",
      "allowed",
      "differs",
    ]);
    expect(during["The background run ran"]![0]).toBe("never: no background run could be scheduled");
    // Once the run is done and its trigger gone, the next opening schedules it again.
    gas.clock.advance("1h");
    expect(gas.triggers()).toEqual([]);
    gas.menu("Diagnostics");
    expect(byFact(table(gas))["A background run 1 hour ahead"]).toEqual(["allowed", "allowed", "same"]);
    expect(gas.triggers().map((t) => t.handler)).toEqual(["diagnosticsTrigger"]);
  });

  it("cannot be typed into a cell", async () => {
    const { gas } = await addonWorld();
    expect(gas.formula("A1", "=menuDiagnostics()").error).toBe(
      "This is a sidebar function; it cannot be used in a cell.",
    );
    expect(gas.formula("A2", "=diagnosticsTrigger()").error).toBe(
      "This is a sidebar function; it cannot be used in a cell.",
    );
    expect(gas.triggers()).toEqual([]);
  });
});
