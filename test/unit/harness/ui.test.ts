// The UI: the add-on menu, prompts and alerts answered from the test's queue, and misuse errors.
import { describe, expect, it } from "vitest";
import { HarnessUsageError } from "../../../harness/index.ts";
import { fixtureHarness, probe, thrown } from "./support.ts";

describe("Ui", () => {
  it("records the add-on menu onOpen builds, separators included", async () => {
    const gas = await fixtureHarness();
    gas.open();
    expect(gas.menuItems()).toEqual([
      { label: "Double selection", functionName: "doubleSelection" },
      { separator: true },
      { label: "Ask a name", functionName: "askName" },
    ]);
  });

  it("runs a menu item's function in FULL on the selection", async () => {
    const gas = await fixtureHarness();
    gas.sheet().set("A1", [[1], [2]]);
    gas.open();
    gas.select("A1:A2");
    const record = gas.menu("Double selection");
    expect(record).toMatchObject({ kind: "menu", authMode: "FULL", status: "completed" });
    expect(gas.sheet().values("A1:A2")).toEqual([[2], [4]]);
  });

  it("answers a prompt from the queue and records it", async () => {
    const gas = await fixtureHarness();
    gas.open();
    gas.ui.answerNext({ button: "OK", text: "Ada" });
    gas.menu("Ask a name");
    expect(gas.cell("A1").value).toBe("Ada");
    expect(gas.ui.dialogs).toMatchObject([
      { kind: "prompt", prompt: "Your name?", buttons: ["OK", "CANCEL"], button: "OK", text: "Ada" },
    ]);
  });

  it("returns the chosen button of an alert as the Button enum", async () => {
    const gas = await fixtureHarness();
    gas.ui.answerNext("NO");
    expect(
      probe(
        gas,
        `var ui = SpreadsheetApp.getUi(); ui.alert("Sure?", "Spend 40 credits?", ui.ButtonSet.YES_NO) === ui.Button.NO`,
      ),
    ).toBe(true);
    expect(gas.ui.dialogs[0]).toMatchObject({
      kind: "alert",
      title: "Sure?",
      prompt: "Spend 40 credits?",
      button: "NO",
    });
  });

  it("fails the test clearly when an alert was shown but nobody queued an answer, even if the bundle catches", async () => {
    const gas = await fixtureHarness();
    const message = thrown(() =>
      probe(gas, `try { SpreadsheetApp.getUi().alert("Hello"); } catch (e) { "swallowed" }`),
    );
    expect(message).toBe(
      'Ui.alert("Hello") was shown, but the test queued no answer: call gas.ui.answerNext("OK") before the action that shows it.',
    );
  });

  it("refuses a queued answer the dialog does not offer", async () => {
    const gas = await fixtureHarness();
    gas.ui.answerNext("YES");
    expect(thrown(() => probe(gas, `SpreadsheetApp.getUi().alert("Hello")`))).toBe(
      'Ui.alert("Hello") offers OK (or CLOSE), but the queued answer is YES.',
    );
  });

  it("tells the test the menu does not exist before onOpen, and lists the labels when one is missing", async () => {
    const gas = await fixtureHarness();
    expect(() => gas.menu("Double selection")).toThrow(HarnessUsageError);
    expect(thrown(() => gas.menu("Double selection"))).toBe(
      "There is no menu yet: call gas.open() first (onOpen builds the menu).",
    );
    gas.open();
    expect(thrown(() => gas.menu("Triple"))).toBe(
      'No menu item labelled "Triple"; the menu has "Double selection", "Ask a name".',
    );
  });

  it("does not give a custom function or a trigger the UI", async () => {
    const gas = await fixtureHarness();
    expect(gas.formula("A1", `=PROBE("SpreadsheetApp.getUi()")`).error).toBe(
      "Cannot call SpreadsheetApp.getUi() from this context.",
    );
  });
});
